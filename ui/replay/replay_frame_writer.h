#pragma once

#include <QSize>
#include <QString>
#include <memory>
#include <optional>

#include "core/model/trace.h"
#include "core/replay/replay_clock.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// A replay as numbered PNG frames (frame_00000.png, …) for a video or a slide: frame k shows the
// run k/fps seconds into a replay at `speed`. Nothing in a frame depends on the clock or the
// machine (the caption is the run's name and the replay time), so the same input always gives
// byte-identical frames.
class ReplayFrameWriter {
public:
    struct Options {
        QString directory;  // created when missing
        double fps = 10.0;
        TimeNs speed = ReplayClock::kDefaultSpeed;
        QSize size{1600, 900};
        double scale = 1.0;
        std::optional<Theme> theme;
        QString title;  // the caption's first part; empty: the trace's name
    };

    static constexpr double kMaxFps = 240.0;
    // How long the frames stop at each sync moment (a wait that ends, a sync call).
    static constexpr double kHoldSeconds = 0.5;

    // Writes every frame; false with `error` naming the directory, the frame or the limit that was
    // crossed. `frames` gets the number written.
    static bool write(std::shared_ptr<const Trace> trace, const Options& options, QString* error,
                      int* frames = nullptr);
    static QString frameName(int index);
};

}  // namespace syncscope
