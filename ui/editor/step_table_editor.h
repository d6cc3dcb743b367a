#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QTableView;

namespace syncscope {

class ColumnFitter;
class StepTableModel;

// A loaded scenario's steps, editable: the step table, buttons that add, remove and move steps,
// and a line that says what is wrong (a refused cell, or what keeps the program from running).
class StepTableEditor final : public QWidget {
    Q_OBJECT
public:
    StepTableEditor(StepTableModel* model, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    // Why the edited program cannot run; empty when it can.
    void setProblem(const QString& problem);
    QString messageText() const;

private:
    void showMessage();
    void fitColumns();
    int currentRow() const;
    void select(int row);

    StepTableModel* model_;
    QTableView* table_;
    ColumnFitter* fitter_;
    QLabel* message_;
    QString rejected_;
    QString problem_;
};

}  // namespace syncscope
