#pragma once

#include <QString>
#include <map>
#include <string>

#include "core/model/trace.h"

namespace syncscope {

// An event's name as the interface shows it. A scenario step's label names the step's events in
// English in every trace (the CLI, the files and the checks read that name); where the scenario
// gives the label in Japanese too (docs/scenario-format.md), the Japanese interface shows that.
// Every other name (a kernel's, an imported frame's) is shown as recorded.
class StepLabelText {
public:
    StepLabelText() = default;
    // Reads the labels of `trace`'s scenario, in the interface's language of now (a language
    // change restarts the window).
    explicit StepLabelText(const Trace& trace);

    QString nameOf(const Trace& trace, const TraceEvent& event) const;
    // For one name without keeping the table (a tooltip, the details pane).
    static QString once(const Trace& trace, const TraceEvent& event);

private:
    std::map<std::string, QString, std::less<>> japanese_;  // by the English label
    bool japanese_ui_ = false;  // a scenario's run under the Japanese interface
};

}  // namespace syncscope
