#pragma once

#include <QSize>
#include <QString>
#include <QTextStream>

namespace syncscope {

// `syncscope --scenario FILE|builtin:NAME --export OUT`: runs the scenario synchronously on the
// chosen engine and writes the timeline picture, without showing a window. Also exports a trace
// file given instead of a scenario.
class HeadlessExport {
public:
    struct Request {
        QString scenario;  // a scenario file or builtin:NAME
        QString trace;     // or a trace file (native, PyTorch JSON[.gz], Nsight SQLite)
        QString engine = QStringLiteral("auto");
        QString output;
        QSize size{1600, 900};
        QString theme = QStringLiteral("light");
        bool callouts = true;  // --no-callouts clears it
        bool focus = false;    // --focus: zoom to the scenario's focus window
    };

    // Returns the process exit code: 0 written, 1 the run or the export failed, 2 bad input.
    static int run(const Request& request, QTextStream& out, QTextStream& err);
    // "1600x900" -> QSize; an invalid size when malformed or out of range.
    static QSize parseSize(const QString& text);
};

}  // namespace syncscope
