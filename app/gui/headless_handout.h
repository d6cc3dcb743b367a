#pragma once

#include <QString>
#include <QTextStream>
#include <optional>

namespace syncscope {

// `syncscope --course-export DIR [--lang ja|en] [--size WxH] [--engine E]`: the course as
// handouts (ui/course/course_handout.h), with a line per page on stdout while it runs.
class HeadlessHandout {
public:
    struct Request {
        QString directory;
        std::optional<QString> size;    // not given: CourseHandout's default
        std::optional<QString> engine;  // not given: the simulator
        bool other_work = false;        // a FILE, --scenario, --export… given too
    };

    // Returns the exit code: 0 written, 1 a run or a file failed, 2 bad input.
    static int run(const Request& request, QTextStream& out, QTextStream& err);
};

}  // namespace syncscope
