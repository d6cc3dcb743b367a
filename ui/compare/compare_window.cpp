#include "ui/compare/compare_window.h"

#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include "ui/compare/compare_exporter.h"
#include "ui/compare/compare_view.h"
#include "ui/compare/trace_source.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/theme.h"

namespace syncscope {

namespace {

struct Loaded {
    TraceSource::Result a;
    TraceSource::Result b;
};

}  // namespace

CompareWindow::CompareWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("Compare — syncscope"));
    view_ = new CompareView(this);
    setCentralWidget(view_);
    jobs_ = new JobTracker(JobTracker::Concurrency::OneAtATime, this);
    status_ = new QLabel(this);
    statusBar()->addWidget(status_, 1);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* save = file->addAction(tr("&Export Picture…"));
    save->setShortcut(QKeySequence(tr("Ctrl+E")));
    connect(save, &QAction::triggered, this, &CompareWindow::exportPicture);
    file->addSeparator();
    QAction* close_action = file->addAction(tr("&Close"));
    close_action->setShortcut(QKeySequence::Close);
    connect(close_action, &QAction::triggered, this, &QWidget::close);
    resize(1400, 1000);
}

CompareWindow::~CompareWindow() = default;

void CompareWindow::compare(const QString& a, const QString& b, const QString& engine) {
    start(nullptr, a, b, engine);
}

void CompareWindow::compare(std::shared_ptr<const Trace> a, const QString& b,
                            const QString& engine) {
    start(std::move(a), QString(), b, engine);
}

void CompareWindow::start(std::shared_ptr<const Trace> a, const QString& a_source,
                          const QString& b_source, const QString& engine) {
    status_->setText(tr("Loading %1…").arg(b_source));
    jobs_->start(
        [a, a_source, b_source, engine](const JobContext& job) {
            Loaded loaded;
            if (a)
                loaded.a.trace = a;
            else
                loaded.a = TraceSource::load(a_source, engine, job.token());
            if (loaded.a.ok() && !job.cancelled())
                loaded.b = TraceSource::load(b_source, engine, job.token());
            return loaded;
        },
        [this, a_source, b_source](const Loaded& loaded) {
            const bool a_failed = !loaded.a.ok();
            const TraceSource::Result& bad = a_failed ? loaded.a : loaded.b;
            if (a_failed || !loaded.b.ok()) {
                const QString error =
                    tr("Cannot compare with %1: %2").arg(a_failed ? a_source : b_source, bad.error);
                status_->setText(error);
                if (interactive_)
                    QMessageBox::warning(this, tr("Compare"), error);
                emit failed(error);
                return;
            }
            view_->setTraces(loaded.a.trace, loaded.b.trace);
            QString text = tr("A above, B below; zoom, pan and selection move together.");
            if (!loaded.b.note.isEmpty())
                text += QLatin1Char(' ') + loaded.b.note;
            status_->setText(text);
            emit compared();
        });
}

void CompareWindow::setTheme(const Theme& theme) {
    view_->setTheme(theme);
}

QString CompareWindow::statusText() const {
    return status_->text();
}

void CompareWindow::exportPicture() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Comparison"),
                                                      QStringLiteral("comparison.png"),
                                                      tr("Pictures (*.png *.jpg *.svg *.pdf)"));
    if (path.isEmpty())
        return;
    ExportOptions options;
    options.path = path;
    options.size = view_->size();
    QString error;
    if (!CompareExporter(*view_).exportTo(options, &error))
        QMessageBox::warning(this, tr("Export Comparison"), error);
    else
        status_->setText(tr("Wrote %1").arg(path));
}

}  // namespace syncscope
