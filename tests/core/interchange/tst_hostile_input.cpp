// Hostile and huge input (issue 8, items 3 and 4): every way a file can be wrong in kind or in size
// ends in an error that names the file, in bounded memory and time. The suite runs under an
// address-space limit (tests/support/memory_limit.h), so a blow-up fails it instead of the machine.
// Large inputs are generated here at run time, never committed.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest>
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "core/interchange/input_probe.h"
#include "core/interchange/trace_importer.h"
#include "core/interchange/trace_opener.h"
#include "core/io/gzip.h"
#include "core/io/gzip_byte_source.h"
#include "core/io/json_event_splitter.h"
#include "core/tracefile/trace_file.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/core/interchange/nsys/nsys_test_database.h"
#include "tests/support/memory_limit.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

bool writeFile(const QString& path, const std::string& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(bytes.data(), static_cast<qint64>(bytes.size())) ==
               static_cast<qint64>(bytes.size());
}

std::string gzip(const std::string& text) {
    std::string packed, error;
    Gzip::compress(text, packed, error);
    return packed;
}

std::string nativeTraceText() {
    Trace trace;
    trace.title = "t";
    trace.addLane(Lane{});
    return TraceFile::toJson(trace);
}

}  // namespace

class TstHostileInput : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    std::string path(const char* name) const {
        return dir_.filePath(QLatin1String(name)).toStdString();
    }

