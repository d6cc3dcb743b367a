#include "ui/window/imported_trace_page.h"

#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QVBoxLayout>
#include <array>

#include "core/analysis/time_format.h"
#include "core/model/byte_format.h"
#include "core/model/trace.h"
#include "ui/i18n/device_name_text.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Recorded file names run long without a space ("…__cuda_event_sync__event_sync_trace.json.gz"):
// a zero-width space after each separator lets the label wrap there instead of holding the dock
// wider than the screen leaves it.
QString breakable(const QString& name) {
    QString out;
    out.reserve(name.size() + name.size() / 4);
    for (const QChar c : name) {
        out += c;
        if (c == QLatin1Char('_') || c == QLatin1Char('.') || c == QLatin1Char('-') ||
            c == QLatin1Char('/') || c == QLatin1Char('\\'))
            out += QChar(0x200B);
    }
    return out;
}

QString number(std::size_t n) {
    return QLocale().toString(qulonglong(n));
}

// English says "1 stream" and "2 streams"; the source texts carry no "(s)" to show.
QString counted(std::size_t n, const QString& one, const QString& many) {
    return n == 1 ? one : many.arg(number(n));
}

}  // namespace

ImportedTracePage::ImportedTracePage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("importedTracePage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);

    heading_ = new QLabel(this);
    heading_->setObjectName(QStringLiteral("importedTraceHeading"));
    QFont big = heading_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    heading_->setFont(big);
    layout->addWidget(heading_);

    file_ = new QLabel(this);
    file_->setObjectName(QStringLiteral("importedTraceFile"));
    file_->setWordWrap(true);
    layout->addWidget(file_);

    form_ = new QFormLayout;
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignLeft);
    layout->addLayout(form_);

    auto* note = new QLabel(
        tr("No scenario produced this trace, so the scenario editor's batches, sync mode and "
           "schedule say nothing about it. The timeline and the run summary show what it holds; "
           "it stays on screen until you open something else or run a scenario."),
        this);
    note->setObjectName(QStringLiteral("importedTraceNote"));
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    layout->addSpacing(6);
    layout->addWidget(note);

    edit_ = new QPushButton(tr("Edit a Scenario"), this);
    edit_->setObjectName(QStringLiteral("editScenario"));
    edit_->setToolTip(
        tr("Back to the scenario editor, with the scenario it held; running it replaces this "
           "trace on screen"));
    library_ = new QPushButton(tr("Open the Library"), this);
    library_->setObjectName(QStringLiteral("openLibrary"));
    library_->setToolTip(tr("Pick a built-in scenario to open and run"));
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(edit_);
    buttons->addWidget(library_);
    layout->addSpacing(6);
    layout->addLayout(buttons);
    layout->addStretch(1);
    // Tab into the page lands on its action.
    setFocusProxy(edit_);

    connect(edit_, &QPushButton::clicked, this, &ImportedTracePage::editScenarioRequested);
    connect(library_, &QPushButton::clicked, this, &ImportedTracePage::libraryRequested);
}

void ImportedTracePage::addRow(const QString& label, const QString& value, const QString& tip) {
    auto* field = new QLabel(value, this);
    field->setWordWrap(true);
    field->setTextInteractionFlags(Qt::TextSelectableByMouse);
    field->setToolTip(tip);
    form_->addRow(label, field);
}

void ImportedTracePage::setTrace(const Trace& trace, const QString& path, TimeNs span_ns) {
    const std::string_view engine = trace.device.engine;
    heading_->setText(engine.starts_with("import:") ? tr("Imported trace")
                                                    : tr("Trace without a scenario"));
    const QString name = path.isEmpty() ? qs(trace.source) : QFileInfo(path).fileName();
    file_->setText(breakable(name));
    file_->setToolTip(path.isEmpty() ? name : QDir::toNativeSeparators(path));

    while (form_->rowCount() > 0)
        form_->removeRow(0);

    QString format;
    if (engine == "import:kineto")
        format = tr("PyTorch profiler (Kineto JSON)");
    else if (engine == "import:nsys")
        format = tr("Nsight Systems (SQLite export)");
    else if (engine == "sim")
        format = tr("syncscope simulator");
    else if (engine == "cuda")
        format = tr("syncscope CUDA engine");
    else
        format = engine.empty() ? tr("not recorded") : qs(engine);
    addRow(tr("Recorded by"), format);

    QSet<std::uint32_t> ranks;
    for (const Lane& lane : trace.lanes)
        if (lane.rank != kNone)
            ranks.insert(lane.rank);
    if (ranks.size() > 1)
        addRow(tr("Ranks"), QString::number(ranks.size()));
    else if (trace.rank != kNone)
        addRow(tr("Rank"), QString::number(trace.rank));

    QStringList device;
    if (!trace.device.name.empty())
        device << deviceNameText(trace.device.name);
    if (trace.device.sm_count > 0)
        device << counted(std::size_t(trace.device.sm_count), tr("1 SM"), tr("%1 SMs"));
    if (trace.device.memory_bytes > 0)
        device << QString::fromStdString(formatBytes(trace.device.memory_bytes));
    addRow(tr("Device"),
           device.isEmpty() ? tr("not recorded") : device.join(QStringLiteral(" · ")));

    QString events = number(trace.events.size());
    if (!trace.flows.empty())
        events += QStringLiteral(" · ") + counted(trace.flows.size(), tr("1 flow"), tr("%1 flows"));
    addRow(tr("Events"), events);

    std::array<int, 6> counts{};  // by LaneKind
    for (const Lane& lane : trace.lanes)
        if (std::size_t(lane.kind) < counts.size())
            ++counts[std::size_t(lane.kind)];
    auto count = [&counts](LaneKind kind) { return std::size_t(counts[std::size_t(kind)]); };
    QStringList lanes;
    if (count(LaneKind::HostThread) > 0)
        lanes << counted(count(LaneKind::HostThread), tr("1 host thread"), tr("%1 host threads"));
    if (count(LaneKind::Stream) > 0)
        lanes << counted(count(LaneKind::Stream), tr("1 stream"), tr("%1 streams"));
    if (count(LaneKind::CopyEngine) > 0)
        lanes << counted(count(LaneKind::CopyEngine), tr("1 copy engine"), tr("%1 copy engines"));
    if (count(LaneKind::Annotation) > 0)
        lanes << counted(count(LaneKind::Annotation), tr("1 annotation lane"),
                         tr("%1 annotation lanes"));
    if (count(LaneKind::Other) > 0)
        lanes << counted(count(LaneKind::Other), tr("1 other lane"), tr("%1 other lanes"));
    addRow(tr("Lanes"), lanes.isEmpty() ? tr("none") : lanes.join(QStringLiteral(" · ")));

    addRow(tr("Time span"),
           span_ns < 0 ? tr("no events") : QString::fromStdString(formatDuration(span_ns)));
    addRow(tr("Memory"), trace.memory.empty()
                             ? tr("not recorded")
                             : counted(trace.memory.size(), tr("1 sample"), tr("%1 samples")));
}

QString ImportedTracePage::factsText() const {
    QStringList lines{heading_->text(), file_->text().remove(QChar(0x200B))};
    for (int row = 0; row < form_->rowCount(); ++row) {
        auto* label = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::LabelRole)->widget());
        auto* field = qobject_cast<QLabel*>(form_->itemAt(row, QFormLayout::FieldRole)->widget());
        if (label && field)
            lines << label->text() + QStringLiteral(": ") + field->text();
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace syncscope
