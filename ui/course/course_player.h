#pragma once

#include <QObject>
#include <QPointer>

#include "core/course/course.h"

class QWidget;

namespace syncscope {

// Walks a course page by page. While active it takes the keys a presentation clicker sends, in
// the window it serves: Page Down, Space and Right go forward; Page Up, Shift+Space and Left go
// back; Home and End jump to the first and last page; Esc leaves. Text fields keep their keys.
class CoursePlayer final : public QObject {
    Q_OBJECT
public:
    CoursePlayer(QWidget* scope, QObject* parent = nullptr);
    ~CoursePlayer() override;

    void setCourse(Course course);
    const Course& course() const { return course_; }
    int count() const { return int(course_.pages.size()); }
    int index() const { return index_; }
    bool isActive() const { return active_; }
    const CoursePage* page() const;

    // Starts at `index` (clamped to the pages); false when the course has no page.
    bool start(int index = 0);
    void goTo(int index);
    void next() { goTo(index_ + 1); }
    void previous() { goTo(index_ - 1); }
    void first() { goTo(0); }
    void last() { goTo(count() - 1); }
    void leave();

signals:
    // The page to show now (also on start, and when a key asks for the page already shown at
    // either end, nothing is emitted).
    void pageChanged(int index);
    void left();
    // C on a page: show the page's run beside the run it compares with.
    void compareRequested();

public:
    // What a key does in the course: +1, -1, a jump, leaving, or nothing. The compare window
    // opened from a page reads the same keys.
    enum class Move { None, Next, Previous, First, Last, Leave, Compare };
    static Move moveFor(int key, Qt::KeyboardModifiers modifiers);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool inScope(QObject* watched) const;

    QPointer<QWidget> scope_;
    Course course_;
    int index_ = 0;
    bool active_ = false;
};

}  // namespace syncscope
