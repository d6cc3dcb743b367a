// A JSON import on two threads (one splits and parses, the other assembles) gives what the one
// thread gives: the same trace, statistics and warnings for the real traces, and, for broken
// input, the same error naming the same byte, line, column and event, whichever thread finds it.
// The inputs are real traces inflated in memory, so that each is several batches (256 KiB each).

#include <QtTest>
#include <algorithm>

#include "core/interchange/trace_importer.h"
#include "core/io/gzip.h"
#include "core/tracefile/trace_file.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/support/real_traces.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

const char* const kTraces[] = {
    "AMD-AGI__TraceLens__gaunernst_bert-small-uncased__1016001.json.gz",
    "param-dlrm-ranks/worker1_step_12.1694128201556.pt.trace.json.gz",
    "param-dlrm-ranks/worker4_step_12.1694128201547.pt.trace.json.gz",
    "facebookresearch__HolisticTraceAnalysis__cuda_event_sync__event_sync_trace.json.gz",
    "pytorch__kineto__gpu_metrics_input.json",
};

ImportResult importWith(const std::string& json, ImportThreads threads) {
    ImportOptions options;
    options.threads = threads;
    return TraceImporter::importBytes(json, "trace.json", options);
}

std::string statsText(const ImportStats& s) {
    std::string out;
    for (const auto* map : {&s.categories, &s.names, &s.skipped})
        for (const auto& [key, n] : *map)
            out += key + "=" + std::to_string(n) + "\n";
    return out + std::to_string(s.generic_events) + " " + std::to_string(s.host_waits) + " " +
           std::to_string(s.stream_waits) + " " + std::to_string(s.unresolved_flows);
}

// The first occurrence of `needle` at or after `from`.
std::size_t findFrom(const std::string& text, const std::string& needle, std::size_t from) {
    return text.find(needle, from);
}

}  // namespace

class TstImportThreads : public QObject {
    Q_OBJECT

    // The inflated text of a real trace, or "" (then the test skips).
    static std::string inflated(const char* name) {
        const QString path = QDir(realTracesDir()).filePath(QString::fromUtf8(name));
        if (!QFile::exists(path))
            return {};
        std::string raw = readAll(path), plain, error;
        if (!Gzip::looksCompressed(raw))
            return raw;
        if (!Gzip::decompress(raw, plain, error))
            qFatal("%s: %s", name, error.c_str());
        return plain;
    }

#define INFLATED_OR_SKIP(text, name)         \
    const std::string text = inflated(name); \
    if (text.empty())                        \
        SYNCSCOPE_MISSING_REAL_TRACES(QString("real trace %1 not found").arg(name));

