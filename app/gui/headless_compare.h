#pragma once

#include <QString>
#include <QTextStream>

#include "app/gui/picture_output.h"
#include "ui/timeline/theme.h"

namespace syncscope {

// `syncscope --scenario A --compare B --export OUT`: runs (or loads) both sides and writes the
// whole compare view (two timelines and the difference table) as one picture.
class HeadlessCompare {
public:
    // Returns the exit code: 0 written, 1 a run or the export failed, 2 bad input.
    static int run(const PictureOutput::Request& request, QTextStream& out, QTextStream& err);
    // Whether `source` can be a side at all (a known builtin:NAME or an existing file), without
    // running anything; false with `error` naming the option and the source.
    static bool checkSource(const QString& option, const QString& source, QString* error);
};

}  // namespace syncscope
