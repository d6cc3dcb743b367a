#pragma once

#include <QObject>
#include <QPointer>
#include <optional>

#include "core/model/trace.h"

class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;

namespace syncscope {

class TimelineView;

// What a replay adds to a TimelineView: the "now" line, and nothing drawn after it. The lanes
// clip at now (LanePlottable::setNowNs), the memory plot is covered from now on, and arrows and
// callouts, which point into the future, are hidden until the replay ends.
class ReplayOverlay final : public QObject {
    Q_OBJECT
public:
    explicit ReplayOverlay(TimelineView* view);

    // nullopt ends the replay look: the whole trace again, arrows and callouts as they were.
    void setNow(std::optional<TimeNs> now);
    std::optional<TimeNs> now() const { return now_; }
    // Shown at the top of the line ("now 1.25 ms"); the label follows each setNow.
    static QString label(TimeNs now, TimeNs begin);

private:
    void place();

    QPointer<TimelineView> view_;
    QCPLayer* layer_ = nullptr;
    QCPItemStraightLine* line_ = nullptr;
    QCPItemText* text_ = nullptr;
    QCPItemRect* memory_curtain_ = nullptr;
    std::optional<TimeNs> now_;
    bool flows_were_visible_ = true;
};

}  // namespace syncscope
