#include "ui/course/course_handout.h"

#include <QDir>
#include <QFileInfo>
#include <QPageSize>

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

std::optional<std::vector<std::shared_ptr<const Trace>>> CourseHandout::runPages(
    const Course& course, const QString& engine, const Progress& progress,
    const CancelToken& cancel, QString* error) {
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (course.pages.empty())
        return fail(tr("the course has no page"));
    std::vector<std::shared_ptr<const Trace>> runs;
    const int count = int(course.pages.size());
    for (int k = 0; k < count; ++k) {
        if (cancel.cancelled())
            return fail(tr("cancelled"));
        const CoursePage& page = course.pages[std::size_t(k)];
        const QString name = qs(page.scenario);
        if (progress)
            progress(k, count, name);
        QString load_error;
        const auto scenario =
            BuiltinScenarios::load(QStringLiteral("builtin:") + name, &load_error);
        if (!scenario)
            return fail(tr("page %1: %2").arg(k + 1).arg(load_error));
        EngineChoice choice = chooseEngine(engine.toStdString());
        if (!choice.engine)
            return fail(tr("page %1: %2").arg(k + 1).arg(qs(choice.error)));
        QuietObserver observer;
        RunResult result = choice.engine->run(*scenario, observer, cancel);
        if (result.status != RunStatus::Ok)
            return fail(tr("page %1: the run of builtin:%2 %3: %4")
                            .arg(k + 1)
                            .arg(name, qs(toString(result.status)), qs(result.message)));
        runs.push_back(std::make_shared<const Trace>(std::move(result.trace)));
    }
    return runs;
}

CourseHandout::Session::Session(const Course& course, Request request,
                                std::vector<std::shared_ptr<const Trace>> runs)
    : course_(course), request_(std::move(request)), runs_(std::move(runs)) {}

CourseHandout::Session::~Session() = default;

int CourseHandout::Session::count() const {
    return int(std::min(runs_.size(), course_.pages.size()));
}

bool CourseHandout::Session::prepare(QString* error) {
    const QFileInfo dir(request_.directory);
    if (dir.exists() && !dir.isDir()) {
        if (error)
            *error = tr("%1 is not a folder").arg(QDir::toNativeSeparators(request_.directory));
        return false;
    }
    if (!dir.exists() && !QDir().mkpath(request_.directory)) {
        if (error)
            *error =
                tr("cannot make the folder %1").arg(QDir::toNativeSeparators(request_.directory));
        return false;
    }
    return true;
}

bool CourseHandout::Session::writePage(int k, QString* error) {
    if (k < 0 || k >= count() || k != int(pages_.size()))
        return false;  // pages are written in order, once
    const CoursePage& page = course_.pages[std::size_t(k)];
    HandoutPage::Content content;
    content.page = page;
    content.index = k;
    content.count = int(course_.pages.size());
    content.title = builtinTitle(page.scenario);
    if (page.compare)
        content.compareTitle = builtinTitle(*page.compare);
    content.trace = runs_[std::size_t(k)];
    pages_.push_back(std::make_unique<HandoutPage>(std::move(content), request_.size));

    ExportOptions options;
    options.path = QDir(request_.directory).filePath(pageFileName(k));
    options.size = request_.size;
    QString write_error;
    const HandoutPage& handout = *pages_.back();
    if (!ImageExporter::exportPicture(
            options, Theme::light().background,
            [&](QPainter* p, bool vector) { handout.paint(p, vector); }, &write_error)) {
        if (error)
            *error = tr("page %1: %2").arg(k + 1).arg(write_error);
        return false;
    }
    return true;
}

bool CourseHandout::Session::writePdf(QString* error) {
    const QPageSize a4(QPageSize::A4);
    const QSizeF mm = a4.size(QPageSize::Millimeter);
    // The paper turned the way the pages are: landscape for wide ones.
    const bool wide = request_.size.width() >= request_.size.height();
    const QPageSize paper(wide ? QSizeF(mm.height(), mm.width()) : mm, QPageSize::Millimeter,
                          QStringLiteral("A4"), QPageSize::FuzzyMatch);
    return ImageExporter::exportPdfPages(
        QDir(request_.directory).filePath(pdfFileName()), request_.size, paper, int(pages_.size()),
        [&](QPainter* p, int k) { pages_[std::size_t(k)]->paint(p, true); }, error);
}

bool CourseHandout::write(const Course& course, const Request& request, const Progress& progress,
                          QString* error) {
    Session session(course, request, {});
    if (!session.prepare(error))
        return false;
    CancelToken never;
    auto runs = runPages(course, request.engine, progress, never, error);
    if (!runs)
        return false;
    Session writer(course, request, std::move(*runs));
    for (int k = 0; k < writer.count(); ++k)
        if (!writer.writePage(k, error))
            return false;
    return writer.writePdf(error);
}

}  // namespace syncscope
