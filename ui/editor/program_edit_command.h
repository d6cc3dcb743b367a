#pragma once

#include <QUndoCommand>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope {

class StepTableModel;

// One edit of a loaded scenario's program (a cell, a step added, removed or moved). It keeps the
// whole program before and after: programs are small (a long loop is one repeat step), and the
// same command then serves every kind of edit.
class ProgramEditCommand final : public QUndoCommand {
public:
    ProgramEditCommand(StepTableModel* model, std::vector<Step> before, std::vector<Step> after,
                       const QString& text);
    void undo() override;
    void redo() override;

private:
    StepTableModel* model_;
    std::vector<Step> before_, after_;
};

}  // namespace syncscope
