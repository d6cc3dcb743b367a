#pragma once

#include <QRectF>

#include "ui/timeline/legend_entries.h"
#include "ui/timeline/theme.h"

class QPainter;

namespace syncscope {

// The little picture in front of a legend label, drawn with the same code the lanes, the idle
// band and the flow layer use, so a legend never shows a style the timeline does not.
class LegendSwatch {
public:
    static void paint(QPainter* p, const QRectF& rect, const LegendEntry& entry,
                      const Theme& theme);
};

}  // namespace syncscope
