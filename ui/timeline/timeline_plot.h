#pragma once

#include <qcustomplot.h>

namespace syncscope {

// The timeline's QCustomPlot, cheaper per frame: its first paint buffer (every layer but the
// overlay) starts each frame filled with the plot's background colour instead of transparent, so
// the frame copies it to the widget as an opaque image rather than blending 1.4 M pixels over a
// background fill, and the widget is opaque, so Qt paints nothing under it. What is drawn is the
// same: every layer used to be composed over that colour anyway (paintEvent filled it first);
// only translucent edges in the margins (antialiased tick labels) may round differently, as they
// are now blended onto the colour once instead of onto transparent and then onto the colour.
// Falls back to QCustomPlot's transparent buffers while the background is not an opaque colour.
// No Q_OBJECT: it adds no signals, slots or properties.
class TimelinePlot : public QCustomPlot {
public:
    explicit TimelinePlot(QWidget* parent = nullptr);

    // The colour the first buffer is filled with, or an invalid colour (transparent buffers).
    QColor ground() const;
    // Device pixels the first paint buffer's pixmap holds: at least the viewport's, kept through
    // small resizes (a new document's docks change the plot's size by a few pixels).
    QSize bufferCapacity() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    // QCustomPlot replots on every resize. A new trace resizes the plot (docks change) right
    // after it queued a replot, so the frame was drawn twice in one turn of the event loop (at
    // 10 M events, 20 ms of a 74 ms stall, issue 14). With a replot queued, the resize only
    // sets the viewport, and that replot draws at the new size.
    void resizeEvent(QResizeEvent* event) override;
};

// The overlay layer (box zoom, Δt ruler) keeps a buffer of its own only while something on it
// shows: dragging then repaints that layer alone, and the frames in between neither clear nor
// blend an empty buffer of the plot's size. Call after showing or hiding an overlay item.
void updateOverlayMode(QCustomPlot* plot);
// updateOverlayMode, then a replot of the overlay (of everything when its mode changed).
void replotOverlay(QCustomPlot* plot);

}  // namespace syncscope
