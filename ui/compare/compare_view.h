#pragma once

#include <QWidget>
#include <memory>

#include "core/compare/comparison_table.h"
#include "core/model/trace.h"
#include "ui/timeline/theme.h"

class QLabel;

namespace syncscope {

class ComparisonTableWidget;
class TimelineSync;
class TimelineView;

// Two runs stacked on one time axis (docs/compare-and-replay.md): run A above run B,
// each in its own TimelineView, zoom, pan and selection kept in step, and the difference table
// underneath.
class CompareView final : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // B is moved onto A's clock when they start at different instants (a recording next to a
    // simulated run); the table is computed on the runs as they are.
    void setTraces(std::shared_ptr<const Trace> a, std::shared_ptr<const Trace> b);
    void setTheme(const Theme& theme);
    const Theme& theme() const { return theme_; }

    TimelineView* viewA() const { return view_a_; }
    TimelineView* viewB() const { return view_b_; }
    ComparisonTableWidget* tableWidget() const { return table_; }
    const ComparisonTable& table() const;
    // "A: Stream synchronize — sim on NVIDIA H200 (simulated)": the title over each half.
    QString titleA() const;
    QString titleB() const;
    static QString title(const QString& letter, const Trace& trace);
    // Shows both runs whole, on the span that holds the longer one.
    void zoomToFit();
    // Lines the two time axes up to the pixel: the half with the narrower lane labels gets the
    // difference as padding, so one instant is at one x in both.
    void alignAxes();
    void evenOutMargins();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QLabel* title_a_ = nullptr;
    QLabel* title_b_ = nullptr;
    TimelineView* view_a_ = nullptr;
    TimelineView* view_b_ = nullptr;
    ComparisonTableWidget* table_ = nullptr;
    TimelineSync* sync_ = nullptr;
    Theme theme_ = Theme::light();
    int base_padding_ = 0;  // the lane-label axis' own padding, before alignment
};

}  // namespace syncscope
