// JobTracker, the UI's one async mechanism: ids, cancellation, and delivery only while a job is
// current and its receiver exists, whatever order jobs finish in.
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ui/jobs/job_tracker.h"

using namespace syncscope;

namespace {

// Blocks a job until the test lets it go; cancelled() lets it go too, so a tracker being
// destroyed (which cancels and waits) never deadlocks on it.
struct Gate {
    QSemaphore open;
    std::atomic<bool> entered{false};
    std::atomic<bool> saw_cancel{false};

    void pass(const JobContext& job) {
        entered = true;
        while (!open.tryAcquire(1, 1)) {
            if (job.cancelled()) {
                saw_cancel = true;
                return;
            }
        }
        saw_cancel = job.cancelled();
    }
};

}  // namespace

class TestJobsJobTracker : public QObject {
    Q_OBJECT
private slots:
    void deliversTheResultOnTheReceiversThread();
    void everyStartGetsANewId();
    void newerJobWinsWhateverTheFinishOrder_data();
    void newerJobWinsWhateverTheFinishOrder();
    void oneAtATimeNeverOverlapsJobs();
    void startReturnsWhileTheJobIsBlocked();
    void cancelKeepsTheJobCurrent();
    void dropDiscardsTheResult();
    void postsArriveInOrderWhileCurrent();
    void destroyedReceiverGetsNothing();
    void detachedWorkRunsInOrderOneAtATime();
    void aNewJobDoesNotCancelDetachedWork();
    void parallelForRunsEveryTaskOnce();
    void parallelForPassesAThrowOn();
};

void TestJobsJobTracker::deliversTheResultOnTheReceiversThread() {
    JobTracker tracker(JobTracker::Concurrency::Overlapping);
    std::atomic<bool> worked_off_thread{false};
    QThread* gui = QThread::currentThread();
    int delivered = 0;
    bool delivered_on_gui = false;
    tracker.start(
        [&](const JobContext&) {
            worked_off_thread = QThread::currentThread() != gui;
            return 42;
        },
        [&](int value) {
            delivered = value;
            delivered_on_gui = QThread::currentThread() == gui;
        });
    QTRY_COMPARE_WITH_TIMEOUT(delivered, 42, 10000);
    QVERIFY(worked_off_thread);
    QVERIFY(delivered_on_gui);
}

void TestJobsJobTracker::everyStartGetsANewId() {
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    auto nothing = [](const JobContext&) { return 0; };
    const quint64 a = tracker.start(nothing, [](int) {});
    const quint64 b = tracker.start(nothing, [](int) {});
    QVERIFY(a != 0 && b != 0 && a != b);
    QVERIFY(!tracker.isCurrent(a));
    QVERIFY(tracker.isCurrent(b));
    QCOMPARE(tracker.currentId(), b);
    tracker.waitForDone();
}

void TestJobsJobTracker::newerJobWinsWhateverTheFinishOrder_data() {
    QTest::addColumn<bool>("older_finishes_first");
    QTest::newRow("older finishes first") << true;
    QTest::newRow("older finishes last") << false;
}

void TestJobsJobTracker::newerJobWinsWhateverTheFinishOrder() {
    QFETCH(bool, older_finishes_first);
    JobTracker tracker(JobTracker::Concurrency::Overlapping);
    QSignalSpy dropped(&tracker, &JobTracker::dropped);
    Gate older_gate;
    Gate newer_gate;
    QList<int> delivered;
    // The older job ignores its cancel, as a slow parser that polls rarely would.
    const quint64 older = tracker.start(
        [&](const JobContext&) {
            older_gate.entered = true;
            older_gate.open.acquire();
            return 1;
        },
        [&](int v) { delivered.append(v); });
    QTRY_VERIFY_WITH_TIMEOUT(older_gate.entered.load(), 10000);
    const quint64 newer = tracker.start(
        [&](const JobContext& job) {
            newer_gate.pass(job);
            return 2;
        },
        [&](int v) { delivered.append(v); });
    QTRY_VERIFY_WITH_TIMEOUT(newer_gate.entered.load(), 10000);

    auto droppedOlder = [&] {
        return std::any_of(dropped.cbegin(), dropped.cend(), [&](const QList<QVariant>& args) {
            return args.at(0).toULongLong() == older;
        });
    };
    if (older_finishes_first) {
        older_gate.open.release();
        QTRY_VERIFY_WITH_TIMEOUT(droppedOlder(), 10000);
        QVERIFY(delivered.isEmpty());
        newer_gate.open.release();
        QTRY_COMPARE_WITH_TIMEOUT(delivered.size(), 1, 10000);
    } else {
        newer_gate.open.release();
        QTRY_COMPARE_WITH_TIMEOUT(delivered.size(), 1, 10000);
        older_gate.open.release();
        QTRY_VERIFY_WITH_TIMEOUT(droppedOlder(), 10000);
    }
    tracker.waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(delivered, QList<int>{2});
    QVERIFY(tracker.isCurrent(newer));
    QVERIFY(!newer_gate.saw_cancel);
}

