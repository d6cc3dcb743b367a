#include "ui/window/handout_export.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include "ui/course/course_library.h"

namespace syncscope {

namespace {

const QString kFolderKey = QStringLiteral("course/handoutFolder");

}  // namespace

HandoutExport::HandoutExport(QWidget* window) : QObject(window), window_(window) {
    action_ = new QAction(tr("Course &Handouts…"), this);
    action_->setToolTip(
        tr("Every course page (claim, truth, the run, where to look, the code) as a PNG, and all "
           "of them as one PDF to print"));
    connect(action_, &QAction::triggered, this, &HandoutExport::chooseFolder);
}

HandoutExport::~HandoutExport() = default;

void HandoutExport::chooseFolder() {
    if (busy_)
        return;
    QSettings settings;
    const QString start =
        settings
            .value(kFolderKey,
                   QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                       .filePath(QStringLiteral("syncscope-handouts")))
            .toString();
    const QString dir =
        QFileDialog::getExistingDirectory(window_, tr("Write the Course Handouts Into"), start);
    if (dir.isEmpty())
        return;
    settings.setValue(kFolderKey, dir);
    exportTo(dir);
}

void HandoutExport::exportTo(const QString& directory) {
    if (busy_)
        return;
    QString error;
    auto course = CourseLibrary::load(&error);
    if (!course) {
        emit finished(false, tr("The course could not be read: %1").arg(error));
        return;
    }
    busy_ = true;
    action_->setEnabled(false);
    course_ = std::make_unique<Course>(std::move(*course));
    request_ = {};
    request_.directory = directory;
    next_ = 0;
    session_.reset();
    const int count = int(course_->pages.size());
    progress_ = new QProgressDialog(tr("Running the course's scenarios…"), tr("Cancel"), 0,
                                    2 * count, window_);
    progress_->setWindowTitle(tr("Course Handouts"));
    progress_->setAttribute(Qt::WA_DeleteOnClose);
    progress_->setMinimumDuration(300);
    connect(progress_, &QProgressDialog::canceled, this, &HandoutExport::cancel);
    // The runs need no widget: off the GUI thread, in page order.
    const Course* pages = course_.get();
    runs_.start(
        [pages, progress = QPointer<QProgressDialog>(progress_)](const JobContext& job) {
            QString run_error;
            auto runs = CourseHandout::runPages(
                *pages, QStringLiteral("sim"),
                [&](int k, int, const QString&) {
                    job.post([progress, k] {
                        if (progress)
                            progress->setValue(k);
                    });
                },
                job.token(), &run_error);
            return std::make_pair(std::move(runs), run_error);
        },
        [this](std::pair<std::optional<std::vector<std::shared_ptr<const Trace>>>, QString> done) {
            if (!done.first) {
                finish(false, tr("No handouts written: %1").arg(done.second));
                return;
            }
            session_ = std::make_unique<CourseHandout::Session>(*course_, request_,
                                                                std::move(*done.first));
            QString prepare_error;
            if (!session_->prepare(&prepare_error)) {
                finish(false, tr("No handouts written: %1").arg(prepare_error));
                return;
            }
            if (progress_)
                progress_->setLabelText(tr("Drawing the pages…"));
            QTimer::singleShot(0, this, &HandoutExport::writeNext);
        });
}

void HandoutExport::writeNext() {
    if (!busy_ || !session_)
        return;
    const int count = session_->count();
    QString error;
    if (next_ < count) {
        // One page per turn of the event loop: drawing a page takes a few tens of ms. A 1 ms
        // timer, not a 0 one, so the window's own timers (and the progress dialog's) get turns.
        if (!session_->writePage(next_, &error)) {
            finish(false, error);
            return;
        }
        ++next_;
        if (progress_)
            progress_->setValue(count + next_);
        QTimer::singleShot(1, this, &HandoutExport::writeNext);
        return;
    }
    if (!session_->writePdf(&error)) {
        finish(false, error);
        return;
    }
    finish(true,
           tr("Wrote %n course page(s) and %1 to %2", nullptr, count)
               .arg(CourseHandout::pdfFileName(), QDir::toNativeSeparators(request_.directory)));
}

void HandoutExport::cancel() {
    if (!busy_)
        return;
    runs_.drop();
    finish(false, tr("Handouts cancelled after %n page(s)", nullptr, next_));
}

void HandoutExport::finish(bool ok, const QString& message) {
    busy_ = false;
    action_->setEnabled(true);
    session_.reset();
    if (progress_) {
        progress_->disconnect(this);
        progress_->close();
    }
    emit finished(ok, message);
}

}  // namespace syncscope
