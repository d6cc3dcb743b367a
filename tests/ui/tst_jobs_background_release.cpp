// releaseInBackground: what the GUI thread lets go of is freed on a worker thread (issue 14: a
// 10 M-event trace takes tens of ms to free), what a worker lets go of is freed right there.
#include <QTest>
#include <QThread>
#include <atomic>
#include <memory>
#include <thread>

#include "ui/jobs/background_release.h"

using namespace syncscope;

namespace {

// Records the thread its destructor ran on.
struct Tracked {
    std::atomic<QThread*>* freedOn;
    explicit Tracked(std::atomic<QThread*>* where) : freedOn(where) {}
    ~Tracked() { freedOn->store(QThread::currentThread()); }
};

}  // namespace

class TestJobsBackgroundRelease : public QObject {
    Q_OBJECT
private slots:
    void theGuiThreadsLastReferenceIsFreedOnAWorker() {
        std::atomic<QThread*> freedOn{nullptr};
        auto shared = sharedReleasedInBackground(std::make_unique<Tracked>(&freedOn));
        std::shared_ptr<const Tracked> alsoShared = shared;  // the const view the window keeps
        shared.reset();
        QCOMPARE(freedOn.load(), nullptr);  // still held
        alsoShared.reset();
        QTRY_VERIFY_WITH_TIMEOUT(freedOn.load() != nullptr, 10000);
        QVERIFY(freedOn.load() != QThread::currentThread());
    }

    void aWorkersLastReferenceIsFreedRightThere() {
        std::atomic<QThread*> freedOn{nullptr};
        auto shared = sharedReleasedInBackground(std::make_unique<Tracked>(&freedOn));
        QThread* worker = nullptr;
        QThread* freedBeforeItWentOn = nullptr;
        std::thread([&, held = std::move(shared)]() mutable {
            worker = QThread::currentThread();
            held.reset();
            freedBeforeItWentOn = freedOn.load();
        }).join();
        QVERIFY(worker != nullptr);
        QCOMPARE(freedBeforeItWentOn, worker);
    }
};

QTEST_GUILESS_MAIN(TestJobsBackgroundRelease)
#include "tst_jobs_background_release.moc"
