#include "ui/compare/trace_source.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/files/document_loader.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

TraceSource::Result badInput(const QString& error) {
    TraceSource::Result r;
    r.error = error;
    r.bad_input = true;
    return r;
}

}  // namespace

TraceSource::Result TraceSource::load(const QString& source, const QString& engine,
                                      const CancelToken& cancel) {
    if (source.trimmed().isEmpty())
        return badInput(QCoreApplication::translate("TraceSource", "no scenario or trace given"));
    std::optional<Scenario> scenario;
    if (source.startsWith(QLatin1String("builtin:"))) {
        QString error;
        scenario = BuiltinScenarios::load(source, &error);
        if (!scenario)
            return badInput(error);
    } else {
        const QFileInfo info(source);
        if (!info.exists())
            return badInput(QCoreApplication::translate("TraceSource",
                                                        "%1: no such file (expected builtin:NAME, "
                                                        "a scenario file or a trace file)")
                                .arg(QDir::toNativeSeparators(source)));
        if (!info.isFile())
            return badInput(QCoreApplication::translate("TraceSource", "%1: not a regular file")
                                .arg(QDir::toNativeSeparators(source)));
        // One load decides what the file is (its head read once) and reads it.
        LoadedDocument document = DocumentLoader::load(source);
        if (!document.ok())
            return badInput(document.error);
        if (document.trace) {
            Result r;
            r.trace = document.trace;
            return r;
        }
        if (!document.scenario)
            return badInput(QCoreApplication::translate("TraceSource", "%1: not a trace")
                                .arg(QDir::toNativeSeparators(source)));
        scenario = std::move(document.scenario);
    }
    EngineChoice choice = chooseEngine(engine.toStdString());
    Result r;
    if (!choice.engine) {
        r.error = qs(choice.error);
        return r;
    }
    r.note = qs(choice.note);
    EngineObserver quiet;
    RunResult result = choice.engine->run(*scenario, quiet, cancel);
    if (result.status != RunStatus::Ok) {
        r.error =
            QCoreApplication::translate("TraceSource", "the run of %1 on the %2 engine %3: %4")
                .arg(source, qs(choice.engine->id()), qs(toString(result.status)),
                     qs(result.message));
        return r;
    }
    if (result.trace.source.empty())
        result.trace.source = source.toStdString();
    r.trace = std::make_shared<const Trace>(std::move(result.trace));
    return r;
}

}  // namespace syncscope
