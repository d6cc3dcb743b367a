#include "app/gui/headless_export.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <optional>

#include "app/gui/headless_compare.h"
#include "core/analysis/focus_resolver.h"
#include "core/engine/engine_factory.h"
#include "core/io/output_target.h"
#include "core/model/terminal_text.h"
#include "core/scenario/scenario_reader.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/export/image_exporter.h"
#include "ui/files/document_loader.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

QString forTerminal(const QString& text) {
    return QString::fromStdString(escapeForTerminal(text.toStdString(), LineBreaks::Keep));
}

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

QSize HeadlessExport::parseSize(const QString& text) {
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    bool ok_w = false, ok_h = false;
    const int w = parts[0].trimmed().toInt(&ok_w);
    const int h = parts[1].trimmed().toInt(&ok_h);
    if (!ok_w || !ok_h || w < 100 || h < 100 || w > 16000 || h > 16000)
        return {};
    return {w, h};
}

std::optional<Theme> HeadlessExport::themeByName(const QString& name) {
    if (name == QLatin1String("light"))
        return Theme::light();
    if (name == QLatin1String("dark"))
        return Theme::dark();
    if (name == QLatin1String("presentation"))
        return Theme::presentation();
    return std::nullopt;
}

ExportOptions HeadlessExport::optionsFor(const Request& request, const Theme& theme) {
    ExportOptions options;
    options.path = request.output;
    options.size = request.size;
    options.theme = theme;
    options.scale = request.scale;
    options.showFlows = request.arrows;
    options.memory = request.memory;
    options.callouts = request.callouts;
    options.findings = request.findings;
    return options;
}

int HeadlessExport::run(const Request& request, QTextStream& out, QTextStream& err) {
    const std::optional<Theme> theme = themeByName(request.theme);
    if (!theme) {
        err << "syncscope: unknown theme '" << request.theme
            << "' (expected light, dark or presentation)" << Qt::endl;
        return 2;
    }
    if (request.output.isEmpty()) {
        err << "syncscope: --export needs a file name (OUT.png, .jpg, .svg or .pdf)" << Qt::endl;
        return 2;
    }
    QString format_error;
    if (!ImageExporter::formatFor(request.output, &format_error)) {
        err << "syncscope: " << QDir::toNativeSeparators(request.output) << ": " << format_error
            << Qt::endl;
        return 2;
    }
    if (!request.compare.isEmpty())
        return HeadlessCompare::run(request, *theme, out, err);
    // Before the run: a FIFO or device as the output, or the output being the input file, is
    // refused without running anything.
    const std::string output = QFile::encodeName(request.output).toStdString();
    std::string target_error;
    if (OutputTarget::resolve(output, target_error))
        target_error =
            OutputTarget::refuseInputs(output, {QFile::encodeName(request.trace).toStdString(),
                                                QFile::encodeName(request.scenario).toStdString()});
    if (!target_error.empty()) {
        err << "syncscope: " << QString::fromStdString(target_error) << Qt::endl;
        return 2;
    }

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

    ExportOptions options = HeadlessExport::optionsFor(request, *theme);
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
