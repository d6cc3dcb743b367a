#include <QTest>

#include "core/analysis/terminal_text.h"

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

    void keepsLineBreaksWhenAsked() {
        QCOMPARE(escapeForTerminal("one\x1b[2J\ntwo", LineBreaks::Keep),
                 std::string("one\\x1b[2J\ntwo"));
        QCOMPARE(escapeForTerminal("one\ntwo"), std::string("one\\x0atwo"));
    }
};

QTEST_GUILESS_MAIN(TestTerminalText)
#include "tst_terminal_text.moc"
