#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>

#include "core/course/course.h"
#include "ui/course/course_handout.h"
#include "ui/jobs/job_tracker.h"

class QAction;
class QProgressDialog;
class QWidget;

namespace syncscope {

// Help ▸ Course Handouts…: the course written as handouts (ui/course/course_handout.h) from the
// window. The pages' runs go to a worker; the pages are drawn and written one per turn of the
// event loop, so the window stays responsive; a progress dialog shows where it is and Cancel stops
// it (pages already written stay).
class HandoutExport final : public QObject {
    Q_OBJECT
public:
    explicit HandoutExport(QWidget* window);
    ~HandoutExport() override;

    QAction* action() const { return action_; }
    bool busy() const { return busy_; }

    // Without asking for the folder (the action asks, then calls this).
    void exportTo(const QString& directory);
    void cancel();

signals:
    // Once per export: whether every page and the PDF were written, and what to tell the user.
    void finished(bool ok, const QString& message);

private:
    void chooseFolder();
    void writeNext();
    void finish(bool ok, const QString& message);

    QPointer<QWidget> window_;
    QAction* action_ = nullptr;
    QPointer<QProgressDialog> progress_;
    std::unique_ptr<Course> course_;
    std::unique_ptr<CourseHandout::Session> session_;
    CourseHandout::Request request_;
    int next_ = 0;
    bool busy_ = false;
    // Last, so it is destroyed first: its destructor cancels the runs and waits for them, while
    // the course they read (course_) still exists.
    JobTracker runs_{JobTracker::Concurrency::OneAtATime};
};

}  // namespace syncscope
