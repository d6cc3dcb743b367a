#include "ui/timeline/marker_layer.h"

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace syncscope {

MarkerLayer::MarkerLayer(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPLayerable(keyAxis->parentPlot(), QString(), keyAxis->axisRect()),
      key_axis_(keyAxis),
      value_axis_(valueAxis) {}

void MarkerLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const {
    applyAntialiasingHint(painter, true, QCP::aeOther);
}

QRect MarkerLayer::clipRect() const {
    return key_axis_ ? key_axis_->axisRect()->rect() : QCPLayerable::clipRect();
}

std::size_t MarkerLayer::add(TimeNs t) {
    const auto it = std::lower_bound(markers_.begin(), markers_.end(), t);
    const auto index = static_cast<std::size_t>(it - markers_.begin());
    if (it == markers_.end() || *it != t)
        markers_.insert(it, t);
    return index;
}

QString MarkerLayer::label(std::size_t index) {
    return QStringLiteral("M%1").arg(index + 1);
}

const TimeNs* MarkerLayer::next(double t) const {
    // Half a ns of slack: the view centred on a marker must step to the one after it.
    const auto it = std::upper_bound(markers_.begin(), markers_.end(), t + 0.5,
                                     [](double v, TimeNs m) { return v < static_cast<double>(m); });
    return it == markers_.end() ? nullptr : &*it;
}

const TimeNs* MarkerLayer::previous(double t) const {
    const auto it = std::lower_bound(markers_.begin(), markers_.end(), t - 0.5,
                                     [](TimeNs m, double v) { return static_cast<double>(m) < v; });
    return it == markers_.begin() ? nullptr : &*std::prev(it);
}

void MarkerLayer::draw(QCPPainter* painter) {
    if (!key_axis_ || markers_.empty())
        return;
    const QRect area = key_axis_->axisRect()->rect();
    const QCPRange range = key_axis_->range();
    QFont font = theme_.font;
    font.setBold(true);
    painter->setFont(font);
    const QFontMetricsF fm(font);
    const QPen line(theme_.cpuSync, std::max(1.5, theme_.outlineWidth * 1.5), Qt::DashDotLine);
    QColor labelBg = theme_.background;
    labelBg.setAlpha(230);
    for (std::size_t k = 0; k < markers_.size(); ++k) {
        const double t = static_cast<double>(markers_[k]);
        if (t < range.lower || t > range.upper)
            continue;
        const double x = std::round(key_axis_->coordToPixel(t)) + 0.5;
        painter->setPen(line);
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        const QString text = label(k);
        const QRectF box(x + 2, area.top() + 2, fm.horizontalAdvance(text) + 8, fm.height() + 2);
        painter->setPen(QPen(theme_.cpuSync, 1));
        painter->setBrush(labelBg);
        painter->drawRect(box);
        painter->setPen(theme_.foreground);
        painter->drawText(box, Qt::AlignCenter, text);
    }
}

}  // namespace syncscope
