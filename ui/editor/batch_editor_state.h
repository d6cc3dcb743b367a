#pragma once

#include <QList>
#include <QString>
#include <optional>

#include "core/model/scenario.h"
#include "ui/editor/batch_row.h"

namespace syncscope {

// Everything the simple view holds. Each table row becomes one BatchConfig (BatchGenerator); the
// rows' programs run one after the other, with batch numbers continuing from row to row.
struct BatchEditorState {
    QString title;
    QList<BatchRow> rows;
    SyncMode mode = SyncMode::Device;
    SyncPlacement placement = SyncPlacement::AfterEachBatch;
    SchedulePolicy schedule = SchedulePolicy::Auto;

    BatchConfig configFor(const BatchRow& row) const;
    // The scenario, or nullopt with `error` saying which row and field is wrong.
    std::optional<Scenario> toScenario(QString* error) const;
};

}  // namespace syncscope
