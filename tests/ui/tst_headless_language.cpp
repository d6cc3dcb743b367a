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

// The texts the painter was given, a line per baseline. Qt's SVG generator writes one <text> per
// run of one script and font, so "は何も待たない" arrives as several elements on one baseline.
QString drawnText(const QString& svg) {
    static const QRegularExpression run(
        QStringLiteral("<text [^>]*\\by=\"([^\"]*)\"[^>]*>([^<]*)</text>"));
    QString out;
    QString lastY;
    for (auto it = run.globalMatch(svg); it.hasNext();) {
        const auto m = it.next();
        if (!out.isEmpty() && m.captured(1) != lastY)
            out += QLatin1Char('\n');
        lastY = m.captured(1);
        QString piece = m.captured(2);
        piece.replace(QLatin1String("&lt;"), QLatin1String("<"))
            .replace(QLatin1String("&gt;"), QLatin1String(">"))
            .replace(QLatin1String("&quot;"), QLatin1String("\""))
            .replace(QLatin1String("&apos;"), QLatin1String("'"))
            .replace(QLatin1String("&amp;"), QLatin1String("&"));
        out += piece;
    }
    return out;
}

// `needle` drawn on one line, or across a wrap (Japanese wraps between any two characters).
bool shows(const QString& text, const QString& needle) {
    return text.contains(needle) || QString(text).remove(QLatin1Char('\n')).contains(needle);
}

// Kana or CJK ideographs anywhere in the text.
bool hasJapanese(const QString& text) {
    static const QRegularExpression re(QStringLiteral("[\\x{3040}-\\x{30ff}\\x{4e00}-\\x{9fff}]"));
    return re.match(text).hasMatch();
}

Outcome exportOf(const QString& scenario, const QString& lang, const QString& out) {
    return runSyncscope({QStringLiteral("--scenario"), scenario, QStringLiteral("--engine"),
                         QStringLiteral("sim"), QStringLiteral("--lang"), lang,
                         QStringLiteral("--export"), out});
}

Outcome exportIn(const QString& lang, const QString& out) {
    return exportOf(QStringLiteral("builtin:mode-cpu-synchronize"), lang, out);
}

// The SVG of `scenario` exported under `lang`, or an empty string (with a failed check) when the
// export did not work.
QString svgOf(const QString& scenario, const QString& lang) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("x.svg"));
    const Outcome o = exportOf(scenario, lang, out);
    if (o.exit_code != 0) {
        qWarning("%s", qPrintable(o.err));
        return {};
    }
    return drawnText(readSvg(out));
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
        const QString text = drawnText(svg);
        QVERIFY2(hasJapanese(text), "the --lang ja picture has no Japanese text");
        // The callout is the scenario's Japanese one, not the English.
        QVERIFY2(!shows(text, QLatin1String("it waited for nothing")),
                 "the --lang ja picture still shows the English callout");
        QVERIFY2(shows(text, QStringLiteral("何も待っていない")),
                 "the --lang ja picture does not show the Japanese callout");
        // The caption names the run by the scenario's Japanese title.
        QVERIFY2(shows(text, QStringLiteral("torch.cpu.synchronize() は何も待たない")),
                 "the --lang ja caption does not carry the Japanese title");
        QVERIFY(!shows(text, QLatin1String("torch.cpu.synchronize() waits for nothing")));
    }

    void englishExportHasNoJapanese() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("en.svg"));
        const Outcome o = exportIn(QStringLiteral("en"), out);
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QString svg = readSvg(out);
        QVERIFY(svg.contains(QLatin1String("<svg")));
        const QString text = drawnText(svg);
        QVERIFY2(!hasJapanese(text), "the --lang en picture has Japanese text");
        QVERIFY(shows(text, QLatin1String("it waited for nothing")));
        QVERIFY(shows(text, QLatin1String("torch.cpu.synchronize() waits for nothing")));
    }

    // The painter is given the catalogue's mode name, the legend entries and the cpu-sync label in
    // the interface's language; the SVG keeps each drawn text as text.
    void japaneseModeNameLegendAndCpuSyncLabel() {
        const QString device = svgOf(QStringLiteral("builtin:mode-device"), QStringLiteral("ja"));
        QVERIFY(!device.isEmpty());
        QVERIFY2(shows(device, QStringLiteral("同期: デバイス同期")),
                 "the --lang ja caption does not name the mode in Japanese");
        QVERIFY(!shows(device, QLatin1String("Device synchronize")));
        QVERIFY2(shows(device, QStringLiteral("カーネル")), "no Japanese legend entry for kernels");
        QVERIFY2(shows(device, QStringLiteral("ホスト待機")), "no Japanese legend entry for waits");
        QVERIFY(!shows(device, QLatin1String("host wait, ")));
        // The lanes the simulator named carry Japanese labels.
        QVERIFY2(shows(device, QStringLiteral("ホストスレッド")),
                 "the host lane is not labelled in Japanese");
        QVERIFY(!shows(device, QLatin1String("host thread")));

        const QString cpu =
            svgOf(QStringLiteral("builtin:mode-cpu-synchronize"), QStringLiteral("ja"));
        QVERIFY2(shows(cpu, QStringLiteral("torch.cpu.synchronize(): 何も待たない")),
                 "the --lang ja legend has no Japanese cpu-sync entry");
        QVERIFY2(shows(cpu, QStringLiteral("torch.cpu.synchronize(): 何も待たなかった")),
                 "the --lang ja timeline has no Japanese cpu-sync label");
        QVERIFY(shows(cpu, QStringLiteral("がまだキューにある")));
        QVERIFY(!shows(cpu, QLatin1String("waited for nothing")));
        QVERIFY(!shows(cpu, QLatin1String("still queued")));
    }

    void englishModeNameLegendAndCpuSyncLabel() {
        const QString device = svgOf(QStringLiteral("builtin:mode-device"), QStringLiteral("en"));
        QVERIFY(shows(device, QLatin1String("sync: Device synchronize")));
        QVERIFY(shows(device, QLatin1String("host wait, ")));
        const QString cpu =
            svgOf(QStringLiteral("builtin:mode-cpu-synchronize"), QStringLiteral("en"));
        QVERIFY(shows(cpu, QLatin1String("torch.cpu.synchronize(): waits for nothing")));
        QVERIFY(shows(cpu, QLatin1String("torch.cpu.synchronize(): waited for nothing")));
        QVERIFY(!hasJapanese(device + cpu));
    }

    // The memory plot's series and axis under Japanese (a lesson with PyTorch's allocator).
    void japaneseMemoryPlot() {
        const QString ja = svgOf(QStringLiteral("builtin:claim-5-sync-does-not-free-memory"),
                                 QStringLiteral("ja"));
        QVERIFY2(shows(ja, QStringLiteral("PyTorch 確保済み")), qPrintable(ja));
        QVERIFY(shows(ja, QStringLiteral("メモリ (MiB)")));
        QVERIFY(!shows(ja, QLatin1String("PyTorch allocated")));
        QVERIFY(!shows(ja, QLatin1String("memory (MiB)")));
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
