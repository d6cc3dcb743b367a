#include "ui/editor/batch_table_view.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTransposeProxyModel>
#include <algorithm>

#include "ui/editor/batch_table_delegate.h"
#include "ui/editor/batch_table_model.h"
#include "ui/editor/column_fitter.h"

namespace syncscope {

namespace {

// Room beyond the texts that the wide layout must have before it is chosen: the measure below is
// the texts' own width plus the style's margins, and a layout that just fits on paper is cut by
// a pixel or two in the view.
constexpr double kWideSlack = 1.08;

}  // namespace

BatchTableView::BatchTableView(BatchTableModel* model, QWidget* parent)
    : QTableView(parent), model_(model), transpose_(new QTransposeProxyModel(this)) {
    transpose_->setSourceModel(model_);
    setModel(model_);
    setItemDelegate(new BatchTableDelegate(this));
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                    QAbstractItemView::AnyKeyPressed);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    // The columns share the width without a sideways scroll, the widest cut first; refit whenever
    // the rows change what the columns hold.
    fitter_ = new ColumnFitter(this);
    auto refit = [this] {
        chooseLayout();
        fitter_->fit();
        fitHeight();
    };
    connect(model_, &QAbstractItemModel::modelReset, this, refit);
    connect(model_, &QAbstractItemModel::layoutChanged, this, refit);
    connect(model_, &QAbstractItemModel::dataChanged, this, refit);
    connect(model_, &QAbstractItemModel::rowsInserted, this, refit);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, refit);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    fitter_->fit();
}

int BatchTableView::wideLayoutWidth() const {
    const QFontMetrics fm = fontMetrics();
    // A header section's margins on both sides; a cell's, with its focus frame.
    const int header_pad = 2 * style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this) + 2;
    const int cell_pad =
        2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1) + 1;
    int total = 0;
    for (int c = 0; c < model_->columnCount(); ++c) {
        int want = fm.horizontalAdvance(
                       model_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) +
                   header_pad;
        for (int r = 0; r < model_->rowCount(); ++r)
            want = std::max(want,
                            fm.horizontalAdvance(model_->index(r, c).data().toString()) + cell_pad);
        total += want;
    }
    int row_numbers = 0;  // the row headers' column of the wide layout: "1", "2", …
    for (int r = 0; r < model_->rowCount(); ++r)
        row_numbers = std::max(
            row_numbers,
            fm.horizontalAdvance(model_->headerData(r, Qt::Vertical, Qt::DisplayRole).toString()));
    return total + row_numbers + header_pad + 2 * frameWidth();
}

void BatchTableView::chooseLayout() {
    setTransposed(wideLayoutWidth() * kWideSlack > width());
}

void BatchTableView::setTransposed(bool transposed) {
    if (transposed == transposed_)
        return;
    const int row = currentBatchRow();
    transposed_ = transposed;
    setModel(transposed_ ? static_cast<QAbstractItemModel*>(transpose_) : model_);
    setSelectionBehavior(transposed_ ? QAbstractItemView::SelectColumns
                                     : QAbstractItemView::SelectRows);
    // The fields' names are the row headers on its side: whole, left-aligned like a form's labels.
    verticalHeader()->setDefaultAlignment(transposed_ ? (Qt::AlignLeft | Qt::AlignVCenter)
                                                      : Qt::AlignCenter);
    if (row >= 0)
        selectBatchRow(row);
    fitter_->fit();
    fitHeight();
}

void BatchTableView::fitHeight() {
    // On its side the table is nine rows tall whatever the batches: all of them show (the dock
    // scrolls instead); the wide layout keeps the room for a few lines of batches.
    if (!transposed_) {
        setMinimumHeight(120);
        return;
    }
    const int rows = model()->rowCount();
    setMinimumHeight(horizontalHeader()->sizeHint().height() +
                     rows * verticalHeader()->defaultSectionSize() + 2 * frameWidth() +
                     (horizontalScrollBar()->isVisible() ? horizontalScrollBar()->height() : 0));
}

int BatchTableView::currentBatchRow() const {
    const QModelIndex current = currentIndex();
    if (!current.isValid())
        return -1;
    return transposed_ ? current.column() : current.row();
}

void BatchTableView::selectBatchRow(int row) {
    if (transposed_)
        selectColumn(row);
    else
        selectRow(row);
}

void BatchTableView::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    chooseLayout();
}

bool BatchTableView::event(QEvent* event) {
    const bool handled = QTableView::event(event);
    // Another font or language changes what the columns need.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        chooseLayout();
    return handled;
}

}  // namespace syncscope
