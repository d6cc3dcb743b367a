#include "ui/jobs/background_release.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

namespace syncscope {

void releaseInBackground(std::function<void()> release) {
    const QCoreApplication* app = QCoreApplication::instance();
    QThreadPool* pool = QThreadPool::globalInstance();
    // Off the GUI thread (a job that dropped its document) a release costs no frame; without an
    // application (shutdown, core tests) there are no frames and the pool may be gone.
    if (app == nullptr || pool == nullptr || QThread::currentThread() != app->thread()) {
        release();
        return;
    }
    pool->start(std::move(release));
}

}  // namespace syncscope
