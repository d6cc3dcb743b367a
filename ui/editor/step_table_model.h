#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/model/scenario.h"

class QUndoStack;

namespace syncscope {

// A loaded scenario's program as a table: one row per step, the steps inside a repeat indented
// under it. Every edit (a cell, adding, removing or moving a step) goes through the undo stack; a
// cell that does not parse is refused with a message naming the step and the field.
class StepTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, Stream, Duration, Bytes, Mode, Event, Repeat, Label, ColumnCount };
    // A QStringList: the values a combo box editor offers (empty: free text).
    static constexpr int kChoicesRole = Qt::UserRole + 1;

    explicit StepTableModel(QUndoStack* undo, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    // Shows `scenario`'s program; no undo step.
    void setScenario(const Scenario& scenario);
    const std::vector<Step>& program() const { return scenario_.program; }
    // Replaces the program without an undo step (the undo command's way in).
    void setProgram(std::vector<Step> program);
    int depth(int row) const { return int(rows_.at(std::size_t(row)).size()) - 1; }
    // Whether any step has `column`'s field; the step, sync mode and label columns always are.
    bool columnUsed(int column) const;
    // "3", or "2.1" for the first step inside the repeat that is step 2.
    QString stepNumber(int row) const;

    // Undoable. Each returns the row the step is on afterwards, or -1 when nothing changed.
    int insertStep(int row);  // a copy of `row`'s step after it; a kernel at the end if row < 0
    int removeStep(int row);
    int moveStep(int row, int delta);  // within its repeat (or the top level)

signals:
    // A cell edit was refused; the message names the step and the field.
    void editRejected(const QString& message);

private:
    using Path = std::vector<int>;
    void rebuildRows();
    Step& stepAt(std::vector<Step>& program, const Path& path) const;
    std::vector<Step>& siblings(std::vector<Step>& program, const Path& path) const;
    const Step& step(int row) const;
    bool applies(const Step& step, int column) const;
    QVariant display(const Step& step, int column, int row) const;
    QStringList choices(int column) const;
    QString reject(int row, const QString& field, const QString& problem);
    // Sets the field of `column` of `step` from a cell's edit; false (and editRejected) when the
    // text is no value of that field.
    bool applyCell(Step& step, int column, const QVariant& value, int row);
    void push(std::vector<Step> after, const QString& text);

    QUndoStack* undo_;
    Scenario scenario_;
    std::vector<Path> rows_;
};

}  // namespace syncscope
