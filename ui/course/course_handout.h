#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <functional>

#include "core/course/course.h"

namespace syncscope {

// The course as handouts for a class (`syncscope --course-export DIR`): each page's scenario is
// run, and each page (see HandoutPage) is written as DIR/page-NN.png and all of them, in order,
// as DIR/course.pdf on A4 for printing. In the interface's language; files are written
// atomically, so a failure leaves what was there.
class CourseHandout {
    Q_DECLARE_TR_FUNCTIONS(CourseHandout)
public:
    struct Request {
        QString directory;
        QSize size{1600, 1131};                  // logical pixels; A4's proportions
        QString engine = QStringLiteral("sim");  // sim, cuda or auto
    };
    // Before each page is run: its index from 0, the count and its scenario.
    using Progress = std::function<void(int index, int count, const QString& scenario)>;

    // False with `error` naming the page or the file that failed; pages written before stay.
    static bool write(const Course& course, const Request& request, const Progress& progress,
                      QString* error);
    static QString pageFileName(int index);  // "page-01.png"
    static QString pdfFileName();            // "course.pdf"
};

}  // namespace syncscope