    static void compareErrors(const std::string& json, const char* expect_part) {
        const auto one = importWith(json, ImportThreads::One);
        const auto two = importWith(json, ImportThreads::Two);
        QVERIFY(!one.ok());
        QVERIFY(!two.ok());
        QCOMPARE(QString::fromStdString(two.error), QString::fromStdString(one.error));
        QVERIFY2(one.error.find(expect_part) != std::string::npos, one.error.c_str());
        // The place: a byte offset with its line and column, and the event's number.
        QVERIFY2(one.error.find(" (line ") != std::string::npos, one.error.c_str());
        QVERIFY2(one.error.find(": event ") != std::string::npos, one.error.c_str());
    }

private slots:
    void sameTrace_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : kTraces)
            QTest::newRow(name) << QString::fromUtf8(name);
    }

    void sameTrace() {
        QFETCH(QString, name);
        const QByteArray utf8 = name.toUtf8();
        INFLATED_OR_SKIP(json, utf8.constData());
        const auto one = importWith(json, ImportThreads::One);
        const auto two = importWith(json, ImportThreads::Two);
        QVERIFY2(one.ok(), one.error.c_str());
        QVERIFY2(two.ok(), two.error.c_str());
        QVERIFY(one.trace->events.size() > 0);
        // The native file holds every field of every event, lane, flow and sample.
        QVERIFY(TraceFile::toJson(*one.trace) == TraceFile::toJson(*two.trace));
        QCOMPARE(QString::fromStdString(statsText(two.stats)),
                 QString::fromStdString(statsText(one.stats)));
        QCOMPARE(two.warnings, one.warnings);
    }

    // Broken events late in a multi-batch trace: the assembling thread finds these after the
    // splitter has moved past them, and must still name their line and column.
    void sameErrorFromAssembly() {
        INFLATED_OR_SKIP(json, kTraces[1]);
        QVERIFY(json.size() > (std::size_t{3} << 18));  // several batches
        const std::size_t at = findFrom(json, "\"dur\": ", json.size() * 3 / 4);
        QVERIFY(at != std::string::npos);
        std::string broken = json;
        broken.replace(at, 7, "\"dur\": -");  // a negative duration
        compareErrors(broken, "\"dur\" is negative");

        std::string wrong_type = json;
        wrong_type.replace(at, 7, "\"dur\": \"x\", \"d\": ");
        compareErrors(wrong_type, "\"dur\" is not a number");
    }

    // JSON that does not parse: found on the splitting thread, reported in order.
    void sameErrorFromParse() {
        INFLATED_OR_SKIP(json, kTraces[1]);
        const std::size_t at = findFrom(json, "\"ts\": ", json.size() / 2);
        QVERIFY(at != std::string::npos);
        std::string broken = json;
        broken.replace(at, 6, "\"ts\": tru");
        compareErrors(broken, "not JSON");
    }

    // Two errors: the earlier one wins on two threads as on one.
    void firstErrorWins() {
        INFLATED_OR_SKIP(json, kTraces[1]);
        std::string broken = json;
        const std::size_t late = findFrom(broken, "\"ts\": ", broken.size() * 7 / 8);
        QVERIFY(late != std::string::npos);
        broken.replace(late, 6, "\"ts\": nul");  // not JSON, in a later batch
        const std::size_t early = findFrom(broken, "\"dur\": ", broken.size() / 3);
        QVERIFY(early != std::string::npos);
        broken.replace(early, 7, "\"dur\": -");
        compareErrors(broken, "\"dur\" is negative");
    }

    // An input many times the splitter's window (it drops handled bytes every 2 MiB): the lines
    // counted for a batch handed to the assembling thread are not counted again when its bytes
    // leave the window, and an error far into the file still names its true line and column.
    void linesCountedAcrossWindowDrops() {
        std::string json = "{\n\"traceEvents\": [\n";
        const std::string event =
            "  {\n    \"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op\",\n    \"pid\": 1, "
            "\"tid\": 2, \"ts\": 10, \"dur\": 5\n  }";
        const std::size_t events = (std::size_t{9} << 20) / event.size();
        const std::size_t bad = events - 100;
        std::uint64_t bad_line = 0, bad_column = 0;
        for (std::size_t i = 0; i < events; ++i) {
            if (i > 0)
                json += ",\n";
            if (i == bad) {
                const std::size_t line_start = json.rfind('\n') + 1;
                bad_line =
                    1 + static_cast<std::uint64_t>(std::count(json.begin(), json.end(), '\n'));
                bad_column = json.size() - line_start + 3;  // the event's "{", after its indent
                json +=
                    "  {\n    \"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op\",\n    "
                    "\"pid\": 1, \"tid\": 2, \"ts\": 10, \"dur\": -5\n  }";
            } else {
                json += event;
            }
        }
        json += "\n]}\n";
        const std::string where =
            "(line " + std::to_string(bad_line) + ", column " + std::to_string(bad_column) + ")";
        compareErrors(json, "\"dur\" is negative");
        const auto two = importWith(json, ImportThreads::Two);
        QVERIFY2(two.error.find(where) != std::string::npos, (two.error + " vs " + where).c_str());
        // Still right when the batch does not parse, found on the splitting thread.
        std::string not_json = json;
        const std::size_t at = not_json.find("\"dur\": -5");
        not_json.replace(at, 10, "\"dur\": --");
        compareErrors(not_json, "not JSON");
        const auto broken = importWith(not_json, ImportThreads::Two);
        QVERIFY2(broken.error.find(where) != std::string::npos,
                 (broken.error + " vs " + where).c_str());
    }

    // Duplicate keys are warned about with their place: the same warnings either way.
    void sameWarnings() {
        INFLATED_OR_SKIP(json, kTraces[1]);
        std::string doubled = json;
        for (std::size_t from = json.size() / 5, i = 0; i < 3; ++i) {
            const std::size_t at = doubled.find("\"ph\": ", from);
            QVERIFY(at != std::string::npos);
            doubled.insert(at, "\"cat\": \"kernel\", ");
            from = at + doubled.size() / 5;
        }
        const auto one = importWith(doubled, ImportThreads::One);
        const auto two = importWith(doubled, ImportThreads::Two);
        QVERIFY2(one.ok(), one.error.c_str());
        QVERIFY2(two.ok(), two.error.c_str());
        QCOMPARE(two.warnings, one.warnings);
        bool located = false;
        for (const auto& w : one.warnings)
            located = located || (w.find("duplicate key") != std::string::npos &&
                                  w.find(" (line ") != std::string::npos);
        QVERIFY(located);
    }
};

QTEST_GUILESS_MAIN(TstImportThreads)
#include "tst_import_threads.moc"
