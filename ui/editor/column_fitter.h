#pragma once

#include <QList>
#include <QObject>

class QTableView;

namespace syncscope {

// Keeps a table's visible columns inside its viewport, so a narrow dock never scrolls a table
// sideways: each column gets what its header and cells ask for while they all fit; when they do
// not, the widest are cut first (their text elides, the delegate's tooltip shows it whole) and
// narrow ones, a stream name or a count, stay whole; none is cut below a character and the
// ellipsis unless even that does not fit, and then all share the width alike. The last visible
// column takes what is left.
// Refits when the viewport changes size or the font changes; the table's owner calls fit() when
// the contents or the hidden columns change.
class ColumnFitter final : public QObject {
    Q_OBJECT
public:
    explicit ColumnFitter(QTableView* table);

    // Measures the visible columns again and shares the width among them.
    void fit();
    // The widths `wanted` get in `available` px: all of them when they fit; else each at most a
    // common cap, chosen so the sum is `available`, and none under min(its want, `floor`) (the sum
    // exceeds `available` only when the floors alone do).
    static QList<int> share(const QList<int>& wanted, int available, int floor);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply();  // shares the width by the last measured wants

    QTableView* table_;
    QObject* viewport_ = nullptr;  // the table's viewport, whose resizes refit
    QList<int> columns_;           // the visible ones, in order
    QList<int> wanted_;            // what each of them asks for
    bool fitting_ = false;
    bool again_ = false;  // the viewport changed while a pass resized the sections
};

}  // namespace syncscope
