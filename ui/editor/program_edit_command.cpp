#include "ui/editor/program_edit_command.h"

#include "ui/editor/step_table_model.h"

namespace syncscope {

ProgramEditCommand::ProgramEditCommand(StepTableModel* model, std::vector<Step> before,
                                       std::vector<Step> after, const QString& text)
    : QUndoCommand(text), model_(model), before_(std::move(before)), after_(std::move(after)) {}

void ProgramEditCommand::undo() {
    model_->setProgram(before_);
}

void ProgramEditCommand::redo() {
    model_->setProgram(after_);
}

}  // namespace syncscope
