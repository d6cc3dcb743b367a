#include "ui/window/scenario_dock.h"

#include <QApplication>
#include <QFrame>
#include <QScrollArea>
#include <QStackedWidget>

#include "ui/timeline/timeline_model.h"
#include "ui/window/imported_trace_page.h"

namespace syncscope {

ScenarioDock::ScenarioDock(QWidget* editor, QWidget* parent)
    : QDockWidget(tr("Scenario"), parent),
      stack_(new QStackedWidget(this)),
      editor_(editor),
      page_(new ImportedTracePage(this)),
      page_area_(new QScrollArea(this)) {
    // The name the window's saved state knows the dock by.
    setObjectName(QStringLiteral("scenarioDock"));
    setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    page_area_->setObjectName(QStringLiteral("tracePageScroll"));
    page_area_->setFrameShape(QFrame::NoFrame);
    page_area_->setWidgetResizable(true);
    page_area_->setWidget(page_);
    stack_->addWidget(editor_);
    stack_->addWidget(page_area_);
    setWidget(stack_);
    connect(page_, &ImportedTracePage::editScenarioRequested, this, [this] { showEditor(true); });
    connect(page_, &ImportedTracePage::libraryRequested, this, &ScenarioDock::libraryRequested);
}

bool ScenarioDock::switchTo(QWidget* page, const QString& title) {
    const bool changed = stack_->currentWidget() != page;
    // Keyboard focus in the page that leaves would be left on a hidden widget.
    const bool had_focus = stack_->isAncestorOf(QApplication::focusWidget());
    stack_->setCurrentWidget(page);
    setWindowTitle(title);
    if (changed)
        emit pageChanged();
    return changed && had_focus;
}

void ScenarioDock::showEditor(bool focus) {
    if (!switchTo(editor_, tr("Scenario")) && !focus)
        return;
    // The first control a Tab would reach, not the scroll area around them.
    for (QWidget* w = editor_->nextInFocusChain(); w && w != editor_; w = w->nextInFocusChain()) {
        if (editor_->isAncestorOf(w) && w->isVisibleTo(editor_) && w->isEnabled() &&
            (w->focusPolicy() & Qt::TabFocus) && !qobject_cast<QScrollArea*>(w)) {
            w->setFocus(Qt::TabFocusReason);
            return;
        }
    }
}

void ScenarioDock::showTrace(const Trace& trace, const QString& path,
                             const TimelineModel* indexed) {
    TimeNs span_ns = -1;
    if (indexed != nullptr)
        if (const auto [first, last] = indexed->eventSpan(); first <= last)
            span_ns = last - first;
    page_->setTrace(trace, path, span_ns);
    if (switchTo(page_area_, tr("Trace")))
        page_->setFocus(Qt::OtherFocusReason);  // its proxy: "Edit a Scenario"
}

bool ScenarioDock::tracePageShown() const {
    return stack_->currentWidget() == page_area_;
}

}  // namespace syncscope
