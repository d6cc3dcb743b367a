// The rows of "events" and "flows" are read in batches, by a fast reading of our writer's compact
// form or (for other spellings, or a row that fails a check) by the DOM, and half of the batches on
// a second thread. Whatever the way, the trace must be the one the whole-document reading gives,
// and an error anywhere, first batch or last, the whole reading's exact words.

#include <QTest>
#include <cstdint>
#include <limits>
#include <string>

#include "core/io/byte_source.h"
#include "core/model/checked_math.h"
#include "core/tracefile/trace_file.h"
#include "core/tracefile/trace_file_stream_reader.h"
#include "tests/support/small_scenario.h"
#include "tests/support/trace_difference.h"

using namespace syncscope;

namespace {

constexpr std::size_t kEvents = 60'000;  // about 20 batches of events: both threads get some

Trace sampleTrace(std::size_t count) {
    Trace t;
    t.title = "rows";
    t.source = "test:rows";
    t.scenario = test::smallScenario();
    for (int i = 0; i < 4; ++i) {
        Lane lane;
        lane.kind = i % 2 ? LaneKind::Stream : LaneKind::HostThread;
        lane.name = "lane " + std::to_string(i);
        t.addLane(lane);
    }
    for (int i = 0; i < 10; ++i)
        t.strings.intern("name " + std::to_string(i));
    for (std::size_t i = 0; i < count; ++i) {
        TraceEvent e;
        e.kind = static_cast<EventKind>(i % kEventKindCount);
        e.api = static_cast<ApiId>(i % kApiIdCount);
        e.start_ns = static_cast<TimeNs>(i * 1000) - 5000;
        e.end_ns = e.start_ns + static_cast<TimeNs>(i % 977);
        e.lane = static_cast<std::uint16_t>(i % 4);
        e.target_lane = i % 5 ? kNoLane : static_cast<std::uint16_t>((i + 1) % 4);
        e.name = static_cast<std::uint32_t>(i % t.strings.size());
        e.step = i % 3 ? kNone : static_cast<std::uint32_t>(i);
        e.correlation = static_cast<std::uint32_t>(i);
        e.awaited = i % 7 ? kNone : static_cast<std::uint32_t>((i * 31) % count);
        e.flags = static_cast<std::uint8_t>(i % 256);
        // The kind decides which of the two the event's shared field holds.
        if (e.holdsCpuTime())
            e.setCpuNs(i % 13 ? -1 : static_cast<std::int64_t>(i));
        else
            e.setBytes(i % 11 ? 0 : std::uint64_t{1} << (i % 60));
        t.events.push_back(e);
        if (i % 2 == 1)
            t.flows.push_back({static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(i),
                               static_cast<FlowKind>(i % 4)});
    }
    return t;
}

// The streamed reading alone, without the whole-document reading behind it.
std::optional<Trace> streamed(const std::string& text) {
    MemoryByteSource source(text);
    return TraceFileStreamReader::read(source);
}

// Row `index` of the array under `key`, as the writer writes it: "\n[" ... "]".
std::size_t rowAt(const std::string& text, const std::string& key, std::size_t index) {
    std::size_t p = text.find("\n\"" + key + "\":[");
    if (p == std::string::npos)
        return p;
    p += key.size() + 4;  // the array's '['; rows hold no other
    for (std::size_t i = 0; i <= index && p != std::string::npos; ++i)
        p = text.find('[', p + 1);
    return p;
}

// Replaces cell `column` of the row at `row` (its '[').
std::string withCell(std::string text, std::size_t row, int column, const std::string& value) {
    std::size_t begin = row + 1;
    for (int c = 0; c < column; ++c)
        begin = text.find(',', begin) + 1;
    const std::size_t end = text.find_first_of(",]", begin);
    return text.replace(begin, end - begin, value);
}

}  // namespace

class TestTraceFileRows : public QObject {
    Q_OBJECT

private slots:
    void compactRowsReadFast();
    void otherSpellingsReadByTheDom();
    void extremeNumbersReadExactly();
    void errorsInAnyBatch_data();
    void errorsInAnyBatch();
    void brokenArraysNotTaken();
    void keyElsewhereLeavesRowsToTheSplitter();
};

void TestTraceFileRows::compactRowsReadFast() {
    const Trace t = sampleTrace(kEvents);
    const std::string text = TraceFile::toJson(t);
    const auto back = streamed(text);
    QVERIFY(back.has_value());
    QCOMPARE(QString::fromStdString(test::traceDifference(*back, t)), QString());
    // Sized once from the first batch, with room for the estimate's error, not grown by doubling.
    QVERIFY(back->events.capacity() >= back->events.size());
    QVERIFY(back->events.capacity() < 2 * back->events.size());
}

// Spaces inside the rows are valid JSON the fast reading does not take: the DOM reads those batches
// in the stream, with the same result.
void TestTraceFileRows::otherSpellingsReadByTheDom() {
    const Trace t = sampleTrace(kEvents);
    std::string text = TraceFile::toJson(t);
    for (std::size_t p = text.find(",\n["); p != std::string::npos; p = text.find(",\n[", p + 5))
        text.replace(p, 3, ", [ ");
    for (std::size_t p = text.find(",[", text.find("\"flows\":")); p != std::string::npos;
         p = text.find(",[", p + 4))
        text.replace(p, 2, ",\t[");
    const auto back = streamed(text);
    QVERIFY(back.has_value());
    QCOMPARE(QString::fromStdString(test::traceDifference(*back, t)), QString());
}

