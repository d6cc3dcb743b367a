// `syncscope --lang ja|en`, run as a user runs it: a separate process, no window. A Japanese export
// draws its texts in Japanese with a font that has the glyphs; an English one has no Japanese.
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "headless_test_utils.h"

using namespace syncscope::testing;

namespace {

QString readSvg(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Kana or CJK ideographs anywhere in the text.
bool hasJapanese(const QString& text) {
    static const QRegularExpression re(QStringLiteral("[\\x{3040}-\\x{30ff}\\x{4e00}-\\x{9fff}]"));
    return re.match(text).hasMatch();
}

Outcome exportIn(const QString& lang, const QString& out) {
    return runSyncscope({QStringLiteral("--scenario"),
                         QStringLiteral("builtin:mode-cpu-synchronize"), QStringLiteral("--engine"),
                         QStringLiteral("sim"), QStringLiteral("--lang"), lang,
                         QStringLiteral("--export"), out});
}

}  // namespace

class TestHeadlessLanguage : public QObject {
    Q_OBJECT
private slots:
    void japaneseExportIsInJapanese() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("ja.svg"));
        const Outcome o = exportIn(QStringLiteral("ja"), out);
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QString svg = readSvg(out);
        QVERIFY(svg.contains(QLatin1String("<svg")));
        QVERIFY2(hasJapanese(svg), "the --lang ja picture has no Japanese text");
        // The callout is the scenario's Japanese one, not the English.
        QVERIFY2(!svg.contains(QLatin1String("it waited for nothing")),
                 "the --lang ja picture still shows the English callout");
        QVERIFY2(svg.contains(QStringLiteral("何も待っていない")),
                 "the --lang ja picture does not show the Japanese callout");
        // The caption names the run by the scenario's Japanese title.
        QVERIFY2(svg.contains(QStringLiteral("torch.cpu.synchronize() は何も待たない")),
                 "the --lang ja caption does not carry the Japanese title");
        QVERIFY(!svg.contains(QLatin1String("torch.cpu.synchronize() waits for nothing")));
    }

    void englishExportHasNoJapanese() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("en.svg"));
        const Outcome o = exportIn(QStringLiteral("en"), out);
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QString svg = readSvg(out);
        QVERIFY(svg.contains(QLatin1String("<svg")));
        QVERIFY2(!hasJapanese(svg), "the --lang en picture has Japanese text");
        QVERIFY(svg.contains(QLatin1String("it waited for nothing")));
        QVERIFY(svg.contains(QLatin1String("torch.cpu.synchronize() waits for nothing")));
    }

    void unknownLanguageIsAClearError() {
        QTemporaryDir dir;
        const Outcome o = exportIn(QStringLiteral("jp"), dir.filePath(QStringLiteral("x.svg")));
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains(QLatin1String("--lang 'jp'")), qPrintable(o.err));
        QVERIFY2(o.err.contains(QLatin1String("ja or en")), qPrintable(o.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.svg"))));
    }
};

QTEST_GUILESS_MAIN(TestHeadlessLanguage)
#include "tst_headless_language.moc"
