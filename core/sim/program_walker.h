#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

// Walks a program in expandProgram() order — same steps, same batch numbers — without copying a
// Step per iteration: a million-step run would otherwise first copy ~200 MB of Steps.
class ProgramWalker {
public:
    explicit ProgramWalker(const std::vector<Step>& program);

    // The next non-Repeat step, or nullptr at the end; `batch` gets its (offset) batch number.
    const Step* next(std::uint32_t& batch);

    struct SizeHint {
        std::size_t events = 0;
        std::size_t flows = 0;
    };
    // Events and flows a run of `program` typically appends (exact for the common steps; polls
    // and error events come on top). Used to reserve the trace once.
    static SizeHint traceSizeHint(const std::vector<Step>& program);

private:
    struct Frame {
        const std::vector<Step>* steps;
        std::size_t index;
        std::uint32_t remaining;  // iterations left, this one included
        std::uint32_t offset;     // batch offset of this iteration
        std::uint32_t stride;
    };
    std::vector<Frame> stack_;
};

}  // namespace syncscope
