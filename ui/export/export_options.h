#pragma once

#include <QDateTime>
#include <QSize>
#include <QString>
#include <optional>
#include <utility>

#include "core/model/ids.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// What an exported picture looks like. Sizes are logical pixels (96 dpi); `scale` multiplies the
// raster pixel count (2.0 for a crisp slide on a HiDPI projector) without changing the layout.
struct ExportOptions {
    QString path;    // target file; the format follows the suffix unless `format` is set
    QString format;  // "png", "jpeg", "svg", "pdf" (empty: from the suffix)
    QSize size{1600, 900};
    double scale = 1.0;
    bool caption = true;  // scenario, sync mode, engine and device, date
    QString captionText;  // empty: built from the trace
    bool legend = true;
    int jpegQuality = 92;

    // Headless export only (exportTraceImage); an on-screen view is exported as it is.
    std::optional<Theme> theme;
    std::optional<std::pair<TimeNs, TimeNs>> range;  // default: the whole trace
    bool showFlows = false;  // launch, record and awaited arrows, as the window's flow layer
    bool memory = false;     // the memory plot even when the run has no memory activity
    bool colorByBatch = false;
    bool callouts = true;   // the scenario's callouts, where it has some
    bool findings = false;  // the doctor's three costliest findings as callouts (--findings)
    QDateTime date;         // caption date; invalid: now
};

}  // namespace syncscope
