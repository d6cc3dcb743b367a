#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include "core/replay/replay_clock.h"

namespace syncscope {

class ReplayOverlay;
class TimelineView;

// Plays the trace on a TimelineView back slowly: a timer moves the ReplayClock by the wall time
// that passed, the overlay draws what has happened by then. Space on the timeline pauses and
// resumes while a replay is active.
class ReplayController final : public QObject {
    Q_OBJECT
public:
    explicit ReplayController(TimelineView* view);

    // Starts a replay of the view's trace from its beginning, paused (false without a trace).
    bool start();
    // Back to the whole trace.
    void stop();
    bool active() const { return active_; }
    const ReplayClock& clock() const { return clock_; }

    void play();
    void pause();
    void togglePlaying();
    bool stepForward();
    bool stepBack();
    bool faster();
    bool slower();
    bool setSpeed(TimeNs ns_per_second);
    void seek(TimeNs t);
    // Moves the replay by `wall_seconds` of playing, as the timer does (tests drive it directly,
    // so nothing depends on how fast the machine is).
    void advanceBy(double wall_seconds);

    // "1 ms/s", "200 µs/s": a speed as the toolbar shows it.
    static QString speedText(TimeNs ns_per_second);

signals:
    // Anything the controls show changed: active, playing, now or speed.
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void tick();
    void show();
    void syncTimer();

    QPointer<TimelineView> view_;
    ReplayOverlay* overlay_ = nullptr;
    ReplayClock clock_;
    QTimer timer_;
    QElapsedTimer wall_;
    bool active_ = false;
};

}  // namespace syncscope
