#include "app/gui/headless_export.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <optional>

#include "app/gui/picture_output.h"
#include "core/analysis/focus_resolver.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/export/image_exporter.h"
#include "ui/files/document_loader.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Engine log lines go to stderr so a script sees what happened; deltas are not needed here.
class StderrObserver final : public EngineObserver {
public:
    explicit StderrObserver(QTextStream& err) : err_(err) {}
    void onLog(LogLevel level, std::string_view message) override {
        if (level == LogLevel::Info)
            return;
        err_ << "syncscope: " << (level == LogLevel::Error ? "error: " : "warning: ") << qs(message)
             << Qt::endl;
    }

private:
    QTextStream& err_;
};

std::optional<Scenario> loadScenario(const QString& name, QTextStream& err) {
    if (name.startsWith(QLatin1String("builtin:"))) {
        QString error;
        std::optional<Scenario> scenario = BuiltinScenarios::load(name, &error);
        if (!scenario)
            err << "syncscope: " << forTerminal(error) << Qt::endl;
        return scenario;
    }
    if (!QFileInfo::exists(name)) {
        err << "syncscope: " << QDir::toNativeSeparators(name) << ": no such scenario file"
            << Qt::endl;
        return std::nullopt;
    }
    ScenarioParseResult parsed = ScenarioReader::readFile(QFile::encodeName(name).toStdString());
    if (!parsed.ok()) {
        err << "syncscope: " << forTerminal(QDir::toNativeSeparators(name)) << ": "
            << forTerminal(QString::fromStdString(parsed.errorText())) << Qt::endl;
        return std::nullopt;
    }
    // An older format version, migrated: say what changed.
    for (const auto& w : parsed.warnings)
        err << "syncscope: " << forTerminal(QDir::toNativeSeparators(name))
            << ": warning: " << forTerminal(QString::fromStdString(w.toString())) << Qt::endl;
    return std::move(parsed.scenario);
}

// The --range window in trace ns, when it lies within the run as the time axis shows it.
std::optional<std::pair<TimeNs, TimeNs>> rangeInRun(std::shared_ptr<const Trace> trace,
                                                    std::pair<double, double> us, QString* error) {
    const TimelineModel model(std::move(trace));
    const double begin_us = static_cast<double>(model.beginNs()) / 1000.0;
    const double end_us = static_cast<double>(model.endNs()) / 1000.0;
    // A thousandth of a µs of slack: the run's end printed with three decimals is inside.
    if (us.first < begin_us - 0.001 || us.second > end_us + 0.001) {
        *error = QStringLiteral("--range %1:%2 is outside the run, which spans %3 to %4 µs")
                     .arg(us.first, 0, 'g', 12)
                     .arg(us.second, 0, 'g', 12)
                     .arg(begin_us, 0, 'f', 3)
                     .arg(end_us, 0, 'f', 3);
        return std::nullopt;
    }
    return std::make_pair(static_cast<TimeNs>(std::llround(us.first * 1000.0)),
                          static_cast<TimeNs>(std::llround(us.second * 1000.0)));
}

}  // namespace

int HeadlessExport::run(const Request& request, QTextStream& out, QTextStream& err) {
    const std::optional<Theme> theme = PictureOutput::themeByName(request.theme);
    if (!theme) {
        err << "syncscope: unknown theme '" << forTerminal(request.theme)
            << "' (expected light, dark or presentation)" << Qt::endl;
        return 2;
    }
    if (PictureOutput::refuse(request.output, {request.trace, request.scenario}, err))
        return 2;

    std::shared_ptr<const Trace> trace;
    std::optional<Scenario> scenario;
    QString run_name = request.scenario;
    if (!request.trace.isEmpty()) {
        // A FILE: a trace, or a scenario to run. One load tells which (its head read once).
        LoadedDocument document = DocumentLoader::load(request.trace);
        if (!document.ok() || (!document.trace && !document.scenario)) {
            err << "syncscope: "
                << (document.ok()
                        ? QDir::toNativeSeparators(request.trace) + QStringLiteral(": not a trace")
                        : forTerminal(document.error))
                << Qt::endl;
            return 2;
        }
        trace = document.trace;
        if (!trace) {
            scenario = std::move(document.scenario);
            run_name = request.trace;
        }
    } else {
        scenario = loadScenario(request.scenario, err);
        if (!scenario)
            return 2;
    }
    if (!trace) {
        EngineChoice choice = chooseEngine(request.engine.toStdString());
        if (!choice.engine) {
            err << "syncscope: " << forTerminal(qs(choice.error)) << Qt::endl;
            return 1;
        }
        if (!choice.note.empty())
            err << "syncscope: " << qs(choice.note) << Qt::endl;
        StderrObserver observer(err);
        CancelToken never;
        RunResult result = choice.engine->run(*scenario, observer, never);
        if (result.status != RunStatus::Ok) {
            err << "syncscope: the run of " << forTerminal(run_name) << " on the "
                << qs(choice.engine->id()) << " engine " << qs(toString(result.status)) << ": "
                << forTerminal(qs(result.message)) << Qt::endl;
            return 1;
        }
        if (result.trace.source.empty())
            result.trace.source = run_name.toStdString();
        trace = std::make_shared<const Trace>(std::move(result.trace));
    }

    ExportOptions options = PictureOutput::optionsFor(request, *theme);
    if (request.range_us && request.focus) {
        err << "syncscope: --range and --focus both choose the time window; give one of them"
            << Qt::endl;
        return 2;
    }
    if (request.range_us) {
        QString range_error;
        options.range = rangeInRun(trace, *request.range_us, &range_error);
        if (!options.range) {
            err << "syncscope: " << range_error << Qt::endl;
            return 2;
        }
    }
    if (request.focus) {
        options.range = FocusResolver::resolve(*trace);
        if (!options.range) {
            err << "syncscope: --focus: "
                << (trace->scenario && trace->scenario->focus
                        ? QStringLiteral("the focus steps left no events in this run")
                        : QStringLiteral("the scenario has no \"focus\" (see "
                                         "docs/scenario-format.md)"))
                << Qt::endl;
            return 2;
        }
    }
    QString error;
    if (!exportTraceImage(trace, options, &error)) {
        err << "syncscope: " << error << Qt::endl;
        return 1;
    }
    out << "syncscope: wrote " << QDir::toNativeSeparators(request.output) << " ("
        << request.size.width() << "x" << request.size.height() << ", " << trace->events.size()
        << " events)" << Qt::endl;
    return 0;
}

}  // namespace syncscope
