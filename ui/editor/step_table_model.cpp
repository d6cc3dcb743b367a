#include "ui/editor/step_table_model.h"

#include <QRegularExpression>
#include <QStringList>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/model/byte_format.h"
#include "core/model/step_uses.h"
#include "ui/editor/program_edit_command.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

constexpr std::uint32_t kMaxRepeat = 1'000'000;
constexpr double kMaxMicroseconds = 3.6e9;  // an hour: beyond it a typo is likelier than intent

// The stream column is editable where the call takes a stream: not for the synchronous memcpy and
// memset, which the engine puts on the default stream.
bool usesStream(const Step& s) {
    return stepKindUsesStream(s.kind) && !takesNoStream(s);
}

bool usesDuration(const Step& s) {
    return (s.kind == StepKind::Kernel && s.kernel != KernelKind::Memory) ||
           s.kind == StepKind::HostCallback || s.kind == StepKind::HostWork ||
           s.kind == StepKind::EventQueryPoll;  // its poll interval
}

bool usesBytes(const Step& s) {
    switch (s.kind) {
        case StepKind::Kernel:
            return s.kernel == KernelKind::Memory;
        case StepKind::Memcpy:
        case StepKind::Memset:
        case StepKind::Malloc:
        case StepKind::MallocAsync:
        case StepKind::TensorAlloc:
        case StepKind::PoolTrim:
            return true;
        default:
            return false;
    }
}

