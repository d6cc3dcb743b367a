#pragma once

#include <QObject>
#include <QPointer>
#include <cstdint>
#include <vector>

class QCPItemRect;

namespace syncscope {

class TimelineView;

// Marks a set of events on the timeline (all events of a code line's steps), on top of the one
// selected event the timeline itself draws: a translucent box over each event's bar.
class StepHighlight final : public QObject {
    Q_OBJECT
public:
    explicit StepHighlight(TimelineView* timeline);
    ~StepHighlight() override;

    void show(const std::vector<std::uint32_t>& events);
    void clear();
    const std::vector<std::uint32_t>& events() const { return events_; }

private:
    QPointer<TimelineView> timeline_;
    std::vector<QCPItemRect*> items_;
    std::vector<std::uint32_t> events_;
};

}  // namespace syncscope
