#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <optional>
#include <utility>

#include "ui/export/export_options.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// Text read from a file or given by the user (names, errors quoting them) as it may be printed
// on a terminal: control characters and bidirectional overrides escaped
// (core/model/terminal_text.h).
QString forTerminal(const QString& text);

// The checks every headless picture makes of its output before any work, in one place for the
// timeline export and the compare export (siblings, neither calling the other): a file name with
// a picture format, not a FIFO or device, in a folder that takes a file, and none of `inputs`.
class PictureOutput {
public:
    struct Request {
        QString scenario;  // a scenario file or builtin:NAME
        QString trace;     // or a trace file (native, PyTorch JSON[.gz], Nsight SQLite)
        QString engine = QStringLiteral("auto");
        QString output;
        QSize size{1600, 900};
        QString theme = QStringLiteral("light");
        std::optional<std::pair<double, double>> range_us;  // on the time axis; default: all
        double scale = 1.0;                                 // device-pixel ratio
        bool arrows = false;                                // draw the flows
        bool memory = false;                                // force the memory plot
        bool callouts = true;                               // --no-callouts clears it
        bool focus = false;     // --focus: zoom to the scenario's focus window
        bool findings = false;  // --findings: the doctor's findings as callouts
        QString compare;        // --compare B: a picture of the compare view of the run and B
    };

    // "1600x900" -> QSize; an invalid size when malformed or out of range.
    static QSize parseSize(const QString& text);
    // "light", "dark" or "presentation"; nullopt for anything else.
    static std::optional<Theme> themeByName(const QString& name);
    // What the request says about the picture (path, size, theme and what to draw).
    static ExportOptions optionsFor(const Request& request, const Theme& theme);

    // "" when `output` may be written; else the message to print (after "syncscope: ").
    static QString problem(const QString& output, const QStringList& inputs);
    // Prints the problem, if any, on `err`; true when there was one (exit status 2).
    static bool refuse(const QString& output, const QStringList& inputs, QTextStream& err);
};

}  // namespace syncscope
