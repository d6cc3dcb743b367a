// The timeline's plot widget paints its frames from an opaque buffer filled with the background
// colour (ui/timeline/timeline_plot.h) and gives the overlay a buffer only while something shows
// on it: what a frame shows must stay what the layers draw, pixel for pixel.
#include <qcustomplot.h>

#include <QTest>

#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/timeline_plot.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {
// Pixels of `a` and `b` inside `rect` that differ.
int differing(const QImage& a, const QImage& b, const QRect& rect) {
    int count = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            count += a.pixel(x, y) != b.pixel(x, y);
    return count;
}

QCPLayer::LayerMode overlayMode(const TimelineView& view) {
    return view.plot()->layer(QStringLiteral("overlay"))->mode();
}

}  // namespace

class TestTimelinePlot : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(1000, 560);
        view_->setTrace(makeDemoTrace(6));
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        settle(*view_);
    }
    void cleanup() { view_.reset(); }

    void frameShowsWhatTheLayersDraw() {
        // The frame (paint buffers) against the layers drawn straight onto the background
        // (toPixmap, as an export does): the lanes must match exactly. The margins are left out,
        // as an export draws tick labels without the label cache.
        for (const Theme& theme : {Theme::light(), Theme::dark()}) {
            view_->setTheme(theme);
            settle(*view_);
            QCustomPlot* plot = view_->plot();
            const QImage shown = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
            const QImage drawn = plot->toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
            QCOMPARE(shown.size(), drawn.size());
            QCOMPARE(differing(shown, drawn, plot->axisRect()->rect()), 0);
            // The ground outside the plots is the theme's background, changed with the theme.
            QCOMPARE(shown.pixelColor(1, 1), theme.background);
            QCOMPARE(shown.pixelColor(1, shown.height() - 2), theme.background);
        }
    }

    void opaqueWhileTheBackgroundIs() {
        auto* plot = static_cast<TimelinePlot*>(view_->plot());
        QCOMPARE(plot->ground(), Theme::light().background);
        QVERIFY(plot->testAttribute(Qt::WA_OpaquePaintEvent));
        plot->setBackground(QBrush(QColor(10, 20, 30, 128)));  // see-through: QCustomPlot's way
        QVERIFY(!plot->ground().isValid());
        settle(*view_);
        QVERIFY(!plot->testAttribute(Qt::WA_OpaquePaintEvent));
    }

    void overlayHasABufferOnlyWhileShown() {
        QCOMPARE(overlayMode(*view_), QCPLayer::lmLogical);
        // Alt+drag shows the Δt ruler on the overlay; Escape drops it.
        QTest::mousePress(view_->plot(), Qt::LeftButton, Qt::AltModifier, QPoint(300, 100));
        QTest::mouseMove(view_->plot(), QPoint(400, 100));
        QTest::mouseMove(view_->plot(), QPoint(500, 100));
        QCOMPARE(overlayMode(*view_), QCPLayer::lmBuffered);
        QTest::mouseRelease(view_->plot(), Qt::LeftButton, Qt::AltModifier, QPoint(500, 100));
        QVERIFY(!view_->rulerText().isEmpty());
        QCOMPARE(overlayMode(*view_), QCPLayer::lmBuffered);  // the ruler stays
        QTest::keyClick(view_->plot(), Qt::Key_Escape);
        QVERIFY(view_->rulerText().isEmpty());
        QCOMPARE(overlayMode(*view_), QCPLayer::lmLogical);
    }

    // A new trace queues a replot and then resizes the plot (the docks change with it): one
    // replot draws it, at the new size. QCustomPlot alone drew it twice in one go.
    void aResizeWithAReplotQueuedDrawsOnce() {
        QCustomPlot* plot = view_->plot();
        int replots = 0;
        connect(plot, &QCustomPlot::afterReplot, this, [&] { ++replots; });
        view_->setTrace(makeDemoTrace(8));  // queues its replot
        view_->resize(1100, 600);           // the plot is resized before that replot runs
        QCoreApplication::sendPostedEvents();
        QTRY_COMPARE(replots, 1);
        QCoreApplication::processEvents();
        QCOMPARE(replots, 1);
        const QImage shown = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage drawn = plot->toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(shown.size(), plot->size());
        QCOMPARE(differing(shown, drawn, plot->axisRect()->rect()), 0);
        // With nothing queued a resize still redraws at once, as QCustomPlot does.
        view_->resize(900, 520);
        QCoreApplication::sendPostedEvents();
        QTRY_COMPARE(replots, 2);
    }

    // A resize by a few pixels keeps the first buffer's pixmap (a new pixmap's first fill was
    // 14 ms of page faults at a new document), and the frame still shows exactly what the layers
    // draw, shrunk or grown within it; a big resize gets a pixmap that holds the new size.
    void smallResizesKeepTheBuffer() {
        auto* plot = static_cast<TimelinePlot*>(view_->plot());
        const QSize before = plot->bufferCapacity();
        QVERIFY(before.width() >= plot->width() && before.height() >= plot->height());
        for (const QSize size : {QSize(990, 556), QSize(1004, 548), QSize(1000, 560)}) {
            view_->resize(size);
            settle(*view_);
            QCOMPARE(plot->bufferCapacity(), before);
            const QImage shown = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
            const QImage drawn = plot->toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
            QCOMPARE(shown.size(), plot->size());
            QCOMPARE(differing(shown, drawn, plot->axisRect()->rect()), 0);
        }
        view_->resize(1400, 800);
        settle(*view_);
        QVERIFY(plot->bufferCapacity().width() >= plot->width());
        QVERIFY(plot->bufferCapacity().height() >= plot->height());
        const QImage shown = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage drawn = plot->toPixmap().toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(differing(shown, drawn, plot->axisRect()->rect()), 0);
    }

private:
    std::unique_ptr<TimelineView> view_;
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelinePlot)
#include "tst_timeline_plot.moc"
