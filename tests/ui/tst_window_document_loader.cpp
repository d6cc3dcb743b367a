// Opening files from the window: scenarios, native traces (with the scenario they carry) and
// foreign traces; every failure names the file and says what is wrong.
#include <sys/stat.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "core/engine/engine_factory.h"
#include "core/interchange/input_probe.h"
#include "core/scenario/scenario_writer.h"
#include "core/tracefile/trace_file.h"
#include "tests/support/real_traces.h"
#include "tests/support/trace_difference.h"
#include "tests/ui/test_scenarios.h"
#include "ui/files/document_loader.h"

using namespace syncscope;
using namespace Qt::StringLiterals;

namespace {

void writeText(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

}  // namespace

class TestWindowDocumentLoader : public QObject {
    Q_OBJECT
private slots:
    void opensAScenario();
    void opensANativeTraceWithItsScenario();
    void realTracesOpen_data();
    void realTracesOpen();
    void badFilesNameTheFileAndTheProblem_data();
    void badFilesNameTheFileAndTheProblem();
    void nonRegularFilesAreRefused();
    void tooManyLanesIsAnErrorNotAnAbort();
};

void TestWindowDocumentLoader::opensAScenario() {
    QTemporaryDir dir;
    const QString path = dir.filePath(u"loop.syncscope.json"_s);
    const Scenario scenario = test::kernelLoopScenario(3);
    std::string error;
    QVERIFY2(ScenarioWriter::save(scenario, path.toStdString(), error), error.c_str());
    const std::uint64_t reads = InputProbe::headReads();
    const LoadedDocument document = DocumentLoader::load(path);
    QCOMPARE(InputProbe::headReads() - reads, std::uint64_t{1});  // one look at its head
    QVERIFY2(document.ok(), qPrintable(document.error));
    QVERIFY(document.scenario);
    QVERIFY(!document.trace);
    QCOMPARE(ScenarioWriter::toJson(*document.scenario), ScenarioWriter::toJson(scenario));
}

void TestWindowDocumentLoader::opensANativeTraceWithItsScenario() {
    const Scenario scenario = test::kernelLoopScenario(5);
    EngineObserver silent;
    CancelToken never;
    RunResult run = makeSimEngine()->run(scenario, silent, never);
    QCOMPARE(int(run.status), int(RunStatus::Ok));
    QVERIFY(run.trace.scenario != nullptr);  // the engine fills it
    QTemporaryDir dir;
    for (const QString& name : {u"run.json"_s, u"run.json.gz"_s}) {
        const QString path = dir.filePath(name);
        std::string error;
        QVERIFY2(TraceFile::save(run.trace, path.toStdString(), error), error.c_str());
        const std::uint64_t reads = InputProbe::headReads();
        const LoadedDocument document = DocumentLoader::load(path);
        QCOMPARE(InputProbe::headReads() - reads, std::uint64_t{1});
        QVERIFY2(document.ok(), qPrintable(document.error));
        QVERIFY(document.trace);
        const std::string diff =
            test::traceDifference(run.trace, *document.trace, test::TraceMatch::Timeline);
        QVERIFY2(diff.empty(), diff.c_str());
        QVERIFY(document.scenario);
        QCOMPARE(document.scenario->title, scenario.title);
    }
}

namespace {

QString tracesDir() {
    return syncscope::test::realTracesDir();
}

}  // namespace

void TestWindowDocumentLoader::realTracesOpen_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(tracesDir());
    const QStringList files =
        dir.entryList({u"*.json"_s, u"*.json.gz"_s, u"*.sqlite"_s}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
    if (files.isEmpty())
        QTest::newRow("none") << QString();
}

void TestWindowDocumentLoader::realTracesOpen() {
    QFETCH(QString, path);
    if (path.isEmpty())
        SYNCSCOPE_MISSING_REAL_TRACES("no recorded traces");
    // What File > Open Trace does with a PyTorch profiler or Nsight Systems file.
    const LoadedDocument document = DocumentLoader::load(path);
    QVERIFY2(document.ok(), qPrintable(document.error));
    QVERIFY(document.trace);
    QVERIFY(!document.trace->events.empty());
}

void TestWindowDocumentLoader::badFilesNameTheFileAndTheProblem_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("problem");
    QTest::newRow("missing") << u"missing.json"_s << QByteArray() << u"no such file"_s;
    QTest::newRow("empty") << u"empty.json"_s << QByteArray("") << u"empty"_s;
    QTest::newRow("scenario with a bad field")
        << u"bad.syncscope.json"_s
        << QByteArray(R"({"format": "syncscope-scenario", "version": 1, "title": "t",
                          "streams": [{"name": "s"}],
                          "steps": [{"op": "kernel", "stream": "s", "kind": "spin", "duration_us": -1}]})")
        << u"duration_us"_s;
    QTest::newRow("scenario that is not JSON")
        << u"broken.syncscope.json"_s << QByteArray("{\"format\": \"syncscope-scenario\",\n  oops")
        << u"line 2"_s;
    QTest::newRow("not a trace") << u"notes.json"_s << QByteArray("just some text") << u""_s;
}

