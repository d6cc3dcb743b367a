#include <sys/stat.h>
#include <unistd.h>

#include <QClipboard>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <cerrno>
#include <cstring>

#include "core/io/atomic_file_writer.h"
#include "tst_timeline_fixtures.h"
#include "ui/export/image_exporter.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int countColour(const QImage& image, const QColor& colour) {
    const QRgb want = colour.rgb();
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if ((line[x] & 0xFFFFFF) == (want & 0xFFFFFF))
                ++n;
    }
    return n;
}

ssize_t diskFull(int, const void*, std::size_t) {
    errno = ENOSPC;
    return -1;
}

// The font-size of every text element QSvgGenerator wrote (it writes pixel sizes for fonts sized
// in pixels).
QList<int> svgFontSizes(const QByteArray& svg) {
    QList<int> sizes;
    static const QRegularExpression font(QStringLiteral("<text[^>]*font-size=\"([0-9.]+)\""));
    auto it = font.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext())
        sizes << qRound(it.next().captured(1).toDouble());
    return sizes;
}

ExportOptions options(const QString& path) {
    ExportOptions o;
    o.path = path;
    o.size = QSize(1600, 900);
    o.date = QDateTime(QDate(2026, 11, 30), QTime(4, 0), QTimeZone::utc());
    return o;
}

}  // namespace