void TestJobsJobTracker::oneAtATimeNeverOverlapsJobs() {
    // An engine's process-wide lock, as the CUDA engine has: a second run while one holds it fails.
    std::atomic<int> inside{0};
    std::atomic<bool> overlapped{false};
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    Gate first_gate;
    QList<QString> delivered;
    auto guarded = [&](Gate* gate, QString name) {
        return [&, gate, name](const JobContext& job) {
            if (inside.fetch_add(1) != 0)
                overlapped = true;
            if (gate)
                gate->pass(job);
            inside.fetch_sub(1);
            return name;
        };
    };
    tracker.start(guarded(&first_gate, QStringLiteral("first")),
                  [&](const QString& s) { delivered.append(s); });
    QTRY_VERIFY_WITH_TIMEOUT(first_gate.entered.load(), 10000);
    tracker.start(guarded(nullptr, QStringLiteral("second")),
                  [&](const QString& s) { delivered.append(s); });
    // The first saw the cancel (the second superseded it) and returned; only then did the second
    // start.
    QTRY_COMPARE_WITH_TIMEOUT(delivered.size(), 1, 10000);
    QCOMPARE(delivered.front(), QStringLiteral("second"));
    QVERIFY(first_gate.saw_cancel);
    QVERIFY(!overlapped);
}

void TestJobsJobTracker::startReturnsWhileTheJobIsBlocked() {
    // The GUI never waits for a job: start(), cancel() and a superseding start() all return while
    // the job is still stuck (it ignores its cancel until the test opens the gate).
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    QSemaphore gate;
    std::atomic<bool> entered{false};
    std::atomic<bool> returned{false};
    tracker.start(
        [&](const JobContext&) {
            entered = true;
            gate.acquire();
            returned = true;
            return 0;
        },
        [](int) {});
    QTRY_VERIFY_WITH_TIMEOUT(entered.load(), 10000);
    tracker.cancel();
    int second = 0;
    tracker.start([](const JobContext&) { return 7; }, [&](int v) { second = v; });
    QVERIFY(!returned);
    gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(second, 7, 10000);
}

void TestJobsJobTracker::cancelKeepsTheJobCurrent() {
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    Gate gate;
    std::optional<bool> delivered;
    const quint64 id = tracker.start(
        [&](const JobContext& job) {
            gate.pass(job);
            return job.cancelled();
        },
        [&](bool cancelled) { delivered = cancelled; });
    QTRY_VERIFY_WITH_TIMEOUT(gate.entered.load(), 10000);
    tracker.cancel();
    QVERIFY(tracker.isCurrent(id));
    // A cancelled job still reports (a cancelled run shows what ran before the cancel).
    QTRY_VERIFY_WITH_TIMEOUT(delivered.has_value(), 10000);
    QVERIFY(*delivered);
    QVERIFY(gate.saw_cancel);
}

void TestJobsJobTracker::dropDiscardsTheResult() {
    JobTracker tracker(JobTracker::Concurrency::Overlapping);
    QSignalSpy dropped(&tracker, &JobTracker::dropped);
    Gate gate;
    bool delivered = false;
    const quint64 id = tracker.start(
        [&](const JobContext& job) {
            gate.pass(job);
            return 0;
        },
        [&](int) { delivered = true; });
    QTRY_VERIFY_WITH_TIMEOUT(gate.entered.load(), 10000);
    tracker.drop();
    QCOMPARE(tracker.currentId(), quint64(0));
    QTRY_COMPARE_WITH_TIMEOUT(dropped.size(), 1, 10000);
    QCOMPARE(dropped.front().at(0).toULongLong(), id);
    QVERIFY(gate.saw_cancel);
    QVERIFY(!delivered);
}

