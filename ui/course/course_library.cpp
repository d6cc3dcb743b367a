#include "ui/course/course_library.h"

#include <QFile>
#include <QObject>

#include "core/course/course_reader.h"
#include "ui/editor/builtin_scenarios.h"

namespace syncscope {

QString CourseLibrary::resourcePath() {
    return QStringLiteral(":/course/course.json");
}

std::optional<Course> CourseLibrary::load(QString* error) {
    QFile file(resourcePath());
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QObject::tr("the course (%1) is not in this build").arg(resourcePath());
        return std::nullopt;
    }
    const QByteArray text = file.readAll();
    CourseParseResult parsed =
        CourseReader::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!parsed.ok()) {
        if (error)
            *error = QObject::tr("the course is invalid:\n%1")
                         .arg(QString::fromStdString(parsed.errorText()));
        return std::nullopt;
    }
    if (!checkBuiltins(*parsed.course, error))
        return std::nullopt;
    return std::move(parsed.course);
}

bool CourseLibrary::checkBuiltins(const Course& course, QString* error) {
    const QStringList names = BuiltinScenarios::names();
    QStringList problems;
    for (std::size_t i = 0; i < course.pages.size(); ++i) {
        const CoursePage& page = course.pages[i];
        const QString where =
            QStringLiteral("pages[%1] (%2)").arg(i).arg(QString::fromStdString(page.scenario));
        if (!names.contains(QString::fromStdString(page.scenario)))
            problems << QObject::tr("%1.scenario: there is no built-in scenario of that name")
                            .arg(where);
        if (page.compare && !names.contains(QString::fromStdString(*page.compare)))
            problems << QObject::tr("%1.compare: there is no built-in scenario '%2'")
                            .arg(where, QString::fromStdString(*page.compare));
    }
    if (!problems.isEmpty() && error)
        *error = QObject::tr("the course names unknown scenarios:\n%1")
                     .arg(problems.join(QLatin1Char('\n')));
    return problems.isEmpty();
}

}  // namespace syncscope
