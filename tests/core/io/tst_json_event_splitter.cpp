// JsonEventSplitter on its own: it must find where each event ends whatever the bytes inside
// strings are and however the input is cut into reads, hand out every top-level value, and say
// where a truncated or malformed document goes wrong.
#include <QtTest>
#include <algorithm>
#include <string>
#include <vector>

#include "core/io/byte_source.h"
#include "core/io/json_event_splitter.h"
#include "core/io/read_window.h"

using namespace syncscope;

namespace {

// Hands out at most `chunk` bytes per read, so the splitter has to refill mid-token.
class ChunkedSource final : public ByteSource {
public:
    ChunkedSource(std::string bytes, std::size_t chunk) : bytes_(std::move(bytes)), chunk_(chunk) {}
    std::size_t read(char* dst, std::size_t n) override {
        const std::size_t take = std::min({n, chunk_, bytes_.size() - pos_});
        std::copy_n(bytes_.data() + pos_, take, dst);
        pos_ += take;
        return take;
    }
    double progress() const override {
        return bytes_.empty() ? 1.0
                              : static_cast<double>(pos_) / static_cast<double>(bytes_.size());
    }

private:
    std::string bytes_;
    std::size_t chunk_;
    std::size_t pos_ = 0;
};

struct Collected : JsonEventSplitter::Handler {
    std::vector<std::string> keys;
    std::vector<std::string> values;
    std::vector<std::string> events;  // each element's text, cut out by its offset
    std::vector<std::uint64_t> offsets;
    int batches = 0;
    std::string document;

    std::string onTopLevelValue(std::string_view key, std::string_view json,
                                std::uint64_t) override {
        keys.emplace_back(key);
        values.emplace_back(json);
        return {};
    }
    std::string onEventBatch(std::string_view json,
                             const std::vector<std::uint64_t>& batch_offsets) override {
        ++batches;
        if (json.empty() || json.front() != '[' || json.back() != ']')
            return "a batch is not a JSON array";
        for (const std::uint64_t offset : batch_offsets) {
            offsets.push_back(offset);
            // The element's text in the document: from its offset to the end of its value.
            const std::size_t begin = static_cast<std::size_t>(offset);
            events.push_back(document.substr(begin, valueEnd(begin) - begin));
        }
        return {};
    }
    // A tiny independent scanner (strings and nesting) to cut an element out of the document.
    std::size_t valueEnd(std::size_t p) const {
        int depth = 0;
        bool in_string = false;
        for (; p < document.size(); ++p) {
            const char c = document[p];
            if (in_string) {
                if (c == '\\')
                    ++p;
                else if (c == '"')
                    in_string = false;
                continue;
            }
            if (c == '"')
                in_string = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0)
                    return p + 1;
            }
        }
        return p;
    }
};

std::string split(const std::string& doc, std::size_t chunk, Collected& out) {
    out.document = doc;
    ChunkedSource source(doc, chunk);
    JsonEventSplitter splitter(source, out);
    return splitter.run();
}

}  // namespace

class TestJsonEventSplitter : public QObject {
    Q_OBJECT
private slots:
    void bareArray_data();
    void bareArray();
    void objectWithOtherKeys();
    void bracesAndQuotesInsideStrings();
    void manyEventsMakeSeveralBatches();
    void truncatedDocumentSaysWhere_data();
    void truncatedDocumentSaysWhere();
    void emptyEventArray();
    void readWindowKeepsItsBytes();
};

void TestJsonEventSplitter::bareArray_data() {
    QTest::addColumn<int>("chunk");
    QTest::newRow("one read") << (1 << 20);
    QTest::newRow("1 byte per read") << 1;
    QTest::newRow("7 bytes per read") << 7;
    QTest::newRow("63 bytes per read (block edge)") << 63;
}

void TestJsonEventSplitter::bareArray() {
    QFETCH(int, chunk);
    const std::string doc = R"([{"name":"a","ts":1},
  {"name":"b","args":{"x":[1,2,{"y":3}]}} ,{"name":"c"}])";
    Collected out;
    const std::string error = split(doc, static_cast<std::size_t>(chunk), out);
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(out.events.size(), std::size_t{3});
    QCOMPARE(out.events[0], std::string(R"({"name":"a","ts":1})"));
    QCOMPARE(out.events[1], std::string(R"({"name":"b","args":{"x":[1,2,{"y":3}]}})"));
    QCOMPARE(out.events[2], std::string(R"({"name":"c"})"));
    QVERIFY(out.keys.empty());
}

void TestJsonEventSplitter::objectWithOtherKeys() {
    const std::string doc = R"({"schemaVersion": 1, "deviceProperties": [{"id": 0}],
 "traceEvents": [{"ph":"X"}, {"ph":"i"}], "traceName": "x]}\"y", "baseTimeNanoseconds": 17})";
    Collected out;
    const std::string error = split(doc, 5, out);
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(out.events.size(), std::size_t{2});
    const std::vector<std::string> keys{"schemaVersion", "deviceProperties", "traceName",
                                        "baseTimeNanoseconds"};
    QCOMPARE(out.keys, keys);
    QCOMPARE(out.values[1], std::string(R"([{"id": 0}])"));
    QCOMPARE(out.values[2], std::string(R"("x]}\"y")"));
}