// "4096", "64 MiB", "1.5 GB": what a user types for a size.
std::optional<std::uint64_t> parseBytes(const QString& text) {
    static const QRegularExpression pattern(
        QStringLiteral(R"(^\s*([0-9]+(?:\.[0-9]+)?)\s*([KMG]i?B?|B)?\s*$)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const double number = m.captured(1).toDouble();
    const QString unit = m.captured(2).toUpper();
    double scale = 1.0;
    if (!unit.isEmpty() && unit != QLatin1String("B")) {
        const bool decimal = unit.size() == 2 && unit.endsWith(QLatin1Char('B'));
        const int power = QStringLiteral("KMG").indexOf(unit.at(0)) + 1;
        scale = std::pow(decimal ? 1000.0 : 1024.0, power);
    }
    const double bytes = number * scale;
    if (!std::isfinite(bytes) || bytes > 1e18 || bytes != std::floor(bytes))
        return std::nullopt;
    return std::uint64_t(bytes);
}

QString microseconds(TimeNs ns) {
    return ns % 1000 == 0 ? QString::number(ns / 1000)
                          : QString::number(double(ns) / 1000.0, 'f', 3);
}

}  // namespace

StepTableModel::StepTableModel(QUndoStack* undo, QObject* parent)
    : QAbstractTableModel(parent), undo_(undo) {}

int StepTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int StepTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

void StepTableModel::setScenario(const Scenario& scenario) {
    beginResetModel();
    scenario_ = scenario;
    rebuildRows();
    endResetModel();
}

void StepTableModel::setProgram(std::vector<Step> program) {
    const std::vector<Path> before = rows_;
    scenario_.program = std::move(program);
    rebuildRows();
    if (rows_ == before) {
        // Same shape (a cell edit): no reset, so the view keeps its current cell and scroll.
        if (!rows_.empty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    endResetModel();
}

void StepTableModel::rebuildRows() {
    rows_.clear();
    Path path;
    auto walk = [&](auto& self, const std::vector<Step>& steps) -> void {
        for (std::size_t i = 0; i < steps.size(); ++i) {
            path.push_back(int(i));
            rows_.push_back(path);
            if (steps[i].kind == StepKind::Repeat)
                self(self, steps[i].body);
            path.pop_back();
        }
    };
    walk(walk, scenario_.program);
}

Step& StepTableModel::stepAt(std::vector<Step>& program, const Path& path) const {
    std::vector<Step>* level = &program;
    for (std::size_t d = 0; d + 1 < path.size(); ++d)
        level = &(*level)[std::size_t(path[d])].body;
    return (*level)[std::size_t(path.back())];
}

std::vector<Step>& StepTableModel::siblings(std::vector<Step>& program, const Path& path) const {
    std::vector<Step>* level = &program;
    for (std::size_t d = 0; d + 1 < path.size(); ++d)
        level = &(*level)[std::size_t(path[d])].body;
    return *level;
}

const Step& StepTableModel::step(int row) const {
    return stepAt(const_cast<std::vector<Step>&>(scenario_.program), rows_.at(std::size_t(row)));
}

QString StepTableModel::stepNumber(int row) const {
    QStringList parts;
    for (int i : rows_.at(std::size_t(row)))
        parts << QString::number(i + 1);
    return parts.join(QLatin1Char('.'));
}

bool StepTableModel::applies(const Step& s, int column) const {
    switch (column) {
        case Stream:
            return usesStream(s);
        case Duration:
            return usesDuration(s);
        case Bytes:
            return usesBytes(s);
        case Event:
            return stepKindUsesEvent(s.kind);
        case Repeat:
            return s.kind == StepKind::Repeat;
        default:
            return true;
    }
}

QStringList StepTableModel::choices(int column) const {
    QStringList out;
    switch (column) {
        case Kind:
            for (int k = 0; k < kStepKindCount; ++k)
                out << qs(toString(StepKind(k)));
            break;
        case Stream:
            for (const StreamSpec& s : scenario_.streams)
                out << qs(s.name);
            break;
        case Event:
            for (const EventSpec& e : scenario_.events)
                out << qs(e.name);
            break;
        case Mode:
            out << QStringLiteral("—");
            for (const SyncModeInfo& info : syncModeCatalogue())
                if (info.mode != SyncMode::None)
                    out << qs(info.id);
            break;
        default:
            break;
    }
    return out;
}

QVariant StepTableModel::display(const Step& s, int column, int row) const {
    switch (column) {
        case Kind: {
            const QString indent(depth(row) * 3, QLatin1Char(' '));
            return indent + qs(toString(s.kind));
        }
        case Stream:
            return s.stream < scenario_.streams.size() ? qs(scenario_.streams[s.stream].name)
                                                       : QString();
        case Duration:
            return microseconds(s.kind == StepKind::EventQueryPoll ? s.poll_interval_ns
                                                                   : s.duration_ns);
        case Bytes:
            return qs(formatBytes(s.bytes));
        case Mode:
            return s.mode == SyncMode::None ? QStringLiteral("—") : qs(syncModeInfo(s.mode).id);
        case Event:
            return s.event < scenario_.events.size() ? qs(scenario_.events[s.event].name)
                                                     : QString();
        case Repeat:
            return QString::number(s.count);
        case Label:
            return qs(s.label.en);
    }
    return {};
}

QVariant StepTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Step& s = step(index.row());
    const int column = index.column();
    if (role == kChoicesRole)
        return choices(column);
    if (!applies(s, column))
        return role == Qt::ToolTipRole ? tr("A %1 step has no such field").arg(qs(toString(s.kind)))
                                       : QVariant();
    if (role == Qt::DisplayRole)
        return display(s, column, index.row());
    if (role == Qt::EditRole) {
        const QVariant shown = display(s, column, index.row());
        return column == Kind ? QVariant(qs(toString(s.kind))) : shown;
    }
    if (role == Qt::ToolTipRole && column == Mode && s.mode != SyncMode::None)
        return qs(syncModeInfo(s.mode).label);
    if (role == Qt::ToolTipRole && column == Duration && s.kind == StepKind::EventQueryPoll)
        return tr("The interval between two cudaEventQuery calls");
    return {};
}

bool StepTableModel::columnUsed(int column) const {
    if (column == Kind || column == Mode || column == Label)
        return true;
    for (int row = 0; row < rowCount(); ++row)
        if (applies(step(row), column))
            return true;
    return false;
}

QVariant StepTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole && section < rowCount() ? stepNumber(section) : QVariant();
    // Short titles: eight columns share a dock about 300 px wide. The tooltip says it in full.
    if (role == Qt::DisplayRole) {
        switch (section) {
            case Kind:
                return tr("Step");
            case Stream:
                return tr("Stream");
            case Duration:
                return tr("µs");
            case Bytes:
                return tr("Size");
            case Mode:
                return tr("Sync");
            case Event:
                return tr("Event");
            case Repeat:
                return tr("×");
            case Label:
                return tr("Label");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case Kind:
                return tr("What the step does: a kernel, a copy, a sync call…");
            case Stream:
                return tr("The stream the step is issued on");
            case Duration:
                return tr(
                    "Duration in microseconds (for event_query_poll: the interval between "
                    "two queries)");
            case Bytes:
                return tr("Bytes copied, set or allocated, e.g. 4096 or 64 MiB");
            case Mode:
                return tr("Sync mode: the catalogue mode the step demonstrates");
            case Event:
                return tr("The CUDA event the step records, waits for or queries");
            case Repeat:
                return tr("Repeat count: how many times the repeat's steps run");
            case Label:
                return tr("Label: the name the step's events get on the timeline");
        }
    }
    return {};
}

Qt::ItemFlags StepTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    if (applies(step(index.row()), index.column()))
        f |= Qt::ItemIsEditable;
    return f;
}

QString StepTableModel::reject(int row, const QString& field, const QString& problem) {
    const QString message = tr("Step %1, %2: %3").arg(stepNumber(row), field, problem);
    emit editRejected(message);
    return message;
}

bool StepTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const int row = index.row();
    std::vector<Step> after = scenario_.program;
    if (!applyCell(stepAt(after, rows_[std::size_t(row)]), index.column(), value, row))
        return false;
    push(std::move(after), tr("edit step %1").arg(stepNumber(row)));
    return true;
}

