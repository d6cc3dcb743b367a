#include "ui/editor/column_fitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>
#include <algorithm>
#include <numeric>

namespace syncscope {

ColumnFitter::ColumnFitter(QTableView* table) : QObject(table), table_(table) {
    // Sizes are set here; the user may still drag one until the next fit.
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // Not stretchLastSection: the last section would keep a width of its own on top of the rest.
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    table_->setTextElideMode(Qt::ElideRight);
    // A cut title keeps its start ("Bat…"), not a middle clipped at both ends ("atche").
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table_->horizontalHeader()->setTextElideMode(Qt::ElideRight);
    viewport_ = table_->viewport();
    viewport_->installEventFilter(this);
    table_->installEventFilter(this);
}

QList<int> ColumnFitter::share(const QList<int>& wanted, int available, int floor) {
    const int total = std::accumulate(wanted.begin(), wanted.end(), 0);
    if (total <= available || wanted.isEmpty())
        return wanted;
    // Water-filling: the cap c with Σ min(want, c) = available, found over the wants in order.
    QList<int> sorted = wanted;
    std::sort(sorted.begin(), sorted.end());
    int left = std::max(0, available);
    int cap = 0;
    qsizetype uncapped = sorted.size();
    for (qsizetype i = 0; i < sorted.size(); ++i, --uncapped) {
        if (qint64(sorted[i]) * uncapped > left) {
            cap = left / int(uncapped);
            break;
        }
        left -= sorted[i];
    }
    // The pixels integer division leaves go to the first capped columns, one each.
    int spare = left - cap * int(uncapped);
    QList<int> out;
    out.reserve(wanted.size());
    for (const int w : wanted) {
        int width = std::min(w, cap);
        if (w > cap && spare > 0) {
            ++width;
            --spare;
        }
        out << std::max(width, std::min(w, floor));
    }
    return out;
}

void ColumnFitter::fit() {
    if (!table_->model())
        return;
    QHeaderView* header = table_->horizontalHeader();
    columns_.clear();
    wanted_.clear();
    for (int c = 0; c < header->count(); ++c) {
        if (header->isSectionHidden(c))
            continue;
        columns_ << c;
        // QTableView hides it; QAbstractItemView's is public and virtual.
        const QAbstractItemView* view = table_;
        wanted_ << std::max(view->sizeHintForColumn(c), header->sectionSizeHint(c));
    }
    apply();
}

void ColumnFitter::apply() {
    // A section resized here can bring or take a scroll bar, which resizes the viewport: that
    // width is shared again once this pass ends.
    if (fitting_) {
        again_ = true;
        return;
    }
    fitting_ = true;
    do {
        again_ = false;
        // A character and the ellipsis, with the cell's margins: eight columns still fit 230 px,
        // and the column's tooltip says the rest.
        const int available = table_->viewport()->width();
        // Where even the floors do not fit (nine columns in a CJK font, whose ellipsis is a
        // full-width glyph), they shrink to an equal share: a column then shows less of its
        // start, but the table never scrolls sideways.
        const int floor =
            std::min(table_->fontMetrics().horizontalAdvance(QStringLiteral("M…")) + 6,
                     available / std::max<int>(1, int(wanted_.size())));
        QList<int> widths = share(wanted_, available, floor);
        // The last one takes what the others leave.
        const int used = std::accumulate(widths.begin(), widths.end(), 0);
        if (!widths.isEmpty() && used < available)
            widths.back() += available - used;
        QHeaderView* header = table_->horizontalHeader();
        // The header's own minimum (from the style and font, wider than a CJK floor) would hold
        // a section wider than it is given here.
        header->setMinimumSectionSize(std::min(floor, header->minimumSectionSize()));
        for (qsizetype i = 0; i < columns_.size(); ++i)
            header->resizeSection(columns_[i], widths[i]);
    } while (again_);
    fitting_ = false;
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* event) {
    // A new width shares the same wants (measuring every cell again at each step of a dock drag
    // would cost a pass over the rows); a new font changes the wants.
    // The viewport is compared as it was when watched: while the table is destroyed, its
    // children's last events still pass here, and calling into the table then is undefined.
    if (watched == viewport_ && event->type() == QEvent::Resize)
        apply();
    else if (watched == table_ &&
             (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange))
        fit();
    return QObject::eventFilter(watched, event);
}

}  // namespace syncscope
