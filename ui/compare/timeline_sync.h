#pragma once

#include <QObject>
#include <QPointer>
#include <cstdint>
#include <optional>

namespace syncscope {

class TimelineView;

// Keeps two timelines in step: a zoom or pan of one applies the same time range to the other,
// and selecting an event in one selects its twin (EventMatcher) in the other, or clears the
// other's selection when it has none.
class TimelineSync final : public QObject {
    Q_OBJECT
public:
    TimelineSync(TimelineView* a, TimelineView* b, QObject* parent = nullptr);

private:
    void followRange(TimelineView* from, TimelineView* to, double lo, double hi);
    void followSelection(TimelineView* from, TimelineView* to, std::optional<std::uint32_t> index);

    QPointer<TimelineView> a_;
    QPointer<TimelineView> b_;
    bool busy_ = false;  // a change this object makes must not echo back
};

}  // namespace syncscope
