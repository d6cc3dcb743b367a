#include "ui/compare/comparison_table_painter.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>

#include "core/analysis/time_format.h"

namespace syncscope {

namespace {

constexpr int kColumns = 5;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString value(TimeNs ns, bool partial) {
    // Some waits of an import do not say how much CPU they burnt: the sum is a lower bound.
    return (partial ? QStringLiteral("≥ ") : QString()) + qs(formatDuration(ns));
}

int rowHeight(const Theme& theme) {
    return QFontMetrics(theme.font).height() + 8;
}

}  // namespace

QString ComparisonTablePainter::cellText(const ComparisonTable& table, int row, int column) {
    if (row < 0) {
        switch (column) {
            case 0:
                return QCoreApplication::translate("ComparisonTable", "difference");
            case 1:
                return QStringLiteral("A: ") + qs(table.name_a);
            case 2:
                return QStringLiteral("B: ") + qs(table.name_b);
            case 3:
                return QStringLiteral("B − A");
            default:
                return QStringLiteral("B / A");
        }
    }
    if (row >= static_cast<int>(table.rows.size()))
        return {};
    const auto& r = table.rows[static_cast<std::size_t>(row)];
    switch (column) {
        case 0:
            // Core marks the labels with SYNCSCOPE_TR_NOOP("ComparisonTable", …).
            return QCoreApplication::translate("ComparisonTable", r.label.c_str());
        case 1:
            return value(r.a, r.a_partial);
        case 2:
            return value(r.b, r.b_partial);
        case 3:
            return qs(formatSignedDuration(r.difference()));
        default:
            return qs(formatRatio(r.ratio()));
    }
}

int ComparisonTablePainter::heightFor(const ComparisonTable& table, const Theme& theme) {
    return rowHeight(theme) * (static_cast<int>(table.rows.size()) + 1) + 8;
}

void ComparisonTablePainter::paint(QPainter* p, const QRect& rect, const ComparisonTable& table,
                                   const Theme& theme) {
    p->save();
    p->fillRect(rect, theme.background);
    p->setFont(theme.font);
    const QFontMetrics fm(theme.font);
    const int rh = rowHeight(theme);
    // The metric column takes what its longest label needs; the numbers share the rest, with the
    // two run columns wider since they carry the runs' names.
    int label_w = fm.horizontalAdvance(cellText(table, -1, 0));
    for (int r = 0; r < static_cast<int>(table.rows.size()); ++r)
        label_w = std::max(label_w, fm.horizontalAdvance(cellText(table, r, 0)));
    label_w += 24;
    const int rest = std::max(kColumns * 10, rect.width() - label_w);
    const int widths[kColumns] = {label_w, rest * 34 / 100, rest * 34 / 100, rest * 18 / 100,
                                  rest - rest * 34 / 100 * 2 - rest * 18 / 100};
    const int rows = static_cast<int>(table.rows.size());
    for (int r = -1; r < rows; ++r) {
        const int y = rect.top() + 4 + (r + 1) * rh;
        if (r % 2 == 0)
            p->fillRect(QRect(rect.left(), y, rect.width(), rh), theme.laneStripe);
        int x = rect.left();
        for (int c = 0; c < kColumns; ++c) {
            QFont font = theme.font;
            font.setBold(r < 0);
            p->setFont(font);
            p->setPen(theme.foreground);
            const QRect cell(x + 8, y, widths[c] - 16, rh);
            const Qt::Alignment align =
                Qt::AlignVCenter | (c == 0 ? Qt::AlignLeft : Qt::AlignRight);
            p->drawText(
                cell, align,
                QFontMetrics(font).elidedText(cellText(table, r, c), Qt::ElideRight, cell.width()));
            x += widths[c];
        }
    }
    p->setPen(QPen(theme.laneSeparator, 1.0));
    const int header_bottom = rect.top() + 4 + rh;
    p->drawLine(rect.left(), header_bottom, rect.right(), header_bottom);
    p->restore();
}

}  // namespace syncscope
