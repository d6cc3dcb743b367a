#include "ui/timeline/timeline_plot.h"

#include <algorithm>

namespace syncscope {

namespace {

// Whether an axis rect paints all of its rect opaquely on the first buffer (its background).
bool coversItsRect(const QCPAxisRect& rect) {
    const QBrush& brush = rect.backgroundBrush();
    return rect.realVisibility() && rect.layer() && rect.layer()->mode() == QCPLayer::lmLogical &&
           brush.style() == Qt::SolidPattern && brush.color().alpha() == 255 &&
           rect.background().isNull();
}

// QCustomPlot clears every buffer to transparent at the start of a replot; this one takes the
// plot's ground colour instead (when it has one).
class GroundedBuffer : public QCPPaintBufferPixmap {
public:
    GroundedBuffer(const TimelinePlot* plot, const QSize& size, double devicePixelRatio)
        : QCPPaintBufferPixmap(size, devicePixelRatio), plot_(plot) {}
    void clear(const QColor& color) override {
        const QColor ground = plot_->ground();
        if (color.alpha() != 0 || !ground.isValid()) {
            QCPPaintBufferPixmap::clear(color);
            return;
        }
        // The axis rects' opaque backgrounds are drawn over every pixel of theirs before the
        // frame is shown, so only the margins need the ground: most of a full-size fill saved.
        QRegion margins(QRect(QPoint(0, 0), size()));
        for (const QCPAxisRect* rect : plot_->axisRects())
            if (coversItsRect(*rect))
                margins -= rect->rect();
        QPainter painter(&mBuffer);
        painter.setCompositionMode(QPainter::CompositionMode_Source);
        for (const QRect& r : margins)
            painter.fillRect(r, ground);
    }

    // The pixmap's own size, which may exceed the buffer's (see reallocateBuffer).
    QSize capacity() const { return mBuffer.size(); }

protected:
    // QCustomPlot allocates a new pixmap on every size change. A new document changes the docks
    // and so the plot's size by a few pixels, and at that moment the fresh pixmap's first fill
    // cost 14 ms of page faults (issue 14: no frame over 50 ms during a load). The pixmap is
    // allocated a little larger, in steps of kStep pixels, and kept while the size stays within
    // it: only what lies inside the widget is drawn and shown.
    void reallocateBuffer() override {
        setInvalidated();
        const QSize need = (QSizeF(mSize) * mDevicePixelRatio).toSize();
        const QSize have = mBuffer.size();
        const bool fits =
            !mBuffer.isNull() && have.width() >= need.width() && have.height() >= need.height() &&
            have.width() <= need.width() + 2 * kStep && have.height() <= need.height() + 2 * kStep;
        if (fits)
            return;
        auto roundUp = [](int px) { return (std::max(px, 1) + kStep - 1) / kStep * kStep; };
        mBuffer = QPixmap(roundUp(need.width()), roundUp(need.height()));
        mBuffer.setDevicePixelRatio(mDevicePixelRatio);
    }

private:
    static constexpr int kStep = 64;
    const TimelinePlot* plot_;
};

}  // namespace

TimelinePlot::TimelinePlot(QWidget* parent) : QCustomPlot(parent) {
    // The first buffer is the one setupPaintBuffers keeps and fills with the layers below the
    // overlay; layers are pointed at buffers anew on every replot.
    mPaintBuffers.clear();
    mPaintBuffers.append(QSharedPointer<QCPAbstractPaintBuffer>(
        new GroundedBuffer(this, viewport().size(), bufferDevicePixelRatio())));
    setAttribute(Qt::WA_OpaquePaintEvent, ground().isValid());
}

QSize TimelinePlot::bufferCapacity() const {
    if (mPaintBuffers.isEmpty())
        return {};
    const auto* buffer = dynamic_cast<const GroundedBuffer*>(mPaintBuffers.first().data());
    return buffer ? buffer->capacity() : QSize();
}

QColor TimelinePlot::ground() const {
    if (mBackgroundBrush.style() != Qt::SolidPattern || !mBackgroundPixmap.isNull())
        return {};
    const QColor c = mBackgroundBrush.color();
    return c.alpha() == 255 ? c : QColor();
}

void TimelinePlot::paintEvent(QPaintEvent* event) {
    const bool opaque = ground().isValid();
    // Checked per frame: a theme change sets another background brush.
    if (testAttribute(Qt::WA_OpaquePaintEvent) != opaque)
        setAttribute(Qt::WA_OpaquePaintEvent, opaque);
    if (!opaque) {
        QCustomPlot::paintEvent(event);
        return;
    }
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    // The first buffer is already filled with the background: nothing to fill under it, unless
    // the widget grew and its queued replot has not run yet (then the buffer is smaller).
    const QSize drawn = mPaintBuffers.isEmpty() ? QSize() : mPaintBuffers.first()->size();
    if (drawn != viewport().size()) {
        QRegion uncovered(rect());
        uncovered -= QRect(QPoint(0, 0), drawn);
        for (const QRect& r : uncovered)
            painter.fillRect(r, ground());
    }
    for (const auto& buffer : mPaintBuffers)
        buffer->draw(&painter);
}

void TimelinePlot::resizeEvent(QResizeEvent* event) {
    if (!mReplotQueued) {
        QCustomPlot::resizeEvent(event);
        return;
    }
    setViewport(rect());
}

void updateOverlayMode(QCustomPlot* plot) {
    QCPLayer* overlay = plot->layer(QStringLiteral("overlay"));
    if (!overlay)
        return;
    bool shown = false;
    for (const QCPLayerable* item : overlay->children()) {
        // QCustomPlot's own selection rectangle lives there too, and draws only while dragged.
        const auto* rect = qobject_cast<const QCPSelectionRect*>(item);
        shown = shown || (item->visible() && (!rect || rect->isActive()));
    }
    overlay->setMode(shown ? QCPLayer::lmBuffered : QCPLayer::lmLogical);
}

void replotOverlay(QCustomPlot* plot) {
    updateOverlayMode(plot);
    if (QCPLayer* overlay = plot->layer(QStringLiteral("overlay")))
        overlay->replot();
}

}  // namespace syncscope
