#pragma once

#include <QStringList>

#include "core/model/scenario.h"
#include "ui/editor/batch_editor_state.h"

namespace syncscope {

// "Edit as batches": what of a loaded scenario the simple view can hold. Its kernels become rows
// of batches (consecutive batches of one shape make one row), the sync steps become the table's
// sync mode; everything else (copies, callbacks, pools, tensors, claims…) cannot be said in the
// table and is listed in `lost`, one line each, for the user to read before it goes.
struct BatchConversion {
    BatchEditorState state;
    QStringList lost;

    // Longer programs are not expanded: their repeats are what does not map.
    static constexpr std::size_t kMaxExpandedSteps = 100'000;

    static BatchConversion fromScenario(const Scenario& scenario, const BatchEditorState& base);
};

}  // namespace syncscope