void TestJsonEventSplitter::bracesAndQuotesInsideStrings() {
    // Brackets, braces, escaped quotes and a string ending in an escaped backslash: none of them
    // may end an event early or late.
    const std::string doc = R"({"traceEvents":[{"name":"}]{[","a":"\"}"},{"name":"x\\"},)"
                            R"({"name":"\\\"]"},{"name":"\u007d"}]})";
    Collected out;
    const std::string error = split(doc, 3, out);
    QVERIFY2(error.empty(), error.c_str());
    QCOMPARE(out.events.size(), std::size_t{4});
    QCOMPARE(out.events[0], std::string(R"({"name":"}]{[","a":"\"}"})"));
    QCOMPARE(out.events[1], std::string(R"({"name":"x\\"})"));
    QCOMPARE(out.events[2], std::string(R"({"name":"\\\"]"})"));
}

void TestJsonEventSplitter::manyEventsMakeSeveralBatches() {
    // About 3 MiB of events: more than one batch, and every event arrives once, in order.
    std::string doc = R"({"traceEvents":[)";
    constexpr int kEvents = 40000;
    for (int i = 0; i < kEvents; ++i) {
        if (i > 0)
            doc += ',';
        doc += R"({"name":"kernel )" + std::to_string(i) + R"(","ph":"X","ts":)" +
               std::to_string(i) + R"(,"args":{"pad":"________________________________"}})";
    }
    doc += "]}";
    Collected out;
    const std::string error = split(doc, 4093, out);
    QVERIFY2(error.empty(), error.c_str());
    QVERIFY2(out.batches > 1, "expected the events in more than one batch");
    QCOMPARE(out.events.size(), std::size_t{kEvents});
    QVERIFY(std::is_sorted(out.offsets.begin(), out.offsets.end()));
    QCOMPARE(out.events.back(),
             std::string(R"({"name":"kernel 39999","ph":"X","ts":39999,"args":{"pad":")") +
                 std::string(32, '_') + "\"}}");
}

void TestJsonEventSplitter::truncatedDocumentSaysWhere_data() {
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("expected");
    QTest::newRow("inside an event")
        << R"({"traceEvents":[{"name":"a"},{"name":)"
        << "byte 29 (line 1, column 30): the file ends inside this event";
    QTest::newRow("inside a string")
        << R"({"traceEvents":[{"name":"abc)"
        << "byte 16 (line 1, column 17): the file ends inside this event";
    QTest::newRow("after the array") << R"({"traceEvents":[{"name":"a"}])"
                                     << "the end of the file";
}

void TestJsonEventSplitter::truncatedDocumentSaysWhere() {
    QFETCH(QString, doc);
    QFETCH(QString, expected);
    Collected out;
    const std::string error = split(doc.toStdString(), 8, out);
    QVERIFY2(!error.empty(), "a truncated document must be an error");
    QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
    QVERIFY2(error.rfind("byte ", 0) == 0, error.c_str());  // located: "byte N (line L, ...)"
}

void TestJsonEventSplitter::emptyEventArray() {
    Collected out;
    const std::string error = split(R"({"traceEvents": [ ], "x": null})", 2, out);
    QVERIFY2(error.empty(), error.c_str());
    QVERIFY(out.events.empty());
    QCOMPARE(out.keys, std::vector<std::string>{"x"});
}

// The splitter's window: bytes appended by grow() (filled by the caller) and truncate(), dropped
// from the front, kept in order across reallocations.
void TestJsonEventSplitter::readWindowKeepsItsBytes() {
    ReadWindow window;
    std::string expected;
    for (int round = 0; round < 40; ++round) {
        const std::size_t room = 1000 + 7 * static_cast<std::size_t>(round);
        char* at = window.grow(room);
        const std::size_t filled = room / 2 + static_cast<std::size_t>(round);
        for (std::size_t i = 0; i < filled; ++i)
            at[i] = static_cast<char>('a' + (round + static_cast<int>(i)) % 26);
        expected.append(at, filled);
        window.truncate(window.size() - room + filled);
        if (round % 3 == 2) {
            const std::size_t drop = window.size() / 3;
            window.dropFront(drop);
            expected.erase(0, drop);
        }
        QCOMPARE(window.size(), expected.size());
        QVERIFY(window.capacity() >= window.size());
        QCOMPARE(window.substr(0, window.size()), expected);
    }
    window.reserve(window.capacity() * 4);
    QCOMPARE(window.substr(0, window.size()), expected);
    QCOMPARE(window[1], expected[1]);
}

QTEST_GUILESS_MAIN(TestJsonEventSplitter)
#include "tst_json_event_splitter.moc"
