#include "ui/timeline/legend_strip.h"

#include <QFontMetrics>
#include <QPainter>

#include "ui/timeline/legend_swatch.h"

namespace syncscope {

namespace {

struct Metrics {
    int line;     // one row
    int swatch;   // swatch width
    int gap;      // swatch to label
    int spacing;  // after an entry
    int margin;
};

Metrics metricsOf(const QFontMetrics& fm) {
    const int h = fm.height();
    return {h + h / 3, h * 2, h / 3 + 2, h, h / 2 + 2};
}

int entryWidth(const LegendEntry& e, const QFontMetrics& fm, const Metrics& m) {
    return m.swatch + m.gap + fm.horizontalAdvance(e.label) + m.spacing;
}

// Top-left corner of each entry relative to the strip, wrapping at `width`; one layout for the
// height and the painting so they cannot disagree.
std::vector<QPoint> layoutEntries(const std::vector<LegendEntry>& entries, const QFontMetrics& fm,
                                  const Metrics& m, int width) {
    std::vector<QPoint> at;
    int x = m.margin, y = m.margin / 2;
    for (const auto& e : entries) {
        const int w = entryWidth(e, fm, m);
        if (x + w > width - m.margin && x > m.margin) {
            x = m.margin;
            y += m.line;
        }
        at.emplace_back(x, y);
        x += w;
    }
    return at;
}

}  // namespace

LegendStrip::LegendStrip(QWidget* parent) : QWidget(parent) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LegendStrip::setEntries(std::vector<LegendEntry> entries, const Theme& theme) {
    const bool relayout =
        entries.size() != entries_.size() || theme.font != theme_.font ||
        !std::equal(entries.begin(), entries.end(), entries_.begin(),
                    [](const LegendEntry& a, const LegendEntry& b) { return a.label == b.label; });
    entries_ = std::move(entries);
    theme_ = theme;
    if (relayout)
        updateGeometry();
    update();
}

int LegendStrip::heightFor(const std::vector<LegendEntry>& entries, const Theme& theme, int width) {
    if (entries.empty())
        return 0;
    const QFontMetrics fm(theme.font);
    const Metrics m = metricsOf(fm);
    return layoutEntries(entries, fm, m, width).back().y() + m.line + m.margin / 2;
}

void LegendStrip::paintEntries(QPainter* p, const QRect& area,
                               const std::vector<LegendEntry>& entries, const Theme& theme) {
    p->save();
    p->setFont(theme.font);
    const QFontMetrics fm(theme.font);
    const Metrics m = metricsOf(fm);
    const auto at = layoutEntries(entries, fm, m, area.width());
    const double swatchH = fm.height() * 0.8;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const QPoint pos = area.topLeft() + at[i];
        const QRectF swatch(pos.x(), pos.y() + (m.line - swatchH) / 2.0, m.swatch, swatchH);
        LegendSwatch::paint(p, swatch, e, theme);
        p->setPen(theme.foreground);
        p->drawText(QRectF(pos.x() + m.swatch + m.gap, pos.y(), entryWidth(e, fm, m), m.line),
                    Qt::AlignVCenter | Qt::AlignLeft, e.label);
    }
    p->restore();
}

int LegendStrip::heightForWidth(int width) const {
    return heightFor(entries_, theme_, width);
}

QSize LegendStrip::sizeHint() const {
    return {200, heightForWidth(width() > 0 ? width() : 800)};
}

QSize LegendStrip::minimumSizeHint() const {
    return {0, 0};
}

void LegendStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), theme_.background);
    p.setRenderHint(QPainter::TextAntialiasing);
    paintEntries(&p, rect(), entries_, theme_);
}

}  // namespace syncscope
