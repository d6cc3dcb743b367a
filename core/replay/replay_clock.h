#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// The time a replay shows, as pure logic: a run played back slowed down, at `speed` ns of trace
// time per second of wall time, paused or playing, and stepping between sync moments. The window
// drives it from a timer and the headless frame writer from the frame number, so both show the
// same "now" for the same elapsed time.
class ReplayClock {
public:
    // Speeds in trace ns per wall second: 1-2-5 steps from 1 µs/s to 1 s/s.
    static constexpr std::array<TimeNs, 19> kSpeeds = {
        1'000,      2'000,       5'000,       10'000,      20'000,       50'000,     100'000,
        200'000,    500'000,     1'000'000,   2'000'000,   5'000'000,    10'000'000, 20'000'000,
        50'000'000, 100'000'000, 200'000'000, 500'000'000, 1'000'000'000};
    static constexpr TimeNs kDefaultSpeed = 1'000'000;  // 1 ms of GPU time a second
    // The most frames a headless replay writes; more is a mistake (fps or speed).
    static constexpr std::size_t kMaxFrames = 20'000;

    ReplayClock() = default;
    // Replays [begin, end]; `moments` are the sync moments to step between (any order).
    ReplayClock(TimeNs begin, TimeNs end, std::vector<TimeNs> moments = {});

    TimeNs begin() const { return begin_; }
    TimeNs end() const { return end_; }
    TimeNs now() const { return now_; }
    bool playing() const { return playing_; }
    bool atEnd() const { return now_ >= end_; }
    TimeNs speed() const { return speed_; }
    const std::vector<TimeNs>& moments() const { return moments_; }

    // Any positive speed; zero or negative is refused (false, unchanged).
    bool setSpeed(TimeNs ns_per_second);
    // The next step of kSpeeds above / below the current speed; false at the ends.
    bool faster();
    bool slower();

    // Playing at the end starts over from the beginning.
    void play();
    void pause();
    void togglePlaying();
    // Moves now by `wall_seconds` of playing; stops (pauses) at the end. No-op while paused.
    void advance(double wall_seconds);
    // Clamped to [begin, end].
    void seek(TimeNs t);
    // To the first sync moment after / the last before now (pausing, so the moment stays on
    // screen); false, unchanged, when there is none.
    bool stepForward();
    bool stepBack();

    // Where a replay started at begin stands after `elapsed_seconds` of playing at `speed`.
    static TimeNs nowAt(TimeNs begin, TimeNs end, TimeNs speed, double elapsed_seconds);
    // The now of each frame at `fps` frames a second: begin, then one frame's worth of trace time
    // further each, the last one exactly at end. With `hold_seconds`, the replay stops that long
    // at each sync moment (the first kMaxHeldMoments of them), so a sync that returns within one
    // frame's worth of time is still seen: its moment gets frames of its own. Empty, with `error`
    // naming the number, when there would be more than kMaxFrames or fps is not positive.
    std::vector<TimeNs> frameTimes(double fps, std::string* error, double hold_seconds = 0.0) const;
    static constexpr std::size_t kMaxHeldMoments = 64;

private:
    TimeNs begin_ = 0;
    TimeNs end_ = 0;
    TimeNs now_ = 0;
    TimeNs speed_ = kDefaultSpeed;
    double carry_ns_ = 0.0;  // sub-ns remainder of advance(), so small ticks add up exactly
    bool playing_ = false;
    std::vector<TimeNs> moments_;  // sorted, unique, within [begin, end]
};

// The moments a replay steps between: each host wait's begin and end, and each sync API call's
// begin and end (the recorder's own instrumentation left out), sorted and unique.
std::vector<TimeNs> syncMoments(const Trace& trace);

}  // namespace syncscope
