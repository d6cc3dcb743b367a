#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/code/scenario_code.h"

class QTableWidget;
class QLabel;

namespace syncscope {

// The scenario as code: one row per step, the PyTorch program beside the CUDA runtime calls it
// stands for (core's ScenarioCode writes them). Selecting a row asks for the step's events; the
// window selects a row when an event of its step is selected on the timeline.
class CodeView final : public QWidget {
    Q_OBJECT
public:
    explicit CodeView(QWidget* parent = nullptr);

    // Regenerates the code; nullptr shows a placeholder (a trace without a scenario).
    void setScenario(std::shared_ptr<const Scenario> scenario);
    const Scenario* scenario() const { return scenario_.get(); }
    const std::vector<CodeLine>& lines() const { return lines_; }

    // Selects the row of expanded step `step` without emitting lineSelected; clears the
    // selection when no row stands for it. Returns the row.
    std::optional<int> selectStep(std::optional<std::uint32_t> step);
    std::optional<int> selectedRow() const;
    // Selects `row` as a user would: lineSelected follows.
    void selectRow(int row);

    void setPresentation(bool on);
    QTableWidget* table() const { return table_; }

protected:
    void resizeEvent(QResizeEvent* event) override;

signals:
    // The user picked a row: the expanded steps it stands for (empty for setup lines).
    void lineSelected(int row, const std::vector<std::uint32_t>& steps);

private:
    void onSelectionChanged();
    void fitColumns();

    QTableWidget* table_ = nullptr;
    QLabel* placeholder_ = nullptr;
    std::shared_ptr<const Scenario> scenario_;
    std::vector<CodeLine> lines_;
    bool quiet_ = false;  // selection set by selectStep, not by the user
};

}  // namespace syncscope
