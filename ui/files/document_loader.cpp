#include "ui/files/document_loader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <new>
#include <stdexcept>

#include "core/interchange/input_probe.h"
#include "core/interchange/rank_merger.h"
#include "core/interchange/trace_opener.h"
#include "core/scenario/scenario_reader.h"
#include "ui/jobs/background_release.h"

namespace syncscope {

namespace {

std::string nativePath(const QString& path) {
    return QFile::encodeName(path).toStdString();
}

}  // namespace

QString DocumentLoader::scenarioFilter() {
    return QCoreApplication::translate("DocumentLoader",
                                       "Scenarios (*.syncscope.json *.json);;All files (*)");
}

QString DocumentLoader::traceFilter() {
    return QCoreApplication::translate(
        "DocumentLoader",
        "All traces (*.json *.gz *.sqlite *.sqlite3 *.db);;"
        "syncscope traces (*.json *.json.gz);;"
        "PyTorch profiler traces (*.json *.json.gz *.pt.trace.json);;"
        "Nsight Systems SQLite exports (*.sqlite *.sqlite3 *.db);;All files (*)");
}

LoadedDocument DocumentLoader::load(const QString& path, const std::atomic<bool>* cancel,
                                    const std::function<void(double)>& progress) {
    // Runs on a worker thread: an exception escaping it would abort the window.
    try {
        return loadUnguarded(path, cancel, progress);
    } catch (const std::bad_alloc&) {
        LoadedDocument document;
        document.path = path;
        document.error =
            QCoreApplication::translate("DocumentLoader", "%1: out of memory while opening it")
                .arg(QDir::toNativeSeparators(path));
        return document;
    } catch (const std::length_error& e) {
        LoadedDocument document;
        document.path = path;
        document.error = QCoreApplication::translate("DocumentLoader", "%1: too large: %2")
                             .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what()));
        return document;
    }
}

LoadedDocument DocumentLoader::loadUnguarded(const QString& path, const std::atomic<bool>* cancel,
                                             const std::function<void(double)>& progress) {
    LoadedDocument document;
    document.path = path;
    const QString shown = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!info.exists()) {
        document.error =
            QCoreApplication::translate("DocumentLoader", "%1: no such file").arg(shown);
        return document;
    }
    if (info.isFile() && !info.isReadable()) {
        document.error =
            QCoreApplication::translate("DocumentLoader", "%1: cannot be read (permission denied)")
                .arg(shown);
        return document;
    }
    // One look at the first bytes decides what the file is; directories, pipes and devices stop
    // here with the probe's error.
    const InputProbe probe = InputProbe::probe(nativePath(path));
    if (probe.format == InputProbe::Format::Error) {
        document.error = QString::fromStdString(probe.error);
        return document;
    }
    if (probe.format == InputProbe::Format::Empty) {
        document.error =
            QCoreApplication::translate("DocumentLoader", "%1: the file is empty").arg(shown);
        return document;
    }

    const bool scenario_name = path.endsWith(QLatin1String(".syncscope.json"), Qt::CaseInsensitive);
    if (scenario_name || (probe.format == InputProbe::Format::Scenario && !probe.gzip)) {
        ScenarioParseResult parsed = ScenarioReader::readFile(nativePath(path));
        if (!parsed.ok()) {
            document.error =
                QCoreApplication::translate("DocumentLoader", "%1 is not a valid scenario:\n%2")
                    .arg(shown, QString::fromStdString(parsed.errorText()));
            return document;
        }
        document.scenario = std::move(parsed.scenario);
        // An older format version, migrated: each change is a warning the window shows.
        for (const auto& w : parsed.warnings)
            document.warnings << QString::fromStdString(w.toString());
        return document;
    }

    ImportOptions options;
    options.cancel = cancel;
    options.progress = progress;
    ImportResult opened = TraceOpener::open(nativePath(path), probe, options);
    if (!opened.ok()) {
        if (probe.format == InputProbe::Format::Native) {
            document.error = QCoreApplication::translate("DocumentLoader",
                                                         "%1 is not a valid syncscope trace:\n%2")
                                 .arg(shown, QString::fromStdString(opened.error));
            return document;
        }
        document.error = QString::fromStdString(opened.error);
        if (!document.error.contains(info.fileName()))
            document.error = shown + QStringLiteral(": ") + document.error;
        return document;
    }
    for (const std::string& w : opened.warnings)
        document.warnings << QString::fromStdString(w);
    // Freed off the GUI thread when the window lets go of it (opening the next file).
    auto trace = sharedReleasedInBackground(std::make_unique<Trace>(std::move(*opened.trace)));
    if (trace->source.empty())
        trace->source = info.fileName().toStdString();
    // A native trace (and our own Chrome export) carries the scenario it ran.
    if (trace->scenario != nullptr)
        document.scenario = *trace->scenario;
    document.trace = std::move(trace);
    return document;
}

LoadedDocument DocumentLoader::loadRanks(const QStringList& paths,
                                         const std::atomic<bool>* cancel) {
    LoadedDocument document;
    document.path = paths.isEmpty() ? QString() : paths.front();
    // RankMerger opens each file through TraceOpener, which probes it once and names it in any
    // error (a directory, a pipe, a missing file).
    std::vector<std::string> native;
    for (const QString& path : paths)
        native.push_back(nativePath(path));
    ImportOptions options;
    options.cancel = cancel;
    ImportResult merged;
    // Runs on a worker thread, like load(): nothing may escape it.
    try {
        merged = RankMerger::merge(native, options);
    } catch (const std::bad_alloc&) {
        merged.error = "out of memory while merging the ranks";
    }
    if (!merged.ok()) {
        document.error = QString::fromStdString(merged.error);
        return document;
    }
    for (const std::string& w : merged.warnings)
        document.warnings << QString::fromStdString(w);
    document.trace = sharedReleasedInBackground(std::make_unique<Trace>(std::move(*merged.trace)));
    return document;
}

}  // namespace syncscope
