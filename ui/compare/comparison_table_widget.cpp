#include "ui/compare/comparison_table_widget.h"

#include <QPainter>

#include "ui/compare/comparison_table_painter.h"

namespace syncscope {

ComparisonTableWidget::ComparisonTableWidget(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void ComparisonTableWidget::setTable(ComparisonTable table) {
    table_ = std::move(table);
    updateGeometry();
    update();
}

void ComparisonTableWidget::setTheme(const Theme& theme) {
    theme_ = theme;
    updateGeometry();
    update();
}

QSize ComparisonTableWidget::sizeHint() const {
    return {600, ComparisonTablePainter::heightFor(table_, theme_)};
}

void ComparisonTableWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    ComparisonTablePainter::paint(&p, rect(), table_, theme_);
}

}  // namespace syncscope
