#pragma once

#include <QColor>
#include <QFont>
#include <QSize>
#include <QString>
#include <array>
#include <cstdint>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// How the timeline, the memory plot and exported pictures look. Plain data so a theme can be
// copied into an export job or compared in a test; the three presets cover desk, dark rooms and
// projectors (docs/architecture.md section 5 "The timeline").
struct Theme {
    QString name;

    QColor background;      // whole widget / exported picture
    QColor plotBackground;  // inside the axis rects
    QColor foreground;      // text, axes
    QColor grid;
    QColor laneStripe;     // every other lane, so rows read apart
    QColor laneSeparator;  // line between the host group and the streams
    QColor selection;      // outline of the selected event
    QColor hover;
    QColor searchMatch;  // outline of the events a search matched
    QColor idleGap;      // GPU idle intervals (no stream busy)
    QColor folded;       // runs folded into one item (level of detail)
    QColor barText;      // names drawn inside wide bars

    std::array<QColor, kEventKindCount> kind;  // indexed by EventKind
    std::vector<QColor> batch;                 // cycled by batch id
    QColor spinningWait;                       // HostWait that burnt CPU: hatched in this colour
    QColor sleepingWait;                       // HostWait that slept: solid
    QColor completion;                         // tick at each kernel end
    QColor cpuSync;  // torch.cpu.synchronize(): its rule across the lanes and its label

    std::array<QColor, 4> flow;    // indexed by FlowKind
    std::array<QColor, 5> memory;  // device used, pool reserved, pool used, allocated, reserved

    QFont font;                 // labels, axis
    QFont titleFont;            // export caption
    double barFraction = 0.7;   // share of a lane's height a bar fills
    double outlineWidth = 1.0;  // bar outlines and ticks, in px
    double flowWidth = 1.5;
    int laneLabelMinPx = 22;  // minimum px per lane row the view aims for
    // Above 0, exported pictures size their text to this share of the picture height (the
    // presentation theme: slides are read from the back of a room whatever their resolution).
    double textHeightShare = 0.0;
    double titleHeightShare = 0.0;

    static Theme light();
    static Theme dark();
    static Theme presentation();

    QColor kindColor(EventKind k) const { return kind[static_cast<std::size_t>(k)]; }
    QColor batchColor(std::uint32_t batchId) const;
    // This theme for a picture of `size` logical pixels: with text shares, the fonts get a pixel
    // size proportional to the height (never smaller than the theme's own); else unchanged.
    Theme forPicture(QSize size) const;
};

}  // namespace syncscope
