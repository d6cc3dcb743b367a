#pragma once

#include <QObject>
#include <QPointer>

class QAction;

namespace syncscope {

class CompareWindow;
class MainWindow;

// Comparing the run on screen with another (docs/architecture.md section 5): File ▸ Compare
// With… and the course's compare pages, in a compare window of its own.
class CompareFeature final : public QObject {
    Q_OBJECT
public:
    explicit CompareFeature(MainWindow& window);

    QAction* compareWithAction() const { return compare_with_; }
    // The run on screen (A) next to `b` (builtin:NAME, a scenario file or a trace file). Returns
    // the compare window (null without a run).
    CompareWindow* compareWith(const QString& b);
    CompareWindow* compareWindow() const;
    // A compare page (claim 1: torch.cpu.synchronize() against torch.cuda.synchronize()): the
    // page's run, once it is on screen, beside a run of the scenario it compares with.
    void compareCoursePage();

protected:
    // Opened from the course, the compare window takes the course's keys: Page Down, Space and
    // the clicker's keys close it and turn the page; C or Esc close it and go back to the page.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void compareWithDialog();
    CompareWindow* open(const QString& b, bool from_course);

    MainWindow& window_;
    QAction* compare_with_ = nullptr;
    QPointer<CompareWindow> compare_window_;
    bool from_course_ = false;  // the window on screen shows a course page's comparison
};

}  // namespace syncscope
