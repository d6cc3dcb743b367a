#include "app/gui/headless_handout.h"

#include <QDir>
#include <QFileInfo>

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
    // Every value the user gave is echoed escaped: a folder or option value with an escape
    // sequence in it must not reach the terminal as one.
    if (request.size) {
        handout.size = PictureOutput::parseSize(*request.size);
        if (!handout.size.isValid()) {
            err << "syncscope: bad --size '" << forTerminal(*request.size)
                << "' (expected WxH, e.g. 1600x1131, each 100..16000)" << Qt::endl;
            return 2;
        }
    }
    if (request.engine) {
        if (*request.engine != QLatin1String("auto") && *request.engine != QLatin1String("sim") &&
            *request.engine != QLatin1String("cuda")) {
            err << "syncscope: unknown engine '" << forTerminal(*request.engine)
                << "' (expected sim, cuda or auto)" << Qt::endl;
            return 2;
        }
        handout.engine = *request.engine;
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
    // The folders this export makes: on a failure, those it left empty are removed again (an
    // --engine cuda without a GPU left an empty folder behind).
    QStringList made;
    for (QString path = QDir(request.directory).absolutePath(); !QFileInfo::exists(path);) {
        made << path;
        const QString parent = QFileInfo(path).path();
        if (parent == path)
            break;
        path = parent;
    }
    if (!CourseHandout::write(*course, handout, progress, &error)) {
        err << "syncscope: --course-export: " << forTerminal(error) << Qt::endl;
        for (const QString& folder : made)
            if (!QDir().rmdir(folder))  // only an empty one goes
                break;
        return 1;
    }
    const QDir dir(request.directory);
    out << "syncscope: wrote " << course->pages.size() << " pages as "
        << forTerminal(QDir::toNativeSeparators(dir.filePath(QStringLiteral("page-NN.png"))))
        << " and "
        << forTerminal(QDir::toNativeSeparators(dir.filePath(CourseHandout::pdfFileName())))
        << Qt::endl;
    return 0;
}

}  // namespace syncscope
