// Endurance of one window process (issue 40.11): cycles of what a user does all day, in one
// MainWindow, and what the process holds after them. One cycle:
//   run a built-in (sim) -> compare it with another built-in in the compare window -> replay the
//   run (start, a second of playing, stop) -> close the compare window -> close the document
//   (the start page) -> open a saved trace (native) -> open a Kineto trace.
// Measured after the warm-up cycles (100; --quick: 10) and at the end (1000; --quick: 30): resident
// memory (VmRSS), threads and open file descriptors. Prints numbers; the full run fails (exit 1)
// when the RSS grew by 5 % or more after the warm-up, and both modes fail when threads or
// descriptors grew (a leak of those is never noise). Timings are printed only.
//   QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_endurance [--quick] [--cycles N]
// The last line is `result: cycles=… rss_warm_mb=… rss_end_mb=… rss_growth_pct=… raw_rss_…=…
// threads_warm=… threads_end=… fds_warm=… fds_end=… ms_per_cycle=…` (rss_: after malloc_trim,
// the memory still referenced; raw_rss_: as the allocator held it).

#include <malloc.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "core/tracefile/trace_file.h"
#include "tests/bench/proc_status.h"
#include "ui/compare/compare_window.h"
#include "ui/replay/replay_controller.h"
#include "ui/run/run_panel.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

struct Holdings {
    double raw_rss_mb = 0;  // before the allocator gave back what it keeps for reuse
    double rss_mb = 0;
    long threads = 0;
    long fds = 0;
};

Holdings holdings() {
    Holdings h;
    h.raw_rss_mb = static_cast<double>(bench::statusKb("VmRSS:")) / 1024.0;
    // What the allocator keeps for reuse (glibc's per-thread arenas hold several MB after the
    // jobs' threads freed it) is not a leak: give it back before measuring, so that a growth is
    // memory still referenced. Both figures are printed.
    malloc_trim(0);
    h.rss_mb = static_cast<double>(bench::statusKb("VmRSS:")) / 1024.0;
    h.threads = bench::statusKb("Threads:");
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
        ++h.fds;
    return h;
}

bool waitFor(const std::function<bool()>& done, int ms = 60000) {
    return QTest::qWaitFor(done, ms);
}

// One cycle; false (with a message) when a step did not finish within a minute.
bool cycle(MainWindow& window, int i, const QString& native, const QString& kineto) {
    static const char* const kRuns[] = {"builtin:mode-event", "builtin:mode-device",
                                        "builtin:device-vs-stream", "builtin:mode-stream"};
    const QString run = QString::fromLatin1(kRuns[i % 4]);
    QSignalSpy shown(&window, &MainWindow::runShown);
    if (!window.openPath(run, true) || !waitFor([&] { return !shown.isEmpty(); })) {
        std::fprintf(stderr, "bench_endurance: cycle %d: the run of %s did not show\n", i,
                     qPrintable(run));
        return false;
    }
    CompareWindow* compare = window.compareWith(QStringLiteral("builtin:mode-cpu-synchronize"));
    if (!compare) {
        std::fprintf(stderr, "bench_endurance: cycle %d: no compare window\n", i);
        return false;
    }
    QSignalSpy compared(compare, &CompareWindow::compared);
    if (!waitFor([&] { return !compared.isEmpty(); })) {
        std::fprintf(stderr, "bench_endurance: cycle %d: the comparison did not finish\n", i);
        return false;
    }
    ReplayController* replay = window.replay();
    if (!replay->start()) {
        std::fprintf(stderr, "bench_endurance: cycle %d: the replay did not start\n", i);
        return false;
    }
    replay->play();
    for (int step = 0; step < 10; ++step)
        replay->advanceBy(0.1);
    QCoreApplication::processEvents();
    replay->stop();
    compare->close();  // deletes itself (Qt::WA_DeleteOnClose)
    window.showStartPage();
    QCoreApplication::processEvents();
    for (const QString& file : {native, kineto}) {
        QSignalSpy opened(&window, &MainWindow::documentOpened);
        if (!window.openPath(file) || !waitFor([&] { return !opened.isEmpty(); })) {
            std::fprintf(stderr, "bench_endurance: cycle %d: %s did not open\n", i,
                         qPrintable(file));
            return false;
        }
    }
    // Deferred deletes (the compare window) happen in the event loop.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
    return true;
}