void TestWindowDocumentLoader::badFilesNameTheFileAndTheProblem() {
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    if (QTest::currentDataTag() != QByteArray("missing"))
        writeText(path, content);
    const LoadedDocument document = DocumentLoader::load(path);
    QVERIFY(!document.ok());
    QVERIFY(!document.trace);
    QVERIFY(!document.scenario);
    QVERIFY2(document.error.contains(name), qPrintable(document.error));
    QVERIFY2(document.error.contains(problem), qPrintable(document.error));
}

// Issue 8.3: the window goes through the core probe, so a directory, a FIFO without a writer or a
// device is an error at once (QFile would block on the FIFO and read /dev/zero forever).
void TestWindowDocumentLoader::nonRegularFilesAreRefused() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(u"trace.fifo"_s);
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString zero = dir.filePath(u"zero.json"_s);
    QVERIFY(QFile::link(u"/dev/zero"_s, zero));
    QElapsedTimer timer;
    timer.start();
    const struct {
        QString path, problem;
    } cases[] = {{dir.path(), u"is a directory"_s},
                 {fifo, u"is a pipe (FIFO)"_s},
                 {zero, u"is a character device"_s}};
    for (const auto& c : cases) {
        const LoadedDocument document = DocumentLoader::load(c.path);
        QVERIFY(!document.ok());
        QVERIFY2(document.error.startsWith(c.path + u": "_s + c.problem),
                 qPrintable(document.error));
    }
    QVERIFY(timer.elapsed() < 10000);
}

// Issue 8.4: past the model's 65,534 lanes the window used to abort (an uncaught length_error on
// the loading thread).
void TestWindowDocumentLoader::tooManyLanesIsAnErrorNotAnAbort() {
    QTemporaryDir dir;
    const QString path = dir.filePath(u"lanes.json"_s);
    QByteArray text = "{\"traceEvents\":[";
    for (int tid = 0; tid < 70000; ++tid) {
        if (tid)
            text += ',';
        text +=
            "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaGetDevice\",\"pid\":1,"
            "\"tid\":" +
            QByteArray::number(tid) + ",\"ts\":" + QByteArray::number(tid) + ",\"dur\":1}";
    }
    text += "]}";
    writeText(path, text);
    const LoadedDocument document = DocumentLoader::load(path);
    QVERIFY(!document.ok());
    QVERIFY2(document.error.contains(u"lanes.json"_s) &&
                 document.error.contains(u"too many lanes in one trace (at most 65534)"_s),
             qPrintable(document.error));
}

QTEST_GUILESS_MAIN(TestWindowDocumentLoader)
#include "tst_window_document_loader.moc"
