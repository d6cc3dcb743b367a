#include "ui/course/course_handout.h"

#include <QDir>
#include <QFileInfo>
#include <QPageSize>
#include <memory>
#include <vector>

#include "core/engine/engine_factory.h"
#include "ui/course/handout_page.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/export/image_exporter.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/theme.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// Handouts need the finished run only: progress and deltas are not shown.
class QuietObserver final : public EngineObserver {};

QString builtinTitle(const std::string& name) {
    const auto scenario = BuiltinScenarios::load(QStringLiteral("builtin:") + qs(name), nullptr);
    return scenario ? qs(scenario->title.in(UiLanguage::current())) : QString();
}

}  // namespace

QString CourseHandout::pageFileName(int index) {
    return QStringLiteral("page-%1.png").arg(index + 1, 2, 10, QLatin1Char('0'));
}

QString CourseHandout::pdfFileName() {
    return QStringLiteral("course.pdf");
}

bool CourseHandout::write(const Course& course, const Request& request, const Progress& progress,
                          QString* error) {
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (course.pages.empty())
        return fail(tr("the course has no page"));
    const QFileInfo dir(request.directory);
    if (dir.exists() && !dir.isDir())
        return fail(tr("%1 is not a folder").arg(QDir::toNativeSeparators(request.directory)));
    if (!dir.exists() && !QDir().mkpath(request.directory))
        return fail(
            tr("cannot make the folder %1").arg(QDir::toNativeSeparators(request.directory)));
    const QDir out(request.directory);
    const int count = int(course.pages.size());

    std::vector<std::unique_ptr<HandoutPage>> pages;
    for (int k = 0; k < count; ++k) {
        const CoursePage& page = course.pages[std::size_t(k)];
        const QString name = qs(page.scenario);
        if (progress)
            progress(k, count, name);
        QString load_error;
        const auto scenario =
            BuiltinScenarios::load(QStringLiteral("builtin:") + name, &load_error);
        if (!scenario)
            return fail(tr("page %1: %2").arg(k + 1).arg(load_error));
        EngineChoice choice = chooseEngine(request.engine.toStdString());
        if (!choice.engine)
            return fail(tr("page %1: %2").arg(k + 1).arg(qs(choice.error)));
        QuietObserver observer;
        CancelToken never;
        RunResult result = choice.engine->run(*scenario, observer, never);
        if (result.status != RunStatus::Ok)
            return fail(tr("page %1: the run of builtin:%2 %3: %4")
                            .arg(k + 1)
                            .arg(name, qs(toString(result.status)), qs(result.message)));
        HandoutPage::Content content;
        content.page = page;
        content.index = k;
        content.count = count;
        content.title = builtinTitle(page.scenario);
        if (page.compare)
            content.compareTitle = builtinTitle(*page.compare);
        content.trace = std::make_shared<const Trace>(std::move(result.trace));
        pages.push_back(std::make_unique<HandoutPage>(std::move(content), request.size));

        ExportOptions options;
        options.path = out.filePath(pageFileName(k));
        options.size = request.size;
        QString write_error;
        const HandoutPage& handout = *pages.back();
        if (!ImageExporter::exportPicture(
                options, Theme::light().background,
                [&](QPainter* p, bool vector) { handout.paint(p, vector); }, &write_error))
            return fail(tr("page %1: %2").arg(k + 1).arg(write_error));
    }
    const QPageSize a4(QPageSize::A4);
    const QSizeF mm = a4.size(QPageSize::Millimeter);
    // The paper turned the way the pages are: landscape for wide ones.
    const bool wide = request.size.width() >= request.size.height();
    const QPageSize paper(wide ? QSizeF(mm.height(), mm.width()) : mm, QPageSize::Millimeter,
                          QStringLiteral("A4"), QPageSize::FuzzyMatch);
    return ImageExporter::exportPdfPages(
        out.filePath(pdfFileName()), request.size, paper, count,
        [&](QPainter* p, int k) { pages[std::size_t(k)]->paint(p, true); }, error);
}

}  // namespace syncscope
