#include <QtTest>

#include "core/analysis/time_format.h"
#include "core/model/text_wrap.h"

using namespace syncscope;

// Times as the axis labels them, and text wrapped for a terminal (the doctor's 80 columns).
class TestTimeFormatAxis : public QObject {
    Q_OBJECT

private slots:
    void onAxis_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<qint64>("span");
        QTest::addColumn<QString>("text");
        QTest::newRow("µs span") << qint64(412'300) << qint64(900'000) << "412.3 µs";
        QTest::newRow("ms span") << qint64(23'637'930) << qint64(50'000'000) << "23.64 ms";
        QTest::newRow("grouped") << qint64(1'234'567'000) << qint64(999'999'999'999) << "1.235 s";
        QTest::newRow("thousands of ms")
            << qint64(1'234'560'000) << qint64(999'000'000) << "1,234.56 ms";
        QTest::newRow("negative") << qint64(-2'500'000) << qint64(10'000'000) << "-2.50 ms";
        QTest::newRow("zero") << qint64(0) << qint64(10'000'000) << "0.00 ms";
    }
    void onAxis() {
        QFETCH(qint64, ns);
        QFETCH(qint64, span);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatOnAxis(ns, span)), text);
    }

    void wrapsAtWordsUnderItsLabel() {
        const std::string text =
            "The GPU finishes each kernel before the host has launched the next one: the launch "
            "overhead of many small kernels, not the GPU, sets the pace.";
        const std::string out = wrapText("   why: ", text, 40, "        ");
        const QStringList lines = QString::fromStdString(out).split(QLatin1Char('\n'));
        QVERIFY(lines.size() >= 4);
        QVERIFY(lines[0].startsWith(QLatin1String("   why: The GPU")));
        for (const QString& line : lines) {
            QVERIFY2(line.size() <= 40, qPrintable(line));
            QVERIFY(!line.endsWith(QLatin1Char(' ')));
        }
        for (int k = 1; k < lines.size(); ++k)
            QVERIFY(lines[k].startsWith(QLatin1String("        ")) && lines[k][8] != ' ');
        // Nothing lost or reordered.
        QString joined;
        for (const QString& line : lines)
            joined += line.trimmed() + QLatin1Char(' ');
        QCOMPARE(joined.trimmed(), QStringLiteral("why: ") + QString::fromStdString(text));
    }

    void countsCodePointsAndKeepsLongWords() {
        // "µ" is two bytes and one column: "µs1" takes 3 columns, four of them fit a 15-column
        // line.
        const std::string out = wrapText("", "µs1 µs2 µs3 µs4 µs5", 15, "");
        QCOMPARE(QString::fromStdString(out), QStringLiteral("µs1 µs2 µs3 µs4\nµs5"));
        QCOMPARE(QString::fromStdString(wrapText("> ", "a verylongwordthatdoesnotfit b", 10, "  ")),
                 QStringLiteral("> a\n  verylongwordthatdoesnotfit\n  b"));
    }
};

QTEST_GUILESS_MAIN(TestTimeFormatAxis)
#include "tst_time_format_axis.moc"
