#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/scenario.h"
#include "core/model/tr_text.h"

namespace syncscope {

// A comment in a line of code that the window shows in the user's language: `text.english()`
// stands at byte `at` of the line; the window shows `ja` (else `text` translated) in Japanese.
struct CodeNote {
    std::size_t at = 0;
    TrText text;
    std::string ja;  // the scenario's own Japanese for a text it wrote (a step's label), if any
};

// One line of a scenario shown as code: the PyTorch program and the CUDA runtime calls it stands
// for, side by side. Setup lines (streams, events) stand for no step.
struct CodeLine {
    std::string pytorch;
    std::string cuda;
    // Expanded step indices (TraceEvent::step) this line stands for, in run order: one for a
    // step outside repeats, one per iteration for a step inside them, none for setup and loops.
    std::vector<std::uint32_t> steps;
    // The comments' words in `pytorch` and `cuda`, in order; the code around them stays code.
    std::vector<CodeNote> pytorch_notes;
    std::vector<CodeNote> cuda_notes;
};

// Writes a scenario as code, one line per program step (a repeat's body once, under its loop).
// Where the article this tool corrects used a call that does not do what it said (docs/semantics.md
// section 11: torch.cpu.synchronize, torch.cpu.synchronize(i), torch.cuda.launch_kernel, wait_event
// taken as waiting for a whole stream), the PyTorch line carries the correction as a comment.
class ScenarioCode {
public:
    static std::vector<CodeLine> generate(const Scenario& scenario);
    // The line standing for expanded step `step`, if any.
    static std::optional<std::size_t> lineOfStep(const std::vector<CodeLine>& lines,
                                                 std::uint32_t step);
};

}  // namespace syncscope
