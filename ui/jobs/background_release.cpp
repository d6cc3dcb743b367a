#include "ui/jobs/background_release.h"

#include <QCoreApplication>
#include <QThread>

#include "ui/jobs/job_tracker.h"

namespace syncscope {

void releaseInBackground(std::function<void()> release) {
    const QCoreApplication* app = QCoreApplication::instance();
    // Off the GUI thread (a job that dropped its document) a release costs no frame; without an
    // application (shutdown, core tests) there are no frames.
    if (app == nullptr || QThread::currentThread() != app->thread()) {
        release();
        return;
    }
    JobTracker::shared().detach(std::move(release));
}

}  // namespace syncscope
