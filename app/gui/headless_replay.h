#pragma once

#include <QString>
#include <QTextStream>
#include <optional>

#include "app/gui/headless_export.h"
#include "core/model/trace.h"

namespace syncscope {

// `syncscope --scenario X --replay-frames DIR --fps N [--replay-speed 1ms]`: runs (or loads) the
// run and writes its replay as numbered PNG frames into DIR.
class HeadlessReplay {
public:
    struct Request {
        HeadlessExport::Request run;  // scenario or trace, engine, size, theme, scale
        QString directory;
        QString fps = QStringLiteral("10");
        QString speed = QStringLiteral("1ms");
    };

    // Returns the exit code: 0 written, 1 the run or a frame failed, 2 bad input.
    static int run(const Request& request, QTextStream& out, QTextStream& err);

    // "10", "29.97" -> frames a second, in (0, 240]; nullopt and `error` naming --fps otherwise.
    static std::optional<double> parseFps(const QString& text, QString* error);
    // Trace time a wall second: "1ms", "250us", "250µs", "2s", "500ns", with an optional "/s";
    // nullopt and `error` naming --replay-speed otherwise.
    static std::optional<TimeNs> parseSpeed(const QString& text, QString* error);
};

}  // namespace syncscope
