#pragma once

#include <QImage>
#include <QString>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <vector>

#include "ui/timeline/theme.h"

namespace syncscope {

class LaneLayout;
class TimelineModel;

// The overview above the lanes: the whole trace, one thin row for the host threads and one per GPU,
// shaded by how busy they are in each pixel column, with the timeline's visible window as a
// rectangle. Clicking or dragging in it moves the window, dragging the window's edges zooms.
//
// The shades come from TimelineModel::busyNs (per-lane prefix sums of busy time): two binary
// searches per lane and column, computed when the trace, the lanes or the width change, never per
// frame. A row's share is the lanes' busy time over the column's time, capped at 1: the union
// exactly when the lanes take turns, and an upper bound of it when they overlap.
class OverviewStrip : public QWidget {
    Q_OBJECT
public:
    struct Row {
        QString label;
        std::vector<std::uint16_t> lanes;
        bool gpu = false;
    };

    explicit OverviewStrip(QWidget* parent = nullptr);

    // Rows for the lanes `layout` shows: the host threads, then one per group of GPU lanes.
    void setContent(std::shared_ptr<const TimelineModel> model, const LaneLayout& layout);
    void setTheme(const Theme& theme);
    // The visible window in ns.
    void setWindow(double lo, double hi);
    // Pixels left and right of the strip's drawing area, so its columns line up with the plot's.
    void setMargins(int left, int right);

    const std::vector<Row>& rows() const { return rows_; }
    // Busy share per column of `lanes` over [t0, t1] cut in `columns` equal parts.
    static std::vector<double> density(const TimelineModel& model,
                                       const std::vector<std::uint16_t>& lanes, double t0,
                                       double t1, int columns);
    // The drawing area and the window's rectangle in it, in widget pixels.
    QRect area() const;
    QRectF windowRect() const;
    double timeAt(double x) const;
    double xAt(double t) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user moved or resized the window: show [lo, hi].
    void windowRequested(double lo, double hi);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    enum class Drag { None, Move, Left, Right };
    Drag dragAt(double x) const;
    void invalidateImage();
    void rebuildImage();
    int rowPx() const;

    std::shared_ptr<const TimelineModel> model_;
    std::vector<Row> rows_;
    Theme theme_ = Theme::light();
    QImage image_;  // the shades, area().size(); rebuilt when painted after content or size change
    bool image_dirty_ = true;
    double begin_ = 0, end_ = 1;
    double lo_ = 0, hi_ = 1;
    int left_ = 0, right_ = 0;
    Drag drag_ = Drag::None;
    double grab_offset_ = 0;  // Move: cursor time − window start at the press
};

}  // namespace syncscope