void TestJobsJobTracker::postsArriveInOrderWhileCurrent() {
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    QList<int> seen;
    bool done = false;
    tracker.start(
        [&](const JobContext& job) {
            for (int i = 0; i < 100; ++i)
                job.post([&seen, i] { seen.append(i); });
            return 0;
        },
        [&](int) { done = true; });
    QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    QCOMPARE(seen.size(), 100);
    for (int i = 0; i < 100; ++i)
        QCOMPARE(seen[i], i);

    // Posts of a superseded job are dropped like its result.
    Gate gate;
    QList<int> late;
    tracker.start(
        [&](const JobContext& job) {
            gate.pass(job);
            job.post([&late] { late.append(1); });
            return 0;
        },
        [&](int) { late.append(2); });
    QTRY_VERIFY_WITH_TIMEOUT(gate.entered.load(), 10000);
    QSignalSpy dropped(&tracker, &JobTracker::dropped);
    tracker.start([](const JobContext&) { return 0; }, [](int) {});
    QTRY_COMPARE_WITH_TIMEOUT(dropped.size(), 1, 10000);
    // Its post and its result both went; `dropped` names the job once.
    tracker.waitForDone();
    QCoreApplication::processEvents();
    QCOMPARE(dropped.size(), 1);
    QVERIFY(late.isEmpty());
}

void TestJobsJobTracker::destroyedReceiverGetsNothing() {
    auto receiver = std::make_unique<QObject>();
    auto* tracker = new JobTracker(JobTracker::Concurrency::Overlapping, receiver.get());
    Gate gate;
    auto delivered = std::make_shared<bool>(false);
    tracker->start(
        [&](const JobContext& job) {
            gate.pass(job);
            return 0;
        },
        [delivered](int) { *delivered = true; });
    QTRY_VERIFY_WITH_TIMEOUT(gate.entered.load(), 10000);
    // Destroying the receiver destroys its tracker, which cancels the job and waits for it.
    receiver.reset();
    QVERIFY(gate.saw_cancel);
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents();
    QVERIFY(!*delivered);
}

// Settings writes rely on this: detached work on a OneAtATime tracker runs in the order given.
void TestJobsJobTracker::detachedWorkRunsInOrderOneAtATime() {
    JobTracker tracker(JobTracker::Concurrency::OneAtATime);
    std::vector<int> order;  // only one task runs at a time: no lock needed
    for (int i = 0; i < 200; ++i)
        tracker.detach([&order, i] { order.push_back(i); });
    tracker.waitForDone();
    QCOMPARE(int(order.size()), 200);
    for (int i = 0; i < 200; ++i)
        QCOMPARE(order[i], i);
}

void TestJobsJobTracker::aNewJobDoesNotCancelDetachedWork() {
    JobTracker tracker(JobTracker::Concurrency::Overlapping);
    QSemaphore started, go;
    std::atomic<bool> finished{false};
    tracker.detach([&] {
        started.release();
        go.acquire();
        finished = true;
    });
    started.acquire();
    QSignalSpy dropped(&tracker, &JobTracker::dropped);
    tracker.start([](const JobContext&) { return 1; }, [](int) {});
    tracker.drop();
    go.release();
    tracker.waitForDone();
    QVERIFY(finished);
    QCoreApplication::processEvents();
    QVERIFY(dropped.size() <= 1);  // the job's own result, never the detached work's
}

void TestJobsJobTracker::parallelForRunsEveryTaskOnce() {
    for (const std::size_t count :
         {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{5000}}) {
        std::vector<std::atomic<int>> runs(count);
        JobTracker::shared().parallelFor(count, [&](std::size_t k) { ++runs[k]; });
        for (std::size_t k = 0; k < count; ++k)
            QCOMPARE(runs[k].load(), 1);
    }
}

void TestJobsJobTracker::parallelForPassesAThrowOn() {
    std::atomic<int> ran{0};
    bool caught = false;
    try {
        JobTracker::shared().parallelFor(1000, [&](std::size_t k) {
            ++ran;
            if (k == 400)
                throw std::runtime_error("task 400");
        });
    } catch (const std::runtime_error& e) {
        caught = std::string(e.what()) == "task 400";
    }
    QVERIFY(caught);
    QVERIFY(ran.load() >= 401 && ran.load() <= 1000);
}

QTEST_GUILESS_MAIN(TestJobsJobTracker)
#include "tst_jobs_job_tracker.moc"