bool StepTableModel::applyCell(Step& s, int column, const QVariant& value, int row) {
    // What a cell's text means for its step's field, or a rejection saying what is wrong.
    const QString text = value.toString().trimmed();
    switch (column) {
        case Kind: {
            const int k = choices(Kind).indexOf(text);
            if (k < 0) {
                reject(row, tr("step"), tr("“%1” is not a kind of step").arg(text));
                return false;
            }
            s.kind = StepKind(k);
            // The fields the new kind needs, where the old one had none.
            if (stepKindUsesEvent(s.kind) && s.event >= scenario_.events.size() &&
                !scenario_.events.empty())
                s.event = 0;
            if (s.kind == StepKind::Repeat)
                s.count = std::max<std::uint32_t>(1, s.count);
            break;
        }
        case Stream: {
            const int i = choices(Stream).indexOf(text);
            if (i < 0) {
                reject(row, tr("stream"), tr("no stream is named “%1”").arg(text));
                return false;
            }
            s.stream = std::uint32_t(i);
            break;
        }
        case Event: {
            const int i = choices(Event).indexOf(text);
            if (i < 0) {
                reject(row, tr("event"), tr("no event is named “%1”").arg(text));
                return false;
            }
            s.event = std::uint32_t(i);
            break;
        }
        case Mode: {
            const std::optional<SyncMode> mode = text == QStringLiteral("—")
                                                     ? std::optional(SyncMode::None)
                                                     : syncModeFromId(text.toStdString());
            if (!mode) {
                reject(row, tr("sync mode"), tr("“%1” is not a sync mode").arg(text));
                return false;
            }
            s.mode = *mode;
            break;
        }
        case Duration: {
            bool ok = false;
            const double us = text.toDouble(&ok);
            if (!ok || !std::isfinite(us) || us < 0 || us > kMaxMicroseconds) {
                reject(row, tr("duration"),
                       tr("“%1” is not a number of microseconds from 0 to 3600000000").arg(text));
                return false;
            }
            const auto ns = TimeNs(std::llround(us * 1000.0));
            (s.kind == StepKind::EventQueryPoll ? s.poll_interval_ns : s.duration_ns) = ns;
            break;
        }
        case Bytes: {
            const std::optional<std::uint64_t> bytes = parseBytes(text);
            if (!bytes) {
                reject(
                    row, tr("bytes"),
                    tr("“%1” is not a size (a whole number of bytes, or e.g. 64 MiB)").arg(text));
                return false;
            }
            s.bytes = *bytes;
            break;
        }
        case Repeat: {
            bool ok = false;
            const uint count = text.toUInt(&ok);
            if (!ok || count < 1 || count > kMaxRepeat) {
                reject(row, tr("repeat count"),
                       tr("“%1” is not a whole number from 1 to %2").arg(text).arg(kMaxRepeat));
                return false;
            }
            s.count = count;
            break;
        }
        case Label:
            s.label.en = value.toString().toStdString();  // the Japanese name stays
            break;
    }
    return true;
}

void StepTableModel::push(std::vector<Step> after, const QString& text) {
    undo_->push(new ProgramEditCommand(this, scenario_.program, std::move(after), text));
}

int StepTableModel::insertStep(int row) {
    std::vector<Step> after = scenario_.program;
    Path path;
    if (row < 0 || row >= rowCount()) {
        Step kernel;
        kernel.kind = StepKind::Kernel;
        kernel.duration_ns = 100'000;
        after.push_back(kernel);
        path = {int(after.size()) - 1};
    } else {
        path = rows_[std::size_t(row)];
        std::vector<Step>& level = siblings(after, path);
        const Step copy = level[std::size_t(path.back())];
        level.insert(level.begin() + path.back() + 1, copy);
        ++path.back();
    }
    push(std::move(after), tr("add step"));
    const auto found = std::find(rows_.begin(), rows_.end(), path);
    return found == rows_.end() ? -1 : int(found - rows_.begin());
}

int StepTableModel::removeStep(int row) {
    if (row < 0 || row >= rowCount())
        return -1;
    std::vector<Step> after = scenario_.program;
    const Path path = rows_[std::size_t(row)];
    std::vector<Step>& level = siblings(after, path);
    level.erase(level.begin() + path.back());
    push(std::move(after), tr("remove step %1").arg(stepNumber(row)));
    return std::min(row, rowCount() - 1);
}

int StepTableModel::moveStep(int row, int delta) {
    if (row < 0 || row >= rowCount() || delta == 0)
        return -1;
    std::vector<Step> after = scenario_.program;
    Path path = rows_[std::size_t(row)];
    std::vector<Step>& level = siblings(after, path);
    const int to = path.back() + delta;
    if (to < 0 || to >= int(level.size()))
        return -1;
    std::swap(level[std::size_t(path.back())], level[std::size_t(to)]);
    const QString text = tr("move step %1").arg(stepNumber(row));
    path.back() = to;
    push(std::move(after), text);
    const auto found = std::find(rows_.begin(), rows_.end(), path);
    return found == rows_.end() ? -1 : int(found - rows_.begin());
}

}  // namespace syncscope
