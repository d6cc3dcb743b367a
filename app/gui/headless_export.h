#pragma once

#include <QSize>
#include <QString>
#include <QTextStream>
#include <optional>
#include <utility>

#include "app/gui/picture_output.h"
#include "ui/export/export_options.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// `syncscope --scenario FILE|builtin:NAME --export OUT`: runs the scenario synchronously on the
// chosen engine and writes the timeline picture, without showing a window. Also exports a trace
// file given instead of a scenario. With --compare, main() hands the request to HeadlessCompare
// instead: the two share the request, its checks and its options (PictureOutput), not each other.
class HeadlessExport {
public:
    using Request = PictureOutput::Request;
    // Returns the process exit code: 0 written, 1 the run or the export failed, 2 bad input.
    static int run(const Request& request, QTextStream& out, QTextStream& err);
};

}  // namespace syncscope
