// JsonText::appendString, the one JSON string escaper, and its one rule for invalid UTF-8: every
// byte that does not start a well-formed sequence becomes \ufffd.

#include <QTest>
#include <string>

#include "core/io/json_text.h"
#include "core/model/utf8.h"

using namespace syncscope;

class TestJsonText : public QObject {
    Q_OBJECT

private slots:
    void escapes_data() {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("plain") << QByteArray("kernel") << QByteArray("\"kernel\"");
        QTest::newRow("empty") << QByteArray("") << QByteArray("\"\"");
        QTest::newRow("quote and backslash")
            << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("control chars")
            << QByteArray("\n\t\x1b\x7f", 4) << QByteArray("\"\\u000a\\u0009\\u001b\x7f\"");
        QTest::newRow("nul") << QByteArray("a\0b", 3) << QByteArray("\"a\\u0000b\"");
        QTest::newRow("two-byte") << QByteArray("caf\xc3\xa9") << QByteArray("\"caf\xc3\xa9\"");
        QTest::newRow("three-byte") << QByteArray("\xe2\x82\xac") << QByteArray("\"\xe2\x82\xac\"");
        QTest::newRow("four-byte")
            << QByteArray("\xf0\x9f\x9a\x80") << QByteArray("\"\xf0\x9f\x9a\x80\"");
        QTest::newRow("lone latin-1") << QByteArray("caf\xe9") << QByteArray("\"caf\\ufffd\"");
        QTest::newRow("truncated at end")
            << QByteArray("a\xe2\x82") << QByteArray("\"a\\ufffd\\ufffd\"");
        QTest::newRow("truncated then ascii")
            << QByteArray("\xe2\x82x") << QByteArray("\"\\ufffd\\ufffdx\"");
        QTest::newRow("lone continuation") << QByteArray("\x80") << QByteArray("\"\\ufffd\"");
        QTest::newRow("overlong slash")
            << QByteArray("\xc0\xaf") << QByteArray("\"\\ufffd\\ufffd\"");
        QTest::newRow("surrogate")
            << QByteArray("\xed\xa0\x80") << QByteArray("\"\\ufffd\\ufffd\\ufffd\"");
        QTest::newRow("past U+10FFFF")
            << QByteArray("\xf4\x90\x80\x80") << QByteArray("\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
        QTest::newRow("0xff") << QByteArray("\xff") << QByteArray("\"\\ufffd\"");
    }

    void escapes() {
        QFETCH(QByteArray, in);
        QFETCH(QByteArray, out);
        std::string text;
        JsonText::appendString(text, std::string_view(in.constData(), in.size()));
        QCOMPARE(QByteArray::fromStdString(text), out);
    }

    void sequenceLengthAgreesWithTheRule() {
        QCOMPARE(Utf8::sequenceLength("a", 0), std::size_t{1});
        QCOMPARE(Utf8::sequenceLength("\xc3\xa9", 0), std::size_t{2});
        QCOMPARE(Utf8::sequenceLength("\xf0\x9f\x9a\x80", 0), std::size_t{4});
        QCOMPARE(Utf8::sequenceLength("\xc3", 0), std::size_t{0});
        QCOMPARE(Utf8::sequenceLength("\xe0\x80\x80", 0), std::size_t{0});  // overlong
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_json_text.moc"
