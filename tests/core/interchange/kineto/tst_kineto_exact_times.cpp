// Imported times are exact to the nanosecond: "ts" and "dur" are read from their decimal text, not
// through a double (a double holds ~16 digits; epoch microseconds with three decimals need 19).
// The expected values are computed here by a separate routine (128-bit integer arithmetic on the
// number's text, found with Qt's JSON and regular expressions), not by the importer's own code.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include "core/interchange/kineto/decimal_micros.h"
#include "core/interchange/kineto/kineto_importer.h"
#include "core/io/gzip.h"
#include "core/model/checked_math.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/support/kineto_json.h"
#include "tests/support/real_traces.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

__extension__ typedef __int128 Int128;

// The reference: a JSON number of µs to ns, rounded to nearest with ties to even (the documented
// rule), by integer division of the number's digits.
std::optional<TimeNs> referenceNs(const QString& text) {
    static const QRegularExpression number(
        QStringLiteral(R"(^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$)"));
    const auto m = number.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString digits = m.captured(2) + m.captured(3);
    if (digits.size() > 36)
        return std::nullopt;
    Int128 mantissa = 0;
    for (const QChar c : digits)
        mantissa = mantissa * 10 + (c.unicode() - '0');
    int shift = 3 - static_cast<int>(m.captured(3).size()) + m.captured(4).toInt();
    Int128 value = mantissa;
    for (; shift > 0; --shift) {
        value *= 10;
        if (value > std::numeric_limits<TimeNs>::max())
            return std::nullopt;
    }
    if (shift < 0) {
        // Below a tenth of a nanosecond whatever the digits: rounds to zero.
        if (-shift > static_cast<int>(digits.size()) + 1)
            return 0;
        Int128 divisor = 1;
        for (; shift < 0; ++shift)
            divisor *= 10;
        const Int128 quotient = value / divisor, remainder = value % divisor;
        value = quotient;
        if (2 * remainder > divisor || (2 * remainder == divisor && (quotient % 2) != 0))
            ++value;
    }
    if (value > std::numeric_limits<TimeNs>::max())
        return std::nullopt;
    return m.captured(1).isEmpty() ? static_cast<TimeNs>(value) : -static_cast<TimeNs>(value);
}

std::string inflate(const QString& path) {
    const std::string bytes = readAll(path);
    if (!Gzip::looksCompressed(bytes))
        return bytes;
    std::string text, error;
    if (!Gzip::decompress(bytes, text, error))
        return {};
    return text;
}

// Gives every whole "ts"/"dur" of a Kineto file nanosecond decimals, as current PyTorch profilers
// write them ("ts": 1694128201435377.123). Every seventh gets a fourth decimal 5: a tie to round.
QString withNanosecondDecimals(const QString& text) {
    static const QRegularExpression whole(QStringLiteral(R"re("(ts|dur)": ([0-9]+)([,}\s]))re"));
    QString out;
    out.reserve(text.size() + text.size() / 8);
    qsizetype last = 0;
    int n = 0;
    auto it = whole.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        out += QStringView(text).mid(last, m.capturedStart(0) - last);
        ++n;
        const QString decimals = QString::number(100 + (n * 7919) % 900) + (n % 7 == 0 ? "5" : "");
        out += QStringLiteral("\"%1\": %2.%3%4")
                   .arg(m.captured(1), m.captured(2), decimals, m.captured(3));
        last = m.capturedEnd(0);
    }
    out += QStringView(text).mid(last);
    return out;
}

using Span = std::pair<TimeNs, TimeNs>;

struct Expected {
    std::map<Span, int> spans;  // (start, end) in the file's own clock, exact
    std::map<Span, QString> names;
    int events = 0;
    QString error;
};

