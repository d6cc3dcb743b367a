// MainWindow: the docks around the timeline and how much room they take. The rest of the class is
// in main_window.cpp.
#include <QComboBox>
#include <QDockWidget>
#include <QFormLayout>
#include <QFrame>
#include <QScrollArea>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/doctor/findings_dock.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/range_stats_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"
#include "ui/window/scenario_dock.h"

namespace syncscope {

namespace {

// Default widths of the side docks on a first start: with them a 1600 px window leaves the
// timeline about 1010 px, and a 1366 px one about 780.
constexpr int kEditorDockWidth = 320;
constexpr int kSideDockWidth = 260;
// The run summary over the event details: in this proportion the summary shows its figures and
// its invariant line without scrolling on a 1000 px screen.
constexpr int kSummaryDockHeight = 400;
constexpr int kDetailsDockHeight = 300;

// What holds a side dock wide: a combo box asks for its longest item's width, a form row for its
// label's plus its field's. Here a combo shows the start of its text (its popup still shows every
// item whole), and a row too long for the dock puts its field under its label.
void fitNarrow(QWidget* content) {
    for (QComboBox* combo : content->findChildren<QComboBox*>()) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(14);
    }
    for (QFormLayout* form : content->findChildren<QFormLayout*>())
        form->setRowWrapPolicy(QFormLayout::WrapLongRows);
}

// A dock's contents in a scroll area. A dock asks the window for its contents' minimum size, and
// the editor's groups and the summary's form add up to more than a 1366×768 screen leaves beside
// the timeline; in a scroll area they ask for a scroll bar's room, and what does not fit scrolls
// instead of being cut off or pushing the window off the screen.
QScrollArea* scrolling(QWidget* content, const QString& name, QWidget* parent) {
    fitNarrow(content);
    auto* area = new QScrollArea(parent);
    area->setObjectName(name);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(content);
    return area;
}

}  // namespace

void MainWindow::buildDocks() {
    // The run controls sit under the scenario they run, in one dock.
    auto* left = new QWidget(this);
    auto* left_layout = new QVBoxLayout(left);
    left_layout->setContentsMargins(0, 0, 0, 0);
    left_layout->setSpacing(0);
    editor_ = new ScenarioEditor(left);
    run_panel_ = new RunPanel(left);
    run_panel_->setRunnable(editor_->canRun());
    left_layout->addWidget(editor_, 1);
    left_layout->addWidget(run_panel_);
    // The editor's page, or the page of a trace no scenario produced (an import).
    auto* editor_dock =
        new ScenarioDock(scrolling(left, QStringLiteral("scenarioScroll"), this), this);
    scenario_dock_ = editor_dock;
    addDockWidget(Qt::LeftDockWidgetArea, editor_dock);

    library_ = new ScenarioLibrary(this);
    auto* library_dock = new QDockWidget(tr("Library"), this);
    library_dock->setObjectName(QStringLiteral("libraryDock"));
    library_dock->setWidget(library_);
    addDockWidget(Qt::LeftDockWidgetArea, library_dock);
    tabifyDockWidget(library_dock, editor_dock);
    editor_dock->raise();
    connect(editor_dock, &ScenarioDock::libraryRequested, this, [library_dock] {
        library_dock->show();
        library_dock->raise();
        library_dock->widget()->setFocus(Qt::OtherFocusReason);
    });
    // Whatever puts a scenario in the editor (a file, the library, an undo) shows the editor.
    connect(editor_, &ScenarioEditor::scenarioChanged, editor_dock,
            [editor_dock] { editor_dock->showEditor(); });
    connect(editor_dock, &ScenarioDock::pageChanged, this, &MainWindow::updateTitle);

    summary_ = new RunSummary(this);
    auto* summary_dock = new QDockWidget(tr("Run summary"), this);
    summary_dock->setObjectName(QStringLiteral("summaryDock"));
    summary_dock->setWidget(scrolling(summary_, QStringLiteral("summaryScroll"), this));
    addDockWidget(Qt::RightDockWidgetArea, summary_dock);

    details_ = new QTextBrowser(this);
    details_->setObjectName(QStringLiteral("eventDetails"));
    details_->setPlaceholderText(
        tr("Click an event in the timeline to see what it is and, for a "
           "wait, what it waited for."));
    auto* details_dock = new QDockWidget(tr("Event details"), this);
    details_dock->setObjectName(QStringLiteral("detailsDock"));
    details_dock->setWidget(details_);
    addDockWidget(Qt::RightDockWidgetArea, details_dock);
    buildRangeDock();
    // The doctor's findings, beside the details: raised when an imported trace has some.
    findings_ = new FindingsDock(this);
    addDockWidget(Qt::RightDockWidgetArea, findings_);
    tabifyDockWidget(details_dock, findings_);
    details_dock->raise();
    findings_->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(findings_, &FindingsDock::eventChosen, this,
            [this](std::uint32_t e) { timeline_->revealEvent(e); });
    connect(findings_, &FindingsDock::findingsReady, this, [this](int count) {
        if (count > 0 && trace_ && !trace_->scenario)
            findings_->raise();
    });

    // The timeline is what the window is for: at 1600 px it keeps about 65 % of the width.
    resizeDocks({editor_dock, summary_dock}, {kEditorDockWidth, kSideDockWidth}, Qt::Horizontal);
    // The summary's figures and its invariant line above the fold; the details scroll anyway.
    resizeDocks({summary_dock, details_dock}, {kSummaryDockHeight, kDetailsDockHeight},
                Qt::Vertical);
}

// The range statistics dock: a range dragged on the timeline's time axis fills it and shows it.
void MainWindow::buildRangeDock() {
    range_stats_ = new RangeStatsPanel(this);
    range_stats_->setObjectName(QStringLiteral("rangeStats"));
    range_dock_ = new QDockWidget(tr("Range statistics"), this);
    range_dock_->setObjectName(QStringLiteral("rangeDock"));
    range_dock_->setWidget(range_stats_);
    addDockWidget(Qt::BottomDockWidgetArea, range_dock_);
    range_dock_->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    range_dock_->hide();  // until a range is picked, or the user opens it
    // A new trace (open, run, live snapshot) makes the range's figures stale; hiding or showing
    // lanes changes what they count.
    connect(timeline_, &TimelineView::laneLayoutChanged, this, [this] {
        range_stats_->setTrace(timeline_->trace());
        range_stats_->recount(timeline_->countedLanes());
    });
    connect(timeline_, &TimelineView::rangeSelected, this, [this](qint64 t0, qint64 t1) {
        range_stats_->setTrace(timeline_->trace());
        range_stats_->showRange(t0, t1, timeline_->countedLanes());
        if (range_dock_->isHidden()) {
            range_dock_->show();
            // Room for the figures and a handful of rows; the timeline keeps the rest.
            QTimer::singleShot(0, this, [this] {
                resizeDocks({range_dock_}, {std::max(160, height() / 5)}, Qt::Vertical);
            });
        }
        range_dock_->raise();
    });
}

}  // namespace syncscope