// Numbers of 19 or 20 digits are past the fast reading's bound: the DOM reads their rows, exactly.
void TestTraceFileRows::extremeNumbersReadExactly() {
    Trace t = sampleTrace(kEvents);
    for (const std::size_t i : {std::size_t{5}, kEvents / 2, kEvents - 1}) {
        t.events[i].start_ns = kMinTimeNs;
        t.events[i].end_ns = kMaxTimeNs;
        if (t.events[i].holdsCpuTime())
            t.events[i].setCpuNs(std::numeric_limits<std::int64_t>::min());
        else
            t.events[i].setBytes(std::numeric_limits<std::uint64_t>::max());
    }
    const auto back = streamed(TraceFile::toJson(t));
    QVERIFY(back.has_value());
    QCOMPARE(QString::fromStdString(test::traceDifference(*back, t)), QString());
}

void TestTraceFileRows::errorsInAnyBatch_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("error");
    const int last = static_cast<int>(kEvents) - 1;
    const int half = static_cast<int>(kEvents) / 2;
    QTest::newRow("first batch, lane") << "events" << 3 << 2 << "9"
                                       << "events[3].lane: 9 is out of "
                                          "range (4 lanes)";
    QTest::newRow("second half, lane")
        << "events" << half + 17 << 2 << "4"
        << QString("events[%1].lane: 4 is out of range (4 lanes)").arg(half + 17);
    QTest::newRow("last row, name")
        << "events" << last << 4 << "11"
        << QString("events[%1].name: 11 is out of range (11 strings)").arg(last);
    QTest::newRow("second half, awaited")
        << "events" << half << 8 << QString::number(kEvents)
        << QString("events[%1].awaited: %2 is out of range (%2 events)").arg(half).arg(kEvents);
    QTest::newRow("second half, flags")
        << "events" << half + 1 << 13 << "256"
        << QString("events[%1].flags: 256 is out of range (0..255)").arg(half + 1);
    QTest::newRow("second half, time")
        << "events" << half + 2 << 1 << "9223372036854775807"
        << QString(
               "events[%1].end_ns: 9223372036854775807 is outside the supported times, "
               "±(2^62 - 1) ns")
               .arg(half + 2);
    QTest::newRow("second half, not an integer")
        << "events" << half + 3 << 0 << "true"
        << QString("events[%1].start_ns: must be an integer").arg(half + 3);
    QTest::newRow("second half, a fraction")
        << "events" << half + 6 << 15 << "1.5"
        << QString("events[%1].cpu_ns: is out of range").arg(half + 6);
    QTest::newRow("second half, bytes < 0")
        << "events" << half + 4 << 14 << "-3"
        << QString("events[%1].bytes: must be >= 0").arg(half + 4);
    QTest::newRow("second half, kind")
        << "events" << half + 5 << 3 << "13"
        << QString("events[%1].kind: 13 is out of range (13 names)").arg(half + 5);
    QTest::newRow("last flow, to")
        << "flows" << half - 1 << 1 << QString::number(kEvents)
        << QString("flows[%1].to: %2 is out of range (%2 events)").arg(half - 1).arg(kEvents);
    QTest::newRow("flow, kind")
        << "flows" << half / 2 << 2 << "4"
        << QString("flows[%1].kind: 4 is out of range (4 names)").arg(half / 2);
}

void TestTraceFileRows::errorsInAnyBatch() {
    QFETCH(QString, key);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, value);
    QFETCH(QString, error);
    const std::string good = TraceFile::toJson(sampleTrace(kEvents));
    const std::size_t at = rowAt(good, key.toStdString(), static_cast<std::size_t>(row));
    QVERIFY(at != std::string::npos);
    const std::string bad = withCell(good, at, column, value.toStdString());
    QVERIFY(!streamed(bad).has_value());
    const auto back = TraceFile::fromJson(bad);
    QVERIFY(!back.ok());
    QCOMPARE(QString::fromStdString(back.error), error);
}

// The rows are taken out of the stream by their brackets alone; what is around them must still be
// the JSON the whole reading reads, or the file is not taken.
void TestTraceFileRows::brokenArraysNotTaken() {
    const std::string good = TraceFile::toJson(sampleTrace(kEvents));
    const std::size_t half = rowAt(good, "events", kEvents / 2);
    std::string no_comma = good;
    no_comma.erase(half - 2, 1);  // "],\n[" -> "]\n["
    std::string extra = good;
    const std::size_t end = good.find("]],\n\"flow_columns\"");
    QVERIFY(end != std::string::npos);
    extra.insert(end + 1, "\n[1]");
    std::string nested = good;
    nested.insert(rowAt(good, "events", 7), "[");
    for (const std::string& bad : {no_comma, extra, nested}) {
        QVERIFY(!streamed(bad).has_value());
        const auto back = TraceFile::fromJson(bad);
        QVERIFY(!back.ok());
        QVERIFY2(QString::fromStdString(back.error).startsWith("not a valid JSON file: "),
                 back.error.c_str());
    }
}

// `"events":[` inside another value (here an unknown member of "device", which readers ignore):
// the splitter reads on past it, and the rows of the real array are split as any JSON is.
void TestTraceFileRows::keyElsewhereLeavesRowsToTheSplitter() {
    const Trace t = sampleTrace(kEvents);
    std::string text = TraceFile::toJson(t);
    text.insert(text.find("\"device\":{") + 10, "\"x\":1,\n\"events\":[[1,2]],");
    const auto back = streamed(text);
    QVERIFY(back.has_value());
    QCOMPARE(QString::fromStdString(test::traceDifference(*back, t)), QString());
}

QTEST_GUILESS_MAIN(TestTraceFileRows)
#include "tst_trace_file_rows.moc"
