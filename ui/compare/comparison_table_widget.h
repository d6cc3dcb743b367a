#pragma once

#include <QWidget>

#include "core/compare/comparison_table.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// The difference table under the two timelines of the compare view.
class ComparisonTableWidget final : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonTableWidget(QWidget* parent = nullptr);

    void setTable(ComparisonTable table);
    const ComparisonTable& table() const { return table_; }
    void setTheme(const Theme& theme);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    ComparisonTable table_;
    Theme theme_ = Theme::light();
};

}  // namespace syncscope
