#pragma once

#include <QDockWidget>
#include <QString>

#include "core/model/ids.h"

class QScrollArea;
class QStackedWidget;

namespace syncscope {

class ImportedTracePage;
class TimelineModel;
struct Trace;

// The left dock: the scenario editor and its run controls, or, while a trace that no scenario
// produced is on screen, a page that says what that trace is (ImportedTracePage). The editor is
// only hidden meanwhile, so what it held, edited or not, is there when it comes back.
class ScenarioDock final : public QDockWidget {
    Q_OBJECT
public:
    // `editor`: the editor and run controls (in their scroll area); the dock takes it.
    ScenarioDock(QWidget* editor, QWidget* parent = nullptr);

    // The editor page, titled "Scenario"; `focus`: the keyboard goes to its first control.
    void showEditor(bool focus = false);
    // The trace page, titled "Trace", with `trace`'s facts (see ImportedTracePage::setTrace); its
    // time span is the events' span in `indexed` (what Fit shows and the makespan counts: a
    // recorder's own rows left out), none without it.
    void showTrace(const Trace& trace, const QString& path, const TimelineModel* indexed);
    bool tracePageShown() const;
    ImportedTracePage* tracePage() const { return page_; }

signals:
    // The page shown changed (editor or trace page).
    void pageChanged();
    // The trace page's "Open the Library".
    void libraryRequested();

private:
    // Shows `page`; true when it replaced a page that held the keyboard focus.
    bool switchTo(QWidget* page, const QString& title);

    QStackedWidget* stack_;
    QWidget* editor_;
    ImportedTracePage* page_;
    QScrollArea* page_area_;
};

}  // namespace syncscope
