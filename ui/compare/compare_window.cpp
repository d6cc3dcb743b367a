#include "ui/compare/compare_window.h"

#include <QFileDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <algorithm>

#include "ui/compare/compare_exporter.h"
#include "ui/compare/compare_view.h"
#include "ui/compare/trace_source.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/theme.h"

namespace syncscope {

namespace {

// The size the window asks for where the screen has room: two timelines and the table.
constexpr QSize kPreferredSize(1400, 1000);
// What a window smaller than the screen leaves free around it, for the taskbar and the frame.
constexpr int kScreenMargin = 40;

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
    QMenu* view_menu = menuBar()->addMenu(tr("&View"));
    QAction* fit = view_menu->addAction(tr("Zoom to &Fit"));
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(fit, &QAction::triggered, view_, &CompareView::zoomToFit);
    full_screen_ = view_menu->addAction(tr("Full &Screen"));
    full_screen_->setCheckable(true);
    full_screen_->setShortcut(QKeySequence(Qt::Key_F11));
    connect(full_screen_, &QAction::toggled, this, &CompareWindow::setFullScreen);
    // Held by the window too, so the keys work while full screen hides the menu bar.
    addActions({save, close_action, fit, full_screen_});
    fitToScreen(screen());  // the primary screen until it is shown
}

void CompareWindow::fitToScreen(const QScreen* screen) {
    if (!screen)
        return;
    const QRect free = screen->availableGeometry();
    // The margin also holds the title bar and borders, which come on top of the size set here.
    const QSize size = kPreferredSize.boundedTo(QSize(
        std::max(320, free.width() - kScreenMargin), std::max(240, free.height() - kScreenMargin)));
    resize(size);
    move(free.center() - QPoint(size.width() / 2, size.height() / 2));
}

void CompareWindow::setFullScreen(bool on) {
    {
        const QSignalBlocker blocker(full_screen_);
        full_screen_->setChecked(on);
    }
    if (on == isFullScreen())
        return;
    // On a projector the lanes need every row: the bars go while the window is full screen.
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    if (on)
        showFullScreen();
    else
        showNormal();
}

void CompareWindow::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && isFullScreen()) {
        setFullScreen(false);
        return;
    }
    QMainWindow::keyPressEvent(event);
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
