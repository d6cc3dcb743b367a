#pragma once

#include <QTableView>

class QTransposeProxyModel;

namespace syncscope {

class BatchTableModel;
class ColumnFitter;

// The batches table, laid out for the room it has. Where its nine columns fit whole, a row per
// line of batches; in the editor's dock (about 300 px, where they were cut to "Batc", "s…") it
// turns on its side: a row per field, named whole in the row headers, and a column per line of
// batches. Editing, selection and Add/Remove row mean the same line of batches either way.
class BatchTableView final : public QTableView {
    Q_OBJECT
public:
    explicit BatchTableView(BatchTableModel* model, QWidget* parent = nullptr);

    // The fields as rows (the narrow layout).
    bool isTransposed() const { return transposed_; }
    // The line of batches the current cell belongs to; -1 when none.
    int currentBatchRow() const;
    void selectBatchRow(int row);
    // The width the nine columns need side by side, from the font and the texts they hold.
    int wideLayoutWidth() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void chooseLayout();
    void setTransposed(bool transposed);
    void fitHeight();

    BatchTableModel* model_;
    QTransposeProxyModel* transpose_;
    ColumnFitter* fitter_;
    bool transposed_ = false;
};

}  // namespace syncscope