// The offscreen platform says once per window that it cannot raise or resize it: a thousand
// cycles of that would bury the figures.
void quietOffscreen(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.startsWith(QLatin1String("This plugin does not support")))
        return;
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    int cycles = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--cycles") == 0 && i + 1 < argc) {
            cycles = std::atoi(argv[++i]);
            if (cycles < 2 || cycles > 100'000) {
                std::fprintf(stderr, "bench_endurance: --cycles takes 2 to 100000\n");
                return 2;
            }
        } else {
            std::fprintf(stderr,
                         "bench_endurance: unknown argument '%s'\n"
                         "usage: bench_endurance [--quick] [--cycles N]\n",
                         argv[i]);
            return 2;
        }
    }
    if (cycles == 0)
        cycles = quick ? 30 : 1000;
    const int warm = quick ? std::max(1, cycles / 3) : std::max(1, cycles / 10);

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietOffscreen);
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("syncscope-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("syncscope-bench-endurance"));

    QTemporaryDir dir;
    const QString native = dir.filePath(QStringLiteral("run.trace.json"));
    const QString kineto =
        QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/kineto_new.json");
    int rc = 0;
    {
        MainWindow window;
        window.setInteractive(false);
        window.runPanel()->setEngineId(QStringLiteral("sim"));
        window.resize(1400, 850);
        window.show();
        // The saved trace of the first run: what "open a trace" opens every cycle.
        QSignalSpy shown(&window, &MainWindow::runShown);
        if (!window.openPath(QStringLiteral("builtin:device-vs-stream"), true) ||
            !waitFor([&] { return !shown.isEmpty(); })) {
            std::fprintf(stderr, "bench_endurance: the first run did not show\n");
            return 1;
        }
        std::string error;
        if (!TraceFile::save(*window.currentTrace(), native.toStdString(), error)) {
            std::fprintf(stderr, "bench_endurance: %s\n", error.c_str());
            return 1;
        }

        Holdings at_warm;
        QElapsedTimer timer;
        for (int i = 0; i < cycles; ++i) {
            if (i == warm) {
                at_warm = holdings();
                timer.start();
            }
            if (!cycle(window, i, native, kineto))
                return 1;
            if ((i + 1) % 100 == 0) {
                std::printf("cycle %d: rss %.1f MB (as the allocator holds it)\n", i + 1,
                            static_cast<double>(bench::statusKb("VmRSS:")) / 1024.0);
                std::fflush(stdout);
            }
        }
        const Holdings at_end = holdings();
        const double ms_per_cycle =
            static_cast<double>(timer.elapsed()) / static_cast<double>(cycles - warm);
        const double growth = 100.0 * (at_end.rss_mb - at_warm.rss_mb) / at_warm.rss_mb;
        const double raw_growth =
            100.0 * (at_end.raw_rss_mb - at_warm.raw_rss_mb) / at_warm.raw_rss_mb;
        if (at_end.threads > at_warm.threads) {
            std::fprintf(stderr, "bench_endurance: threads grew from %ld to %ld\n", at_warm.threads,
                         at_end.threads);
            rc = 1;
        }
        if (at_end.fds > at_warm.fds) {
            std::fprintf(stderr, "bench_endurance: open file descriptors grew from %ld to %ld\n",
                         at_warm.fds, at_end.fds);
            rc = 1;
        }
        if (!quick && growth >= 5.0) {
            std::fprintf(stderr, "bench_endurance: RSS grew %.1f %% after the warm-up (< 5 %%)\n",
                         growth);
            rc = 1;
        }
        std::printf(
            "result: cycles=%d warm=%d rss_warm_mb=%.1f rss_end_mb=%.1f rss_growth_pct=%.2f "
            "raw_rss_warm_mb=%.1f raw_rss_end_mb=%.1f raw_rss_growth_pct=%.2f threads_warm=%ld "
            "threads_end=%ld fds_warm=%ld fds_end=%ld ms_per_cycle=%.1f\n",
            cycles, warm, at_warm.rss_mb, at_end.rss_mb, growth, at_warm.raw_rss_mb,
            at_end.raw_rss_mb, raw_growth, at_warm.threads, at_end.threads, at_warm.fds, at_end.fds,
            ms_per_cycle);
        std::fflush(stdout);
    }
    return rc;
}
