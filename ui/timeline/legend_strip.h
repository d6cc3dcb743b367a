#pragma once

#include <QWidget>
#include <vector>

#include "ui/timeline/legend_entries.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// A row of legend entries (swatch + label) under the timeline that wraps onto more rows when the
// window is narrow. Its layout and painting are static so exported pictures draw their legend with
// the very same code.
class LegendStrip : public QWidget {
    Q_OBJECT
public:
    explicit LegendStrip(QWidget* parent = nullptr);

    void setEntries(std::vector<LegendEntry> entries, const Theme& theme);
    const std::vector<LegendEntry>& entries() const { return entries_; }

    // Height the entries need at `width` px with the theme's font (0 for none).
    static int heightFor(const std::vector<LegendEntry>& entries, const Theme& theme, int width);
    static void paintEntries(QPainter* p, const QRect& area,
                             const std::vector<LegendEntry>& entries, const Theme& theme);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    std::vector<LegendEntry> entries_;
    Theme theme_ = Theme::light();
};

}  // namespace syncscope
