#include "core/replay/replay_clock.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/trace_stats.h"

namespace syncscope {

ReplayClock::ReplayClock(TimeNs begin, TimeNs end, std::vector<TimeNs> moments)
    : begin_(begin), end_(std::max(begin, end)), now_(begin), moments_(std::move(moments)) {
    std::sort(moments_.begin(), moments_.end());
    moments_.erase(std::unique(moments_.begin(), moments_.end()), moments_.end());
    std::erase_if(moments_, [&](TimeNs t) { return t < begin_ || t > end_; });
}

bool ReplayClock::setSpeed(TimeNs ns_per_second) {
    if (ns_per_second <= 0)
        return false;
    speed_ = ns_per_second;
    return true;
}

bool ReplayClock::faster() {
    const auto it = std::upper_bound(kSpeeds.begin(), kSpeeds.end(), speed_);
    if (it == kSpeeds.end())
        return false;
    speed_ = *it;
    return true;
}

bool ReplayClock::slower() {
    const auto it = std::lower_bound(kSpeeds.begin(), kSpeeds.end(), speed_);
    if (it == kSpeeds.begin())
        return false;
    speed_ = *std::prev(it);
    return true;
}

void ReplayClock::play() {
    if (atEnd())
        now_ = begin_;
    carry_ns_ = 0.0;
    playing_ = true;
}

void ReplayClock::pause() {
    playing_ = false;
}

void ReplayClock::togglePlaying() {
    if (playing_)
        pause();
    else
        play();
}

void ReplayClock::advance(double wall_seconds) {
    if (!playing_ || !(wall_seconds > 0.0))
        return;
    carry_ns_ += wall_seconds * static_cast<double>(speed_);
    const double whole = std::floor(carry_ns_);
    carry_ns_ -= whole;
    const double room = static_cast<double>(end_ - now_);
    if (whole >= room) {
        now_ = end_;
        playing_ = false;
        return;
    }
    now_ += static_cast<TimeNs>(whole);
}

void ReplayClock::seek(TimeNs t) {
    now_ = std::clamp(t, begin_, end_);
    carry_ns_ = 0.0;
}

bool ReplayClock::stepForward() {
    const auto it = std::upper_bound(moments_.begin(), moments_.end(), now_);
    if (it == moments_.end())
        return false;
    playing_ = false;
    seek(*it);
    return true;
}

bool ReplayClock::stepBack() {
    const auto it = std::lower_bound(moments_.begin(), moments_.end(), now_);
    if (it == moments_.begin())
        return false;
    playing_ = false;
    seek(*std::prev(it));
    return true;
}

TimeNs ReplayClock::nowAt(TimeNs begin, TimeNs end, TimeNs speed, double elapsed_seconds) {
    if (!(elapsed_seconds > 0.0) || speed <= 0)
        return begin;
    const double moved = std::floor(elapsed_seconds * static_cast<double>(speed));
    if (moved >= static_cast<double>(end - begin))
        return end;
    return begin + static_cast<TimeNs>(moved);
}

std::vector<TimeNs> ReplayClock::frameTimes(double fps, std::string* error,
                                            double hold_seconds) const {
    if (!(fps > 0.0) || !std::isfinite(fps)) {
        if (error)
            *error = "the frame rate must be a positive number";
        return {};
    }
    // Frame k shows k/fps seconds of playing; integer arithmetic where it matters keeps the
    // frames identical from one machine to the next.
    const double per_frame = static_cast<double>(speed_) / fps;
    const double span = static_cast<double>(end_ - begin_);
    const double uniform = std::ceil(span / per_frame) + 1.0;
    const std::size_t held = hold_seconds > 0.0 ? std::min(moments_.size(), kMaxHeldMoments) : 0;
    const double hold = held > 0 ? std::max(1.0, std::round(fps * hold_seconds)) : 0.0;
    const double count = uniform + hold * static_cast<double>(held);
    if (count > static_cast<double>(kMaxFrames)) {
        if (error)
            *error = "the replay would take " + std::to_string(static_cast<long long>(count)) +
                     " frames, more than the limit of " + std::to_string(kMaxFrames) +
                     " (raise the speed or lower the frame rate)";
        return {};
    }
    std::vector<TimeNs> times;
    const auto n = static_cast<std::size_t>(uniform);
    times.reserve(static_cast<std::size_t>(count));
    for (std::size_t k = 0; k + 1 < n; ++k)
        times.push_back(nowAt(begin_, end_, speed_, static_cast<double>(k) / fps));
    times.push_back(end_);
    // Each held moment: `hold` frames exactly at it, in time order among the others.
    for (std::size_t m = 0; m < held; ++m)
        times.insert(times.end(), static_cast<std::size_t>(hold), moments_[m]);
    std::stable_sort(times.begin(), times.end());
    return times;
}

std::vector<TimeNs> syncMoments(const Trace& trace) {
    std::vector<TimeNs> out;
    for (const auto& e : trace.events) {
        if (e.flags & event_flags::kInstrumentation)
            continue;
        if (e.kind == EventKind::HostWait || (e.kind == EventKind::ApiCall && isSyncCall(e))) {
            out.push_back(e.start_ns);
            out.push_back(e.end_ns);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace syncscope