// Every X and instant event of a Kineto file with its exact start and end. The numbers' text is
// taken in document order from the raw JSON; Qt's parse of the same events says which event has
// which keys, and its doubles confirm the pairing.
Expected expectedSpans(const QString& text) {
    Expected out;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
    const QJsonArray events = doc.object().value(QStringLiteral("traceEvents")).toArray();
    static const QRegularExpression field(
        QStringLiteral(R"re("(ts|dur)"\s*:\s*(-?[0-9][0-9.eE+-]*))re"));
    QStringList ts, dur;
    auto it = field.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        (m.captured(1) == QLatin1String("ts") ? ts : dur).push_back(m.captured(2));
    }
    qsizetype next_ts = 0, next_dur = 0;
    for (const auto& value : events) {
        const QJsonObject e = value.toObject();
        QString ts_text, dur_text;
        if (e.contains(QStringLiteral("ts")))
            ts_text = ts.value(next_ts++);
        if (e.contains(QStringLiteral("dur")))
            dur_text = dur.value(next_dur++);
        const QString ph = e.value(QStringLiteral("ph")).toString();
        const QString name = e.value(QStringLiteral("name")).toString();
        const bool span = ph == QLatin1String("X");
        const bool instant = (ph == QLatin1String("i") || ph == QLatin1String("I")) &&
                             name != QLatin1String("[memory]");
        if (!span && !instant)
            continue;
        const auto start = referenceNs(ts_text);
        const auto length = span ? referenceNs(dur_text) : std::optional<TimeNs>(0);
        if (!start || !length ||
            std::abs(static_cast<double>(*start) / 1e3 - e.value(QStringLiteral("ts")).toDouble()) >
                4e-16 * std::abs(e.value(QStringLiteral("ts")).toDouble()) + 1e-3) {
            out.error = QStringLiteral("event %1: the raw text \"%2\" does not pair with ts %3")
                            .arg(out.events)
                            .arg(ts_text)
                            .arg(e.value(QStringLiteral("ts")).toDouble(), 0, 'f', 3);
            return out;
        }
        const Span s{*start, *start + *length};
        ++out.spans[s];
        out.names.emplace(s, name);
        ++out.events;
    }
    if (next_ts != ts.size() || next_dur != dur.size())
        out.error = QStringLiteral("%1 \"ts\" and %2 \"dur\" in the text, %3 and %4 in events")
                        .arg(ts.size())
                        .arg(dur.size())
                        .arg(next_ts)
                        .arg(next_dur);
    return out;
}

}  // namespace

class TstKinetoExactTimes : public QObject {
    Q_OBJECT

    // Imports `text` and checks that every X/instant event kept its exact start and end: the
    // importer moves the origin to the first time, so the comparison allows one common shift.
    static void checkExact(const QString& text, const QString& label, int min_events) {
        const Expected expected = expectedSpans(text);
        QVERIFY2(expected.error.isEmpty(), qPrintable(label + ": " + expected.error));
        QVERIFY2(expected.events >= min_events,
                 qPrintable(QStringLiteral("%1: %2 events").arg(label).arg(expected.events)));
        const QByteArray bytes = text.toUtf8();
        const auto result = test::importKinetoJson(
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
            label.toStdString());
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace& t = *result.trace;
        TimeNs imported_first = std::numeric_limits<TimeNs>::max();
        for (const auto& e : t.events)
            imported_first = std::min(imported_first, e.start_ns);
        const TimeNs shift = expected.spans.begin()->first.first - imported_first;
        std::map<Span, int> imported;
        for (const auto& e : t.events)
            ++imported[{e.start_ns + shift, e.end_ns + shift}];
        int wrong = 0;
        QString first_wrong;
        for (const auto& [span, count] : expected.spans) {
            const auto found = imported.find(span);
            const int have = found == imported.end() ? 0 : found->second;
            if (have < count) {
                wrong += count - have;
                if (first_wrong.isEmpty())
                    first_wrong = QStringLiteral("%1 at %2..%3 ns")
                                      .arg(expected.names.at(span))
                                      .arg(span.first)
                                      .arg(span.second);
            }
        }
        QVERIFY2(wrong == 0, qPrintable(QStringLiteral("%1: %2 of %3 events moved, first: %4")
                                            .arg(label)
                                            .arg(wrong)
                                            .arg(expected.events)
                                            .arg(first_wrong)));
    }

