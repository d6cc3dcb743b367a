#include "app/gui/headless_handout.h"

#include <QDir>

#include "app/gui/headless_export.h"
#include "ui/course/course_handout.h"
#include "ui/course/course_library.h"

namespace syncscope {

int HeadlessHandout::run(const Request& request, QTextStream& out, QTextStream& err) {
    if (request.other_work) {
        err << "syncscope: --course-export writes the course; it takes no FILE, --scenario, "
               "--export, --compare, --replay-frames or --course"
            << Qt::endl;
        return 2;
    }
    if (request.directory.isEmpty()) {
        err << "syncscope: --course-export needs a folder to write into" << Qt::endl;
        return 2;
    }
    CourseHandout::Request handout;
    handout.directory = request.directory;
    if (!request.size.isEmpty()) {
        handout.size = HeadlessExport::parseSize(request.size);
        if (!handout.size.isValid()) {
            err << "syncscope: bad --size '" << request.size
                << "' (expected WxH, e.g. 1600x1131, each 100..16000)" << Qt::endl;
            return 2;
        }
    }
    if (!request.engine.isEmpty()) {
        if (request.engine != QLatin1String("auto") && request.engine != QLatin1String("sim") &&
            request.engine != QLatin1String("cuda")) {
            err << "syncscope: unknown engine '" << request.engine
                << "' (expected sim, cuda or auto)" << Qt::endl;
            return 2;
        }
        handout.engine = request.engine;
    }
    QString error;
    const auto course = CourseLibrary::load(&error);
    if (!course) {
        err << "syncscope: the course: " << forTerminal(error) << Qt::endl;
        return 1;
    }
    const auto progress = [&](int index, int count, const QString& scenario) {
        out << "syncscope: page " << index + 1 << " of " << count << " (builtin:" << scenario << ")"
            << Qt::endl;
    };
    if (!CourseHandout::write(*course, handout, progress, &error)) {
        err << "syncscope: --course-export: " << forTerminal(error) << Qt::endl;
        return 1;
    }
    const QDir dir(request.directory);
    out << "syncscope: wrote " << course->pages.size() << " pages as "
        << QDir::toNativeSeparators(dir.filePath(QStringLiteral("page-NN.png"))) << " and "
        << QDir::toNativeSeparators(dir.filePath(CourseHandout::pdfFileName())) << Qt::endl;
    return 0;
}

}  // namespace syncscope