private slots:
    void initTestCase() {
        limitAddressSpace();
        QVERIFY(dir_.isValid());
    }

    // --- item 3: one open path --------------------------------------------------------------

    void directoryIsADirectory() {
        const std::string d = dir_.path().toStdString();
        const ImportResult opened = TraceOpener::open(d);
        QCOMPARE(QString::fromStdString(opened.error),
                 QString::fromStdString(d + ": is a directory"));
        // The importers' own entry point says the same (it used to say "empty file").
        QCOMPARE(importTrace(d).error, d + ": is a directory");
    }

    void fifoWithoutWriterIsRefusedAtOnce() {
        const std::string fifo = path("nobody-writes.fifo");
        QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        const ImportResult opened = TraceOpener::open(fifo);
        QVERIFY2(opened.error.rfind(fifo + ": is a pipe (FIFO), not a regular file", 0) == 0,
                 opened.error.c_str());
        QVERIFY(timer.elapsed() < 5000);
    }

    void fifoWithEndlessWriterIsRefused() {
        // /dev/zero's behaviour without touching a device: a writer thread that never stops.
        const std::string fifo = path("endless.fifo");
        QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
        std::atomic<bool> stop{false};
        std::signal(SIGPIPE, SIG_IGN);  // the writer outlives its reader
        std::thread writer([&] {
            const std::string zeros(1 << 16, '\0');
            while (!stop.load()) {
                const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
                if (fd < 0) {  // no reader yet
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    continue;
                }
                while (!stop.load() && ::write(fd, zeros.data(), zeros.size()) != -1) {
                }
                ::close(fd);
            }
        });
        QElapsedTimer timer;
        timer.start();
        ImportResult opened;
        for (int i = 0; i < 20; ++i)  // several opens, so that some meet a writer
            opened = TraceOpener::open(fifo);
        stop = true;
        writer.join();
        QVERIFY(timer.elapsed() < 10000);
        QVERIFY2(opened.error.find("is a pipe (FIFO)") != std::string::npos, opened.error.c_str());
    }

    void devZeroThroughALinkIsACharacterDevice() {
        const std::string link = path("zero.json");
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), QString::fromStdString(link)));
        const ImportResult opened = TraceOpener::open(link);
        QVERIFY2(opened.error.rfind(link + ": is a character device", 0) == 0,
                 opened.error.c_str());
    }

    void formatComesFromTheFirstBytesOnly() {
        // A gzip whose first member is a native trace and whose rest is garbage: the probe inflates
        // only the start, so it calls it native without touching the damage.
        const std::string native = gzip(nativeTraceText()) + std::string(1 << 20, '\x55');
        QVERIFY(writeFile(QString::fromStdString(path("native.json.gz")), native));
        InputProbe probe = InputProbe::probe(path("native.json.gz"));
        QCOMPARE(probe.format, InputProbe::Format::Native);
        QVERIFY(probe.gzip);
        QVERIFY(probe.head.size() <= InputProbe::kHeadBytes);

        QVERIFY(writeFile(QString::fromStdString(path("kineto.json.gz")),
                          gzip(readAll(fixturePath(QStringLiteral("kineto_new.json"))))));
        probe = InputProbe::probe(path("kineto.json.gz"));
        QCOMPARE(probe.format, InputProbe::Format::Json);
        const ImportResult opened = TraceOpener::open(path("kineto.json.gz"));
        QVERIFY2(opened.ok(), opened.error.c_str());

        QVERIFY(writeFile(QString::fromStdString(path("empty.json")), {}));
        QCOMPARE(InputProbe::probe(path("empty.json")).format, InputProbe::Format::Empty);
        QCOMPARE(TraceOpener::open(path("empty.json")).error, path("empty.json") + ": empty file");
    }

    void probeReadsTheStartOfATruncatedGzip() {
        // The probe shares the importer's gzip reader; what inflates before the cut still counts.
        const std::string whole = gzip(nativeTraceText());
        QVERIFY(writeFile(QString::fromStdString(path("cut.json.gz")),
                          whole.substr(0, whole.size() / 2)));
        const InputProbe probe = InputProbe::probe(path("cut.json.gz"));
        QVERIFY(probe.gzip);
        QCOMPARE(probe.format, InputProbe::Format::Native);
        QVERIFY(!probe.head.empty() && probe.head.size() <= InputProbe::kHeadBytes);
    }

    void gzipBombStopsAtTheSharedLimit() {
        QCOMPARE(ImportOptions{}.max_inflated_bytes, GzipByteSource::kMaxInflatedBytes);
        const std::string text = "{\"traceEvents\":[" + std::string(4 << 20, ' ') + "]}";
        ImportOptions options;
        options.max_inflated_bytes = 1 << 20;
        const ImportResult r = TraceImporter::importBytes(gzip(text), "bomb.json.gz", options);
        QVERIFY2(
            r.error.find("the decompressed data is larger than 1048576 bytes") != std::string::npos,
            r.error.c_str());
    }

    void gigabyteOfZerosIsUnknownAtOnce() {
        // A hole: 2 GiB of zeros on no disk. Reading it whole would pass the memory limit.
        QFile f(QString::fromStdString(path("zeros.bin")));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(qint64{2} << 30));
        f.close();
        const ImportResult opened = TraceOpener::open(path("zeros.bin"));
        QVERIFY2(opened.error.rfind(path("zeros.bin") + ": unknown format", 0) == 0,
                 opened.error.c_str());
    }

    // --- item 4: bounded memory on every input ----------------------------------------------

    void longWhitespaceRunIsRefused() {
        // 64 MiB of whitespace in a gzip of about 64 KiB; without the bound the window grows with
        // it.
        const std::string text = "{\"traceEvents\":[" + std::string(64 << 20, ' ') + "]}";
        QVERIFY(writeFile(QString::fromStdString(path("spaces.json.gz")), gzip(text)));
        const ImportResult r = TraceOpener::open(path("spaces.json.gz"));
        QVERIFY2(
            r.error == path("spaces.json.gz") +
                           ": byte 16 (line 1, column 17): more than 1 MiB of whitespace in a row",
            r.error.c_str());
    }

    void whitespaceUpToTheLimitIsFine() {
        const std::string text = "{\"traceEvents\":[" + std::string(1 << 19, '\n') + "]}";
        const ImportResult r = TraceImporter::importBytes(text, "spaces.json");
        QVERIFY2(r.ok(), r.error.c_str());
    }

    void oversizedEventIsRefused() {
        const std::string big(JsonEventSplitter::kMaxValueBytes + 1024, 'a');
        // (Escaped, not raw, literals: moc misreads a raw string that starts with a quote.)
        const std::string text = "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"" +
                                 big + "\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}]}";
        const ImportResult r = TraceImporter::importBytes(text, "big.json");
        QVERIFY2(r.error ==
                     "big.json: byte 16 (line 1, column 17): this value is longer than 16 "
                     "MiB, the limit for one event or top-level value",
                 r.error.c_str());
    }

    void oversizedTopLevelValueIsRefused() {
        const std::string text = "{\"deviceProperties\":\"" +
                                 std::string(JsonEventSplitter::kMaxValueBytes + 1024, 'b') +
                                 "\",\"traceEvents\":[]}";
        const ImportResult r = TraceImporter::importBytes(text, "top.json");
        QVERIFY2(
            r.error.find("top.json: byte 20 (line 1, column 21): this value is longer than") == 0,
            r.error.c_str());
    }

    void tooManyLanesIsAnError() {
        // One host thread a lane: 70,000 threads pass the model's 65,534 lanes.
        std::string text = "{\"traceEvents\":[";
        for (int tid = 0; tid < 70000; ++tid) {
            if (tid)
                text += ',';
            text += R"({"ph":"X","cat":"cuda_runtime","name":"cudaGetDevice","pid":1,"tid":)" +
                    std::to_string(tid) + R"(,"ts":)" + std::to_string(tid) + R"(,"dur":1})";
        }
        text += "]}";
        QVERIFY(writeFile(QString::fromStdString(path("lanes.json")), text));
        const ImportResult r = TraceOpener::open(path("lanes.json"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error == path("lanes.json") +
                                ": too large: too many lanes in one trace (at most 65534)",
                 r.error.c_str());
    }

    void sqliteViewIsRefused() {
        // A recursive view named like a table we read would never end.
        const std::string db = path("view.sqlite");
        QCOMPARE(buildSqliteDatabase(
                     "CREATE VIEW CUPTI_ACTIVITY_KIND_KERNEL AS WITH RECURSIVE c(x) AS (SELECT 1 "
                     "UNION ALL SELECT x + 1 FROM c) SELECT x AS start FROM c;",
                     db),
                 std::string());
        const ImportResult r = TraceOpener::open(db);
        QCOMPARE(r.error, db + ": CUPTI_ACTIVITY_KIND_KERNEL is a view, not a table; views are "
                               "refused (their query could be anything)");
    }

    void sqliteGeneratedColumnIsRefused() {
        const std::string db = path("generated.sqlite");
        QCOMPARE(buildSqliteDatabase(readAll(fixturePath(QStringLiteral("nsys_small.sql"))) +
                                         "ALTER TABLE StringIds ADD COLUMN big TEXT AS "
                                         "(printf('%.*c', 1000000, 'x')) VIRTUAL;",
                                     db),
                 std::string());
        const ImportResult r = TraceOpener::open(db);
        QCOMPARE(r.error, db + ": StringIds has generated columns; only stored values are read");
    }

    void sqliteHugeStringIsRefused() {
        const std::string db = path("string.sqlite");
        QCOMPARE(buildSqliteDatabase(readAll(fixturePath(QStringLiteral("nsys_small.sql"))) +
                                         "INSERT INTO StringIds VALUES (999, "
                                         "CAST(zeroblob(20000000) AS TEXT));",
                                     db),
                 std::string());
        const ImportResult r = TraceOpener::open(db);
        QVERIFY2(r.error.rfind(db + ": table StringIds, row ", 0) == 0 &&
                     r.error.find("string or blob too big") != std::string::npos,
                 r.error.c_str());
    }

    void sqliteStopsWhenCancelled() {
        const std::string db = path("cancel.sqlite");
        QCOMPARE(buildSqliteDatabase(readAll(fixturePath(QStringLiteral("nsys_small.sql"))), db),
                 std::string());
        std::atomic<bool> cancel{true};
        ImportOptions options;
        options.cancel = &cancel;
        QCOMPARE(TraceOpener::open(db, options).error, db + ": cancelled");
    }
};

QTEST_GUILESS_MAIN(TstHostileInput)
#include "tst_hostile_input.moc"
