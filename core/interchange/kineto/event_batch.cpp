#include "core/interchange/kineto/event_batch.h"

#include <algorithm>

#include "core/io/json_event_splitter.h"

namespace syncscope {

std::string BatchPlace::locate(std::uint64_t offset) const {
    if (splitter != nullptr)
        return splitter->locate(offset);
    const std::uint64_t first = offsets->front();
    std::uint64_t l = line, start = line_start;
    // json[0] stands in for the byte before the first event, which `line` already counted.
    const std::size_t end = offset < first
                                ? 1
                                : static_cast<std::size_t>(std::min<std::uint64_t>(
                                      offset - first + 1, static_cast<std::uint64_t>(json.size())));
    for (std::size_t i = 1; i < end; ++i)
        if (json[i] == '\n') {
            ++l;
            start = first + i;
        }
    return "byte " + std::to_string(offset) + " (line " + std::to_string(l) + ", column " +
           std::to_string(offset - start + 1) + ")";
}

}  // namespace syncscope
