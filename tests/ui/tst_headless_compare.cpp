// `syncscope --compare` and `--replay-frames`, run as a user would: the compare view as one
// picture (two timelines, both titled, and the table), a clear error and exit code 2 for a bad
// --compare, and replay frames that are byte-identical from one run to the next.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/ui/headless_test_utils.h"
#include "ui/timeline/theme.h"

using namespace syncscope;
using syncscope::testing::runSyncscope;

namespace {

int kernelRows(const QImage& image, int top, int bottom, const QColor& kernel) {
    int rows = 0;
    for (int y = top; y < bottom; ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixelColor(x, y) == kernel) {
                ++rows;
                break;
            }
        }
    }
    return rows;
}

}  // namespace

class TestHeadlessCompare : public QObject {
    Q_OBJECT
private slots:
    void comparePictureHasTwoTimelines();
    void compareAsSvg();
    void badCompareArgument();
    void replayFramesAreDeterministic();
    void replayBadInput();
};

void TestHeadlessCompare::comparePictureHasTwoTimelines() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("compare.png"));
    const auto r =
        runSyncscope({QStringLiteral("--scenario"), QStringLiteral("builtin:mode-cpu-synchronize"),
                      QStringLiteral("--compare"), QStringLiteral("builtin:mode-device"),
                      QStringLiteral("--engine"), QStringLiteral("sim"), QStringLiteral("--export"),
                      out, QStringLiteral("--size"), QStringLiteral("1200x1000")});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("builtin:mode-device")));
    const QImage image(out);
    QCOMPARE(image.size(), QSize(1200, 1000));
    // Kernel bars in the upper half and in the lower half: two timelines, not one.
    const QColor kernel = Theme::light().kindColor(EventKind::Kernel);
    QVERIFY(kernelRows(image, 0, 450, kernel) > 10);
    QVERIFY(kernelRows(image, 450, 900, kernel) > 10);
}

void TestHeadlessCompare::compareAsSvg() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("compare.svg"));
    const auto r = runSyncscope(
        {QStringLiteral("--scenario"), QStringLiteral("builtin:policy-spin"),
         QStringLiteral("--compare"), QStringLiteral("builtin:policy-blocking-sync"),
         QStringLiteral("--engine"), QStringLiteral("sim"), QStringLiteral("--export"), out});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray svg = f.readAll();
    QCOMPARE(testing::svgSize(svg), QSize(1600, 900));
    // Both halves are titled, and the table is in the picture.
    QVERIFY(svg.contains("A: "));
    QVERIFY(svg.contains("B: "));
    QVERIFY(svg.contains("CPU burnt waiting"));
    // One legend for both halves: A's spinning waits and B's sleeping ones are both explained.
    QVERIFY(svg.contains("host wait, spinning"));
    QVERIFY(svg.contains("host wait, sleeping"));
}

void TestHeadlessCompare::badCompareArgument() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("x.png"));
    auto r = runSyncscope({QStringLiteral("--scenario"), QStringLiteral("builtin:mode-device"),
                           QStringLiteral("--compare"), QStringLiteral("builtin:no-such-thing"),
                           QStringLiteral("--export"), out});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--compare builtin:no-such-thing: no built-in "
                                           "scenario of that name")),
             qPrintable(r.err));
    r = runSyncscope({QStringLiteral("--scenario"), QStringLiteral("builtin:mode-device"),
                      QStringLiteral("--compare"), dir.filePath(QStringLiteral("missing.json")),
                      QStringLiteral("--export"), out});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("missing.json: no such file")), qPrintable(r.err));
    r = runSyncscope({QStringLiteral("--compare"), QStringLiteral("builtin:mode-device"),
                      QStringLiteral("--export"), out});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--compare B needs a run")), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestHeadlessCompare::replayFramesAreDeterministic() {
    QTemporaryDir dir;
    const QStringList args = {
        QStringLiteral("--scenario"),     QStringLiteral("builtin:mode-event"),
        QStringLiteral("--engine"),       QStringLiteral("sim"),
        QStringLiteral("--fps"),          QStringLiteral("4"),
        QStringLiteral("--replay-speed"), QStringLiteral("2ms"),
        QStringLiteral("--size"),         QStringLiteral("640x360")};
    const QString one = dir.filePath(QStringLiteral("one"));
    const QString two = dir.filePath(QStringLiteral("two"));
    auto r = runSyncscope(args + QStringList{QStringLiteral("--replay-frames"), one});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    r = runSyncscope(args + QStringList{QStringLiteral("--replay-frames"), two});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    const QStringList frames =
        QDir(one).entryList({QStringLiteral("frame_*.png")}, QDir::Files, QDir::Name);
    QVERIFY(frames.size() >= 3);
    QCOMPARE(frames.first(), QStringLiteral("frame_00000.png"));
    QCOMPARE(QDir(two).entryList({QStringLiteral("frame_*.png")}, QDir::Files, QDir::Name), frames);
    auto bytes = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    for (const QString& name : frames) {
        const QByteArray a = bytes(one + QLatin1Char('/') + name);
        QVERIFY(!a.isEmpty());
        QVERIFY2(a == bytes(two + QLatin1Char('/') + name), qPrintable(name));
    }
    // The replay moves: the first frame is not the last.
    QVERIFY(bytes(one + QLatin1Char('/') + frames.first()) !=
            bytes(one + QLatin1Char('/') + frames.last()));
    QCOMPARE(QImage(one + QLatin1Char('/') + frames.last()).size(), QSize(640, 360));
}

void TestHeadlessCompare::replayBadInput() {
    QTemporaryDir dir;
    const QStringList base = {QStringLiteral("--scenario"), QStringLiteral("builtin:mode-event"),
                              QStringLiteral("--engine"), QStringLiteral("sim")};
    auto r = runSyncscope(base + QStringList{QStringLiteral("--replay-frames"), dir.path(),
                                             QStringLiteral("--fps"), QStringLiteral("0")});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("bad --fps '0'")), qPrintable(r.err));
    r = runSyncscope(base + QStringList{QStringLiteral("--replay-frames"), dir.path(),
                                        QStringLiteral("--replay-speed"), QStringLiteral("fast")});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("bad --replay-speed 'fast'")), qPrintable(r.err));
    const QString file = dir.filePath(QStringLiteral("a-file"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    r = runSyncscope(base + QStringList{QStringLiteral("--replay-frames"), file});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("a-file: not a directory")), qPrintable(r.err));
    // A frame rate that would need more frames than the limit says so and writes nothing.
    const QString many = dir.filePath(QStringLiteral("many"));
    r = runSyncscope(base + QStringList{QStringLiteral("--replay-frames"), many,
                                        QStringLiteral("--fps"), QStringLiteral("240"),
                                        QStringLiteral("--replay-speed"), QStringLiteral("1ns")});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("more than the limit")), qPrintable(r.err));
    QVERIFY(QDir(many).entryList(QDir::Files).isEmpty());
}

QTEST_MAIN(TestHeadlessCompare)
#include "tst_headless_compare.moc"
