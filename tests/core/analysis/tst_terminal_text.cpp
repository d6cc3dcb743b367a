#include <QTest>
#include <vector>

#include "core/model/terminal_text.h"

using namespace syncscope;

// Names from hostile files reach the terminal only as visible text.
class TestTerminalText : public QObject {
    Q_OBJECT

private slots:
    void escapes_data() {
        QTest::addColumn<QByteArray>("in");
        QTest::addColumn<QByteArray>("out");
        QTest::newRow("plain") << QByteArray("kernel<float> a_b 1.5")
                               << QByteArray("kernel<float> a_b 1.5");
        QTest::newRow("set title")
            << QByteArray("\x1b]0;pwned\x07x") << QByteArray("\\x1b]0;pwned\\x07x");
        QTest::newRow("newline, tab, CR, DEL")
            << QByteArray("a\nb\tc\rd\x7f") << QByteArray("a\\x0ab\\x09c\\x0dd\\x7f");
        QTest::newRow("NUL") << QByteArray("a\0b", 3) << QByteArray("a\\x00b");
        QTest::newRow("UTF-8 passes") << QByteArray("µs — 同期 🚀") << QByteArray("µs — 同期 🚀");
        QTest::newRow("C1 CSI (U+009B)") << QByteArray(
                                                "a\xc2\x9b"
                                                "2Jb")
                                         << QByteArray("a\\xc2\\x9b2Jb");
        QTest::newRow("U+00A0 passes") << QByteArray("a\xc2\xa0z") << QByteArray("a\xc2\xa0z");
        QTest::newRow("raw 8-bit CSI") << QByteArray(
                                              "a\x9b"
                                              "2J")
                                       << QByteArray("a\\x9b2J");
        QTest::newRow("truncated sequence") << QByteArray("a\xe2\x82") << QByteArray("a\\xe2\\x82");
        QTest::newRow("overlong ESC") << QByteArray("\xc0\x9b") << QByteArray("\\xc0\\x9b");
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\\xed\\xa0\\x80");
    }
    void escapes() {
        QFETCH(QByteArray, in);
        QFETCH(QByteArray, out);
        const std::string got = escapeForTerminal(std::string_view(in.constData(), in.size()));
        QCOMPARE(QByteArray::fromStdString(got), out);
    }

    // Every C0 control, DEL, every C1 control and every bidirectional override or isolate comes out
    // escaped, and nothing of it is left raw; the characters around those ranges pass.
    void everyControlIsEscaped() {
        auto utf8 = [](char32_t c) {
            std::string s;
            if (c < 0x80) {
                s += static_cast<char>(c);
            } else if (c < 0x800) {
                s += static_cast<char>(0xC0 | (c >> 6));
                s += static_cast<char>(0x80 | (c & 0x3F));
            } else {
                s += static_cast<char>(0xE0 | (c >> 12));
                s += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
                s += static_cast<char>(0x80 | (c & 0x3F));
            }
            return s;
        };
        std::vector<char32_t> unsafe;
        for (char32_t c = 0; c < 0x20; ++c)
            unsafe.push_back(c);
        unsafe.push_back(0x7F);
        for (char32_t c = 0x80; c <= 0x9F; ++c)
            unsafe.push_back(c);
        for (char32_t c = 0x202A; c <= 0x202E; ++c)
            unsafe.push_back(c);
        for (char32_t c = 0x2066; c <= 0x2069; ++c)
            unsafe.push_back(c);
        for (const char32_t c : unsafe) {
            const std::string raw = utf8(c);
            const std::string got = escapeForTerminal("a" + raw + "b");
            QVERIFY2(got.find(raw) == std::string::npos, qPrintable(QString::number(c, 16)));
            QVERIFY2(got.rfind("a\\x", 0) == 0 && got.back() == 'b', got.c_str());
        }
        for (const char32_t c : {char32_t(0x20), char32_t(0x7E), char32_t(0xA0), char32_t(0x2029),
                                 char32_t(0x202F), char32_t(0x2065), char32_t(0x206A)})
            QCOMPARE(escapeForTerminal(utf8(c)), utf8(c));
    }

    void keepsLineBreaksWhenAsked() {
        QCOMPARE(escapeForTerminal("one\x1b[2J\ntwo", LineBreaks::Keep),
                 std::string("one\\x1b[2J\ntwo"));
        QCOMPARE(escapeForTerminal("one\ntwo"), std::string("one\\x0atwo"));
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminal_text.moc"