class TestExportImage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        trace_ = makeDemoTrace(6);
    }

    void eachFormatIsWritten_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("png") << QStringLiteral("t.png") << QByteArray("\x89PNG", 4);
        QTest::newRow("jpeg") << QStringLiteral("t.jpg") << QByteArray("\xFF\xD8\xFF", 3);
        QTest::newRow("svg") << QStringLiteral("t.svg") << QByteArray("<?xml");
        QTest::newRow("pdf") << QStringLiteral("t.pdf") << QByteArray("%PDF-");
    }
    void eachFormatIsWritten() {
        QFETCH(QString, name);
        QFETCH(QByteArray, magic);
        const QString path = dir_.filePath(name);
        QString error;
        QVERIFY2(exportTraceImage(trace_, options(path), &error), qPrintable(error));
        const QByteArray bytes = readAll(path);
        QVERIFY2(bytes.startsWith(magic), bytes.left(16).toHex().constData());
        QVERIFY(bytes.size() > 2000);  // not an empty picture (hotspot #637)
        if (name.endsWith(QLatin1String(".svg"))) {
            QVERIFY(bytes.contains("stream 0 (non-blocking)"));  // lane labels are text, not pixels
            QVERIFY(bytes.contains("two-stream pipeline"));      // caption
        }
    }

    void pngHasTheSizeAndTheLaneColours() {
        const QString path = dir_.filePath(QStringLiteral("colours.png"));
        QString error;
        QVERIFY2(exportTraceImage(trace_, options(path), &error), qPrintable(error));
        QImage image(path);
        QCOMPARE(image.size(), QSize(1600, 900));
        maybeSave(image, QStringLiteral("export-light.png"));
        const Theme t = Theme::light();
        // Solid bars show their colour exactly: kernels, copies, sleeping waits, API calls.
        QVERIFY(countColour(image, t.kindColor(EventKind::Kernel)) > 5000);
        QVERIFY(countColour(image, t.kindColor(EventKind::Memcpy)) > 500);
        QVERIFY(countColour(image, t.sleepingWait) > 500);
        QVERIFY(countColour(image, t.kindColor(EventKind::HostWork)) > 500);
        // The hatched spinning waits carry their hatch colour.
        QVERIFY(countColour(image, t.spinningWait) > 100);
        // The memory plot draws its lines.
        QVERIFY(countColour(image, t.memory[0]) > 200);
    }

    void scaleMultipliesPixels() {
        ExportOptions o = options(dir_.filePath(QStringLiteral("scaled.png")));
        o.size = QSize(800, 450);
        o.scale = 2.0;
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        QCOMPARE(QImage(o.path).size(), QSize(1600, 900));
    }

    void arrowsAreDrawnWhenAsked() {
        // The awaited and record flows have colours nothing else in the light theme uses.
        const Theme t = Theme::light();
        const QByteArray awaited =
            t.flow[static_cast<std::size_t>(FlowKind::Awaited)].name().toLatin1();
        const QByteArray record =
            t.flow[static_cast<std::size_t>(FlowKind::Record)].name().toLatin1();
        ExportOptions o = options(dir_.filePath(QStringLiteral("no-arrows.svg")));
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        const QByteArray without = readAll(o.path);
        o.path = dir_.filePath(QStringLiteral("arrows.svg"));
        o.showFlows = true;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        const QByteArray with = readAll(o.path);
        QVERIFY(!without.contains(awaited) && !without.contains(record));
        // One path per arrow: 6 batches of launches, records and awaited flows.
        QVERIFY2(
            with.count(awaited) >= 6 && with.count(record) >= 6,
            qPrintable(QStringLiteral("%1 %2").arg(with.count(awaited)).arg(with.count(record))));
        QVERIFY(with.count("<path") >= without.count("<path") + 6 * 3);
        QVERIFY(with.contains(">waited for<") && !without.contains(">waited for<"));  // legend
    }

    void legendListsWhatTheRangeShows() {
        // Inside the host work after the first sync: the GPU is idle and no one waits.
        TraceEvent work;
        for (const auto& e : trace_->events)
            if (e.kind == EventKind::HostWork) {
                work = e;
                break;
            }
        ExportOptions o = options(dir_.filePath(QStringLiteral("host-work.svg")));
        o.range = std::make_pair(work.start_ns + 10'000, work.end_ns - 10'000);
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        const QByteArray svg = readAll(o.path);
        QVERIFY(svg.contains(">host work<"));
        QVERIFY(svg.contains(">GPU idle<"));
        QVERIFY(!svg.contains(">kernel<"));
        QVERIFY(!svg.contains(">host wait, spinning<"));
        o.range.reset();
        o.path = dir_.filePath(QStringLiteral("whole.svg"));
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        const QByteArray whole = readAll(o.path);
        QVERIFY(whole.contains(">kernel<") && whole.contains(">host wait, spinning<"));
    }

    void memoryPlotOnlyWithMemory() {
        ExportOptions o = options(dir_.filePath(QStringLiteral("memory.svg")));
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        QVERIFY(readAll(o.path).contains("memory (MiB)"));
        auto quiet = std::make_shared<Trace>(*trace_);
        quiet->memory = {MemorySample{0, 0, 0, 0, -1, -1}};
        o.path = dir_.filePath(QStringLiteral("no-memory.svg"));
        QVERIFY2(exportTraceImage(quiet, o, &error), qPrintable(error));
        QVERIFY(!readAll(o.path).contains("memory ("));
        o.memory = true;
        o.path = dir_.filePath(QStringLiteral("forced-memory.svg"));
        QVERIFY2(exportTraceImage(quiet, o, &error), qPrintable(error));
        QVERIFY(readAll(o.path).contains("memory ("));
    }

    void presentationTextFollowsThePictureHeight() {
        const Theme hd = Theme::presentation().forPicture(QSize(1920, 1080));
        const Theme uhd = Theme::presentation().forPicture(QSize(3840, 2160));
        QVERIFY2(hd.font.pixelSize() >= 28, qPrintable(QString::number(hd.font.pixelSize())));
        QVERIFY(uhd.font.pixelSize() > hd.font.pixelSize());
        QVERIFY(hd.titleFont.pixelSize() > hd.font.pixelSize());
        QVERIFY(uhd.titleFont.pixelSize() > hd.titleFont.pixelSize());
        // Small pictures keep the theme's own size; other themes are left alone.
        const Theme small = Theme::presentation().forPicture(QSize(640, 360));
        QVERIFY(small.font.pixelSize() >= qRound(Theme::presentation().font.pointSizeF() * 4 / 3));
        QCOMPARE(Theme::light().forPicture(QSize(3840, 2160)).font, Theme::light().font);

        // The picture uses it: every text in the SVG is at least 28 px at 1920x1080.
        for (const QSize size : {QSize(1920, 1080), QSize(3840, 2160)}) {
            ExportOptions o = options(dir_.filePath(QStringLiteral("slide.svg")));
            o.size = size;
            o.theme = Theme::presentation();
            QString error;
            QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
            const QList<int> sizes = svgFontSizes(readAll(o.path));
            QVERIFY(!sizes.isEmpty());
            const int want = size.height() == 1080 ? 28 : 56;
            QVERIFY2(*std::min_element(sizes.begin(), sizes.end()) >= want,
                     qPrintable(QStringLiteral("%1 at %2")
                                    .arg(*std::min_element(sizes.begin(), sizes.end()))
                                    .arg(size.height())));
        }
    }

    void themesAndBatchColours() {
        ExportOptions o = options(dir_.filePath(QStringLiteral("dark.png")));
        o.theme = Theme::dark();
        o.colorByBatch = true;
        o.showFlows = true;
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        QImage image(o.path);
        QCOMPARE(image.pixelColor(2, image.height() - 2), Theme::dark().background);
        QVERIFY(countColour(image, Theme::dark().batchColor(0)) > 1000);
        QVERIFY(countColour(image, Theme::dark().batchColor(1)) > 1000);
        maybeSave(image, QStringLiteral("export-dark-batch.png"));
        o.path = dir_.filePath(QStringLiteral("presentation.png"));
        o.theme = Theme::presentation();
        o.colorByBatch = false;
        o.range = std::make_pair(TimeNs(0), TimeNs(1'500'000));
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        maybeSave(QImage(o.path), QStringLiteral("export-presentation.png"));
    }

    void captionNamesScenarioModeEngineDate() {
        const QString c = ImageExporter::defaultCaption(
            *trace_, QDateTime(QDate(2026, 11, 30), QTime(4, 0), QTimeZone::utc()));
        QVERIFY2(c.startsWith(QStringLiteral("two-stream pipeline — sync: ")), qPrintable(c));
        QVERIFY2(
            c.endsWith(QStringLiteral(" — sim on NVIDIA H200 (simulated) — 2026-11-30 04:00 UTC")),
            qPrintable(c));
    }

    // A slide's large type: the caption takes the lines it needs at its separators, so the
    // engine and the date stay whole instead of "— 20…".
    void aLongCaptionWrapsAtItsSeparators() {
        ExportOptions o = options(dir_.filePath(QStringLiteral("caption.svg")));
        o.theme = Theme::presentation();
        o.size = QSize(900, 500);
        o.captionText = QStringLiteral(
            "torch.cpu.synchronize() waits for nothing — sync: torch.cpu.synchronize(), Device "
            "synchronize — sim on NVIDIA H200 (simulated) — 2026-12-05 01:43 UTC");
        QString error;
        QVERIFY2(exportTraceImage(trace_, o, &error), qPrintable(error));
        QFile f(o.path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY2(svg.contains("2026-12-05 01:43 UTC"), "the caption's date was cut off");
        QVERIFY(svg.contains("sim on NVIDIA H200"));
    }

    void captionOfAnImportNamesTheFileNotItsFolders() {
        Trace t = *trace_;
        t.title.clear();
        t.source = "/some/where/run.json.gz";
        const QString c = ImageExporter::defaultCaption(
            t, QDateTime(QDate(2026, 11, 30), QTime(4, 0), QTimeZone::utc()));
        QVERIFY2(c.startsWith(QStringLiteral("run.json.gz — ")), qPrintable(c));
    }

    void failureLeavesExistingFileUntouched() {
        const QString path = dir_.filePath(QStringLiteral("keep.png"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
        }
        // Rendering fails (absurd size): the existing file keeps its bytes, no temp file is left.
        ExportOptions o = options(path);
        o.size = QSize(100000, 100000);
        QString error;
        QVERIFY(!exportTraceImage(trace_, o, &error));
        QVERIFY2(error.contains(QStringLiteral("out of range")), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("precious"));
        // Unknown format: same.
        o = options(dir_.filePath(QStringLiteral("keep.bmpx")));
        QVERIFY(!exportTraceImage(trace_, o, &error));
        QVERIFY2(error.contains(QStringLiteral("unknown image format")), qPrintable(error));
        QCOMPARE(
            QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral("keep")),
            QStringList{QStringLiteral("keep.png")});
    }

    void unwritablePathFailsCleanly() {
        // A directory that does not exist: a clear error naming the file, nothing created.
        const QString path = dir_.filePath(QStringLiteral("no/such/dir/t.png"));
        QString error;
        QVERIFY(!exportTraceImage(trace_, options(path), &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void unwritableExistingFileStaysUntouched() {
        // An existing file in a directory nobody may create files in, root included: /proc.
        const QString path = QStringLiteral("/proc/version");
        const QByteArray before = readAll(path);
        if (before.isEmpty())
            QSKIP("no /proc/version on this system");
        ExportOptions o = options(path);
        o.format = QStringLiteral("png");
        QString error;
        QVERIFY(!exportTraceImage(trace_, o, &error));
        QVERIFY2(error.startsWith(QStringLiteral("could not write /proc/version: ")),
                 qPrintable(error));
        QCOMPARE(readAll(path), before);
    }

    void readOnlyDirectoryKeepsExistingFile() {
        if (::geteuid() == 0)
            QSKIP("running as root: directory permissions do not stop root");
        QTemporaryDir ro;
        const QString path = ro.filePath(QStringLiteral("keep.pdf"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
        }
        QFile::setPermissions(ro.path(), QFile::ReadOwner | QFile::ExeOwner);
        QString error;
        const bool ok = exportTraceImage(trace_, options(path), &error);
        QFile::setPermissions(ro.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!ok);
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("precious"));
    }

    void fullDiskKeepsTheOldFile_data() {
        QTest::addColumn<QString>("name");
        for (const char* name : {"full.png", "full.jpg", "full.svg", "full.pdf"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void fullDiskKeepsTheOldFile() {
        // Qt's writers do not notice a full disk; the export must (it once reported success and
        // left a truncated SVG). The disk is "full" through the atomic writer's test seam.
        QFETCH(QString, name);
        const QString path = dir_.filePath(name);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
        }
        const auto previous = AtomicFileWriter::setWriteFunctionForTesting(&diskFull);
        QString error;
        const bool ok = exportTraceImage(trace_, options(path), &error);
        AtomicFileWriter::setWriteFunctionForTesting(previous);
        QVERIFY(!ok);
        QVERIFY2(error.contains(path) && error.contains(QString::fromLocal8Bit(strerror(ENOSPC))),
                 qPrintable(error));
        QCOMPARE(readAll(path), QByteArray("precious"));
        QCOMPARE(QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden).filter(".tmp-"),
                 QStringList());
    }

    void onlyRegularFilesAreReplaced() {
        const QString fifo = dir_.filePath(QStringLiteral("pipe.svg"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0644), 0);
        QString error;
        QVERIFY(!exportTraceImage(trace_, options(fifo), &error));
        QVERIFY2(error.contains(fifo) && error.contains(QStringLiteral("FIFO")), qPrintable(error));
        struct stat st {};
        QCOMPARE(::lstat(fifo.toLocal8Bit().constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        // A new picture is rw-r--r-- under the usual umask, not the temporary file's rw-------.
        const mode_t old = ::umask(022);
        const QString fresh = dir_.filePath(QStringLiteral("fresh.pdf"));
        const bool ok = exportTraceImage(trace_, options(fresh), &error);
        ::umask(old);
        QVERIFY2(ok, qPrintable(error));
        QCOMPARE(::stat(fresh.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, 0644u);
    }

    void exportsTheLiveViewAndCopiesToClipboard() {
        TimelineView view;
        view.resize(1000, 500);
        view.setTrace(trace_);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.zoomToRange(0, 2'000'000);
        const auto before = view.visibleRange();
        ImageExporter exporter(view);
        QString error;
        ExportOptions o = options(dir_.filePath(QStringLiteral("live.png")));
        o.size = QSize(1200, 700);
        QVERIFY2(exporter.exportTo(o, &error), qPrintable(error));
        QCOMPARE(QImage(o.path).size(), QSize(1200, 700));
        QCOMPARE(view.visibleRange(), before);  // exporting does not move the view
        QVERIFY2(exporter.copyToClipboard(o, &error), qPrintable(error));
        const QImage clip = QGuiApplication::clipboard()->image();
        if (!clip.isNull())
            QCOMPARE(clip.size(), QSize(1200, 700));
    }

private:
    QTemporaryDir dir_;
    std::shared_ptr<Trace> trace_;
};

SYNCSCOPE_UI_TEST_MAIN(TestExportImage)
#include "tst_export_image.moc"