    static QString ncclRankPath(int rank) {
        const QDir dir(QDir(realTracesDir()).filePath(QStringLiteral("param-dlrm-ranks")));
        const QStringList files = dir.entryList(
            {QStringLiteral("worker%1_step_12.*.pt.trace.json.gz").arg(rank)}, QDir::Files);
        return files.isEmpty() ? QString() : dir.filePath(files.front());
    }

private slots:
    void decimalText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("ns");
        QTest::newRow("fraction") << QString("1234.5") << qint64(1'234'500);
        QTest::newRow("whole") << QString("1234") << qint64(1'234'000);
        QTest::newRow("exponent") << QString("1.2345e3") << qint64(1'234'500);
        QTest::newRow("exponent upper") << QString("12345E-1") << qint64(1'234'500);
        QTest::newRow("exponent plus") << QString("1.5e+2") << qint64(150'000);
        QTest::newRow("negative") << QString("-7.25") << qint64(-7'250);
        QTest::newRow("negative zero") << QString("-0.0") << qint64(0);
        QTest::newRow("epoch us, 3 decimals")
            << QString("1694128201435377.123") << qint64(1'694'128'201'435'377'123);
        QTest::newRow("more decimals, down") << QString("1.0004999") << qint64(1'000);
        QTest::newRow("more decimals, up") << QString("1.0005001") << qint64(1'001);
        QTest::newRow("tie to even, down") << QString("1.0025") << qint64(1'002);
        QTest::newRow("tie to even, up") << QString("1.0035") << qint64(1'004);
        QTest::newRow("negative tie") << QString("-1.0035") << qint64(-1'004);
        QTest::newRow("tie at zero") << QString("0.0005") << qint64(0);
        QTest::newRow("tiny") << QString("1e-300") << qint64(0);
        QTest::newRow("long fraction")
            << QString("0.00150000000000000000000000000001") << qint64(2);
        QTest::newRow("tie, long zeros")
            << QString("1.00250000000000000000000000") << qint64(1'002);
        QTest::newRow("just above a tie, far out")
            << QString("1.00250000000000000000000001") << qint64(1'003);
        QTest::newRow("largest") << QString("4611686018427387.903")
                                 << qint64(4'611'686'018'427'387'903);
        QTest::newRow("smallest") << QString("-4611686018427387.903")
                                  << qint64(-4'611'686'018'427'387'903);
    }

    void decimalText() {
        QFETCH(QString, text);
        QFETCH(qint64, ns);
        TimeNs out = 0;
        const std::string err = DecimalMicros::toNs(text.toStdString(), out);
        QVERIFY2(err.empty(), err.c_str());
        QCOMPARE(out, ns);
        // The test's own reference agrees (it checks the real traces below).
        const auto reference = referenceNs(text);
        QVERIFY(reference.has_value());
        QCOMPARE(*reference, ns);
    }

    void decimalTextRefused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("beyond the range")
            << QString("4611686018427387.904") << QString("is outside");
        QTest::newRow("rounds beyond") << QString("4611686018427387.9035") << QString("is outside");
        QTest::newRow("huge exponent") << QString("1e100000000000") << QString("is outside");
        QTest::newRow("20 digits of ns")
            << QString("12345678901234567.890") << QString("is outside");
        QTest::newRow("text") << QString("abc") << QString("is not a number");
        QTest::newRow("no digits after the point") << QString("1.") << QString("is not a number");
        QTest::newRow("no exponent digits") << QString("1e") << QString("is not a number");
        QTest::newRow("trailing junk") << QString("1.5x") << QString("is not a number");
    }

    void decimalTextRefused() {
        QFETCH(QString, text);
        QFETCH(QString, why);
        TimeNs out = 42;
        const std::string err = DecimalMicros::toNs(text.toStdString(), out);
        QVERIFY2(QString::fromStdString(err).startsWith(why), err.c_str());
        QCOMPARE(out, TimeNs{42});
    }

    // Two kernels 1 ns apart at epoch-µs magnitude: through a double both read as one time.
    void epochMicrosOneNanosecondApart() {
        const std::string json = R"({"traceEvents":[
            {"ph":"X","cat":"kernel","name":"a","pid":0,"tid":7,"ts":1694128201435377.123,
             "dur":0.001,"args":{"stream":7}},
            {"ph":"X","cat":"kernel","name":"b","pid":0,"tid":7,"ts":1694128201435377.124,
             "dur":2.5e-3,"args":{"stream":7}},
            {"ph":"X","cat":"kernel","name":"c","pid":0,"tid":7,"ts":1694128201435378,
             "dur":1.0005,"args":{"stream":7}}]})";
        const auto r = test::importKinetoJson(json, "epoch.json");
        QVERIFY2(r.ok(), r.error.c_str());
        const auto& ev = r.trace->events;
        QCOMPARE(ev.size(), std::size_t{3});
        QCOMPARE(ev[0].start_ns, TimeNs{0});
        QCOMPARE(ev[0].duration(), TimeNs{1});
        QCOMPARE(ev[1].start_ns, TimeNs{1});
        QCOMPARE(ev[1].duration(), TimeNs{2});  // 2.5 ns: a tie, to even
        QCOMPARE(ev[2].start_ns, TimeNs{877});
        QCOMPARE(ev[2].duration(), TimeNs{1'000});  // 1000.5 ns: a tie, to even
    }

    // The fields are found in the event's text past strings that look like them, nested "ts"
    // keys, and escaped keys (which simdjson unescapes: "t\u0073" is "ts").
    void rawTextIsFoundPastLookalikes() {
        // Plain literals: moc misreads unbalanced brackets inside raw strings.
        const std::string json =
            "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"a \\\"ts\\\": 7.5, {[\","
            "\"pid\":0,\"tid\":7,\"args\":{\"ts\":3.25,\"dur\":[{\"dur\":1.5}]},"
            "\"ts\":1694128201435377.001,\"dur\":0.004},"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"b\",\"pid\":0,\"tid\":7,"
            "\"t\\u0073\":1694128201435377.123,\"d\\u0075r\":0.0025}]}";
        const auto r = test::importKinetoJson(json, "lookalikes.json");
        QVERIFY2(r.ok(), r.error.c_str());
        const auto& ev = r.trace->events;
        QCOMPARE(ev.size(), std::size_t{2});
        QCOMPARE(QString::fromStdString(std::string(r.trace->nameOf(ev[0]))),
                 QStringLiteral("a \"ts\": 7.5, {["));
        QCOMPARE(ev[0].start_ns, TimeNs{0});
        QCOMPARE(ev[0].duration(), TimeNs{4});
        QCOMPARE(ev[1].start_ns, TimeNs{122});
        QCOMPARE(ev[1].duration(), TimeNs{2});
    }

    void timesOutsideTheRangeAreErrors_data() {
        QTest::addColumn<QString>("event");
        QTest::addColumn<QString>("error");
        QTest::newRow("whole ts")
            << QString(R"("ts":4611686018427388,"dur":1)")
            << QString(R"(event 0: "ts" is outside ±(2^62 - 1) ns (4611686018427388 µs))");
        QTest::newRow("fractional ts")
            << QString(R"("ts":-4611686018427387.904,"dur":1)")
            << QString(R"(event 0: "ts" is outside ±(2^62 - 1) ns (-4611686018427387.904 µs))");
        QTest::newRow("uint64 dur") << QString(R"("ts":1,"dur":18446744073709551615)")
                                    << QString(R"(event 0: "dur" is outside ±(2^62 - 1) ns)");
        QTest::newRow("span")
            << QString(R"("ts":-4611686018427387,"dur":1},)"
                       R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":1,"dur":1)")
            << QString(
                   "range.json: the records span more than 2^62 - 1 ns (one is "
                   "4611686018427389000 ns after the earliest)");
        QTest::newRow("end") << QString(R"("ts":4611686018427387,"dur":1)")
                             << QString(R"(event 0: "ts" + "dur" ends outside ±(2^62 - 1) ns)");
    }

    void timesOutsideTheRangeAreErrors() {
        QFETCH(QString, event);
        QFETCH(QString, error);
        const std::string json = R"({"traceEvents":[{"ph":"X","cat":"kernel","name":"k","pid":0,)"
                                 R"("tid":7,)" +
                                 event.toStdString() + "}]}";
        const auto r = test::importKinetoJson(json, "range.json");
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error).contains(error), r.error.c_str());
    }

    // A repeated key is not an error (most JSON readers take the last value), but it is named.
    void duplicateKeysAreWarnings() {
        const std::string json = R"({"traceEvents":[
            {"ph":"X","cat":"kernel","name":"first","pid":0,"tid":7,"ts":1,"dur":2,
             "args":{"stream":7}},
            {"ph":"X","cat":"kernel","name":"twice","pid":0,"tid":7,"ts":10,"dur":2,"ts":20,
             "args":{"stream":7}},
            {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":0,"tid":1,"ts":30,
             "dur":1,"args":{"correlation":5,"correlation":6}}]})";
        const auto r = test::importKinetoJson(json, "dup.json");
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(r.trace->events.size(), std::size_t{3});
        QCOMPARE(r.trace->events[1].start_ns, TimeNs{19'000});  // the last "ts" (20 µs), rebased
        QCOMPARE(r.trace->events[2].correlation, 6u);
        QStringList warnings;
        for (const auto& w : r.warnings)
            warnings << QString::fromStdString(w);
        const QString all = warnings.join('\n');
        QVERIFY2(all.contains(QStringLiteral(
                     R"(event 1 ("twice"): duplicate key "ts"; the last value is used)")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral(
                     R"(event 2 ("cudaLaunchKernel"): duplicate key "args.correlation")")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("dup.json: byte ")), qPrintable(all));
        QVERIFY(!all.contains(QStringLiteral("event 0")));
    }

    // Many events with repeats: ten are named, the rest counted in one line.
    void duplicateKeyWarningsAreBounded() {
        std::string json = R"({"traceEvents":[)";
        for (int i = 0; i < 25; ++i)
            json += std::string(i ? "," : "") +
                    R"({"ph":"i","name":"n","pid":0,"tid":1,"ts":1,"ts":2})";
        json += "]}";
        const auto r = test::importKinetoJson(json, "many.json");
        QVERIFY2(r.ok(), r.error.c_str());
        int named = 0;
        bool summary = false;
        for (const auto& w : r.warnings) {
            named += w.find("duplicate key \"ts\"") != std::string::npos ? 1 : 0;
            summary =
                summary || w.find("15 more event(s) with a duplicate key") != std::string::npos;
        }
        QCOMPARE(named, 10);
        QVERIFY(summary);
    }

    // The NCCL trace (param-dlrm-ranks: 7 ranks of one step, backend nccl) as recorded, whole
    // microseconds, and with nanosecond decimals as current profilers write them.
    void ncclRanksExact_data() {
        QTest::addColumn<int>("rank");
        QTest::addColumn<bool>("decimals");
        for (int rank = 1; rank <= 7; ++rank) {
            QTest::addRow("rank %d", rank) << rank << false;
            QTest::addRow("rank %d with ns decimals", rank) << rank << true;
        }
    }

    void ncclRanksExact() {
        QFETCH(int, rank);
        QFETCH(bool, decimals);
        const QString path = ncclRankPath(rank);
        if (path.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES(
                QStringLiteral("param-dlrm-ranks/worker%1_* not found").arg(rank));
        const std::string raw = inflate(path);
        QVERIFY2(!raw.empty(), qPrintable(path));
        QString text = QString::fromStdString(raw);
        if (decimals)
            text = withNanosecondDecimals(text);
        checkExact(text, QFileInfo(path).fileName(), 2400);
    }

    // A real trace written with three decimals (H100, relative microseconds).
    void fractionalRealTraceExact() {
        const QString path =
            QDir(realTracesDir())
                .filePath(QStringLiteral(
                    "AMD-AGI__TraceLens__gaunernst_bert-small-uncased__1016001.json.gz"));
        if (!QFile::exists(path))
            SYNCSCOPE_MISSING_REAL_TRACES(QFileInfo(path).fileName() +
                                          QStringLiteral(" not found"));
        checkExact(QString::fromStdString(inflate(path)), QFileInfo(path).fileName(), 2000);
    }
};

QTEST_GUILESS_MAIN(TstKinetoExactTimes)
#include "tst_kineto_exact_times.moc"
