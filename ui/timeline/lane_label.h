#pragma once

#include <QString>
#include <cstdint>

#include "core/model/trace.h"

namespace syncscope {

// The label the window draws for a lane. The engines name the lanes they make ("host thread",
// "host waits", "<stream> (non-blocking)"); those generated parts are shown in the interface's
// language, while a name that came from a file (an imported trace's threads and streams) or from
// a scenario's own stream names stays exactly as written.
class LaneLabel {
public:
    static QString text(const Lane& lane, std::uint16_t index);
    // "▸ GPU 0 (3 lanes)": a collapsed group of `count` lanes.
    static QString collapsedGroup(const QString& group, std::size_t count);
};

}  // namespace syncscope
