#pragma once

#include <QString>
#include <optional>

#include "core/course/course.h"

namespace syncscope {

// The course compiled into the program (":/course/course.json", resources/course/course.json),
// read with core's CourseReader and checked against the built-in scenarios it names.
class CourseLibrary {
public:
    static QString resourcePath();
    // nullopt with `error` set when the file does not parse or a page names no built-in.
    static std::optional<Course> load(QString* error);
    // The same checks on a course read from elsewhere: every page's scenario and compare exist.
    static bool checkBuiltins(const Course& course, QString* error);
};

}  // namespace syncscope
