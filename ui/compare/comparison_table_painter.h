#pragma once

#include <QRect>
#include <QString>
#include <array>

#include "core/compare/comparison_table.h"
#include "ui/timeline/theme.h"

class QPainter;

namespace syncscope {

// Draws the difference table (metric | A | B | B−A | B/A) the same way on screen and in an
// exported picture, so the picture shows what the window shows.
class ComparisonTablePainter {
public:
    static constexpr int kColumns = 5;  // metric | A | B | B−A | B/A
    // The height the table needs with the theme's font.
    static int heightFor(const ComparisonTable& table, const Theme& theme);
    static void paint(QPainter* painter, const QRect& rect, const ComparisonTable& table,
                      const Theme& theme);
    // Each column's width in a table `width` wide: what its widest cell needs, the rest to the
    // runs' columns (numbers are never cut short).
    static std::array<int, kColumns> columnWidths(const ComparisonTable& table, const Theme& theme,
                                                  int width);
    // The text of one cell: row -1 is the header, columns 0..4 (for tests and the tooltip).
    static QString cellText(const ComparisonTable& table, int row, int column);
};

}  // namespace syncscope
