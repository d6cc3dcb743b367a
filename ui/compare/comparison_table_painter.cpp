#include "ui/compare/comparison_table_painter.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <array>

#include "core/analysis/time_format.h"

namespace syncscope {

namespace {

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

std::array<int, ComparisonTablePainter::kColumns> ComparisonTablePainter::columnWidths(
    const ComparisonTable& table, const Theme& theme, int width) {
    const QFontMetrics fm(theme.font);
    // Every column takes what its widest cell needs (numbers are never cut: they are the
    // point); the two run columns share what is left, for the runs' names. Where even the cells
    // do not fit, the metric keeps its width and the others share the rest 34/34/18/14 %.
    QFont bold = theme.font;
    bold.setBold(true);
    const QFontMetrics fm_bold(bold);
    int need[kColumns] = {};
    for (int c = 0; c < kColumns; ++c) {
        const QString head = c == 1   ? QStringLiteral("A")
                             : c == 2 ? QStringLiteral("B")
                                      : cellText(table, -1, c);
        need[c] = fm_bold.horizontalAdvance(head);
        for (int r = 0; r < static_cast<int>(table.rows.size()); ++r)
            need[c] = std::max(need[c], fm.horizontalAdvance(cellText(table, r, c)));
        need[c] += c == 0 ? 24 : 20;
    }
    std::array<int, kColumns> widths{};
    const int needed = need[0] + need[1] + need[2] + need[3] + need[4];
    if (needed <= width) {
        const int spare = width - needed;
        for (int c = 0; c < kColumns; ++c)
            widths[c] = need[c];
        widths[1] += spare / 2;
        widths[2] += spare - spare / 2;
    } else {
        const int rest = std::max(kColumns * 10, width - need[0]);
        const int split[kColumns] = {need[0], rest * 34 / 100, rest * 34 / 100, rest * 18 / 100,
                                     rest - rest * 34 / 100 * 2 - rest * 18 / 100};
        std::copy(std::begin(split), std::end(split), widths.begin());
    }
    return widths;
}

void ComparisonTablePainter::paint(QPainter* p, const QRect& rect, const ComparisonTable& table,
                                   const Theme& theme) {
    p->save();
    p->fillRect(rect, theme.background);
    p->setFont(theme.font);
    const QFontMetrics fm(theme.font);
    const int rh = rowHeight(theme);
    QFont bold = theme.font;
    bold.setBold(true);
    const QFontMetrics fm_bold(bold);
    const std::array<int, kColumns> widths = columnWidths(table, theme, rect.width());
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
            QString text = cellText(table, r, c);
            // A run's name cut short says less than its letter: the halves above are titled
            // "A: …" and "B: …" in full. Both headers are shortened alike.
            if (r < 0 && (c == 1 || c == 2) &&
                (fm_bold.horizontalAdvance(cellText(table, -1, 1)) > widths[1] - 16 ||
                 fm_bold.horizontalAdvance(cellText(table, -1, 2)) > widths[2] - 16))
                text = c == 1 ? QStringLiteral("A") : QStringLiteral("B");
            p->drawText(cell, align,
                        QFontMetrics(font).elidedText(text, Qt::ElideRight, cell.width()));
            x += widths[c];
        }
    }
    p->setPen(QPen(theme.laneSeparator, 1.0));
    const int header_bottom = rect.top() + 4 + rh;
    p->drawLine(rect.left(), header_bottom, rect.right(), header_bottom);
    p->restore();
}

}  // namespace syncscope
