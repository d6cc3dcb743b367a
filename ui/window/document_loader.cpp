#include "ui/window/document_loader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/interchange/trace_importer.h"
#include "core/scenario/scenario_reader.h"
#include "core/tracefile/trace_file.h"

namespace syncscope {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("syncscope", text);
}

QByteArray head(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(4096);
}

bool isGzip(const QByteArray& bytes) {
    return bytes.size() >= 2 && quint8(bytes[0]) == 0x1f && quint8(bytes[1]) == 0x8b;
}

std::string nativePath(const QString& path) {
    return QFile::encodeName(path).toStdString();
}

}  // namespace

bool DocumentLoader::isScenarioFile(const QString& path) {
    if (path.endsWith(QLatin1String(".syncscope.json"), Qt::CaseInsensitive))
        return true;
    const QByteArray bytes = head(path);
    return !isGzip(bytes) && bytes.contains("\"syncscope-scenario\"");
}

QString DocumentLoader::scenarioFilter() {
    return tr("Scenarios (*.syncscope.json *.json);;All files (*)");
}

QString DocumentLoader::traceFilter() {
    return tr(
        "All traces (*.json *.gz *.sqlite *.sqlite3 *.db);;"
        "syncscope traces (*.json *.json.gz);;"
        "PyTorch profiler traces (*.json *.json.gz *.pt.trace.json);;"
        "Nsight Systems SQLite exports (*.sqlite *.sqlite3 *.db);;All files (*)");
}

LoadedDocument DocumentLoader::load(const QString& path, const std::atomic<bool>* cancel) {
    LoadedDocument document;
    document.path = path;
    const QString shown = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!info.exists()) {
        document.error = tr("%1: no such file").arg(shown);
        return document;
    }
    if (!info.isReadable()) {
        document.error = tr("%1: cannot be read (permission denied)").arg(shown);
        return document;
    }
    const QByteArray bytes = head(path);
    if (bytes.isEmpty()) {
        document.error = tr("%1: the file is empty").arg(shown);
        return document;
    }

    if (isScenarioFile(path)) {
        ScenarioParseResult parsed = ScenarioReader::readFile(nativePath(path));
        if (!parsed.ok()) {
            document.error = tr("%1 is not a valid scenario:\n%2")
                                 .arg(shown, QString::fromStdString(parsed.errorText()));
            return document;
        }
        document.scenario = std::move(parsed.scenario);
        return document;
    }

    // Our own trace format first (it carries the scenario); gzip hides the marker, so a
    // compressed file is tried both ways.
    const bool native_marker = bytes.contains("\"syncscope-trace\"");
    std::string native_error;
    if (native_marker || isGzip(bytes)) {
        TraceLoadResult loaded = TraceFile::load(nativePath(path));
        if (loaded.ok()) {
            auto trace = std::make_shared<Trace>(std::move(*loaded.trace));
            if (trace->source.empty())
                trace->source = info.fileName().toStdString();
            if (!trace->scenario_json.empty()) {
                ScenarioParseResult parsed = ScenarioReader::parse(trace->scenario_json);
                if (parsed.ok())
                    document.scenario = std::move(parsed.scenario);
                else
                    document.warnings << tr("the scenario stored in the trace is not valid: %1")
                                             .arg(QString::fromStdString(parsed.errorText()));
            }
            document.trace = std::move(trace);
            return document;
        }
        native_error = loaded.error;
        if (native_marker) {
            document.error = tr("%1 is not a valid syncscope trace:\n%2")
                                 .arg(shown, QString::fromStdString(native_error));
            return document;
        }
    }

    ImportOptions options;
    options.cancel = cancel;
    ImportResult imported = importTrace(nativePath(path), options);
    if (!imported.ok()) {
        document.error = QString::fromStdString(imported.error);
        if (!document.error.contains(info.fileName()))
            document.error = shown + QStringLiteral(": ") + document.error;
        return document;
    }
    for (const std::string& w : imported.warnings)
        document.warnings << QString::fromStdString(w);
    auto trace = std::make_shared<Trace>(std::move(*imported.trace));
    if (trace->source.empty())
        trace->source = info.fileName().toStdString();
    document.trace = std::move(trace);
    return document;
}

}  // namespace syncscope
