// Opening big traces in the window (issue 14: items 2, 3, 6), through the path a user's open takes:
// MainWindow::openPath → the opener's job → the model build → the first replot of the timeline.
// Prints numbers; asserts nothing (timings do not belong in unit tests).
//   QT_QPA_PLATFORM=offscreen build/ci/tests/bench/bench_open [--quick] [--runs N] [--keep DIR]
//                                                            [--smaps FILE]
// --runs N opens the three files N times in turn (default 3; 1 with --quick): first paint and
// gz_ratio are the medians of the rounds, max_gui_stall_ms the worst stall of every open, and the
// memory figures come from the first round (later rounds replace a document already open).
// --smaps copies /proc/self/smaps after the 10M open: which mappings hold its RSS.
// Full: a 10M-event native trace, and a Kineto JSON of about 1M events (~300 MB) plus its .json.gz.
// --quick (what CTest runs, to keep it compiling and running): 200k native events, 20k Kineto
// events; the keys keep their names, `scale=quick` says what was measured.
// Measured per file: wall time from openPath to the timeline's first replot showing the new trace
// (first paint), the longest gap between ticks of a 10 ms GUI-thread timer during the load (a
// stall), and VmRSS after the load minus VmRSS before it, per event (the files are written by a
// child process, so the window's process holds only what opening them costs).
// Targets: first_paint_s_10m <= 2, gz_ratio (gz first paint / plain) <= 1.5, bytes_per_event_10m
// <= 100, max_gui_stall_ms <= 50.

#include <malloc.h>
#include <qcustomplot.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/io/gzip_writer.h"
#include "core/model/trace.h"
#include "core/tracefile/trace_file.h"
#include "tests/bench/bench_native_trace.h"
#include "tests/bench/proc_status.h"
#include "ui/files/document_opener.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

using syncscope::bench::makeNativeTrace;
using syncscope::bench::statusKb;

// A PyTorch-profiler (Kineto) trace of about `n` events: launch + kernel pairs joined by their
// correlation id and an ac2g flow, written as the profiler writes it (one event per line).
bool writeKineto(std::uint32_t n, const std::string& json, const std::string& gz) {
    std::FILE* out = std::fopen(json.c_str(), "wb");
    std::FILE* zout = std::fopen(gz.c_str(), "wb");
    if (out == nullptr || zout == nullptr)
        return false;
    GzipWriter zip(
        [zout](std::string_view bytes) { std::fwrite(bytes.data(), 1, bytes.size(), zout); });
    std::string chunk;
    auto flush = [&](bool force) {
        if (!force && chunk.size() < (1u << 20))
            return;
        std::fwrite(chunk.data(), 1, chunk.size(), out);
        zip.write(chunk);
        chunk.clear();
    };
    chunk +=
        "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0, \"name\": \"bench GPU\"}],\n"
        "\"traceEvents\": [\n";
    char line[1024];
    double host = 1000.0;
    double streamFree[4] = {0, 0, 0, 0};
    for (std::uint32_t k = 0; 2 * k + 2 <= n; ++k) {
        const int s = static_cast<int>(k % 4);
        const double ks = std::max(host + 3.0, streamFree[s]);
        const double kd = 7.0 + (k % 7) * 0.5;
        streamFree[s] = ks + kd;
        std::snprintf(
            line, sizeof line,
            "%s{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
            "\"pid\": 100, \"tid\": 100, \"ts\": %.3f, \"dur\": 2.000, \"args\": "
            "{\"External id\": %u, \"cbid\": 211, \"correlation\": %u}},\n"
            "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"bench_kernel_%d\", \"pid\": "
            "0, \"tid\": %d, \"ts\": %.3f, \"dur\": %.3f, \"args\": {\"External id\": %u, "
            "\"device\": 0, \"stream\": %d, \"correlation\": %u, \"grid\": [64, 1, 1], "
            "\"block\": [256, 1, 1]}},\n"
            "{\"ph\": \"s\", \"id\": %u, \"pid\": 100, \"tid\": 100, \"ts\": %.3f, \"cat\": "
            "\"ac2g\", \"name\": \"ac2g\"},\n"
            "{\"ph\": \"f\", \"id\": %u, \"pid\": 0, \"tid\": %d, \"ts\": %.3f, \"cat\": "
            "\"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}",
            k == 0 ? "" : ",\n", host, k + 1, k + 1, static_cast<int>(k % 16), 7 + s, ks, kd, k + 1,
            7 + s, k + 1, k + 1, host, k + 1, 7 + s, ks);
        chunk += line;
        host += 2.5;
        flush(false);
    }
    chunk += "\n]}\n";
    flush(true);
    const bool ok = zip.finish();
    return std::fclose(out) == 0 && std::fclose(zout) == 0 && ok;
}

// The application, timing each event the GUI thread handles at the top level (not the events sent
// from inside another's handler), so that a stall names what it was: the receiver's class and
// object name and the event's type, of the longest since the last take().
class TimingApplication : public QApplication {
public:
    using QApplication::QApplication;
    struct Longest {
        double ms = 0;
        QString what;
    };
    bool notify(QObject* receiver, QEvent* event) override {
        if (depth_++ > 0) {
            const bool handled = QApplication::notify(receiver, event);
            --depth_;
            return handled;
        }
        QElapsedTimer timer;
        timer.start();
        const int type = event->type();  // the handler may delete the event
        const QString receiverName = receiver->objectName();
        const char* receiverClass = receiver->metaObject()->className();
        const bool handled = QApplication::notify(receiver, event);
        --depth_;
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (ms > longest_.ms)
            longest_ = {ms, QStringLiteral("%1 '%2', event type %3")
                                .arg(QLatin1String(receiverClass), receiverName)
                                .arg(type)};
        return handled;
    }
    Longest take() { return std::exchange(longest_, Longest{}); }

private:
    int depth_ = 0;
    Longest longest_;
};

struct Opened {
    double first_paint_s = -1;
    double stall_ms = 0;
    TimingApplication::Longest longest_event;  // the GUI thread's longest event of the load
    double swap_ms = -1;    // the GUI thread's share: delivery to documentOpened (the model swap)
    double replot_ms = -1;  // documentOpened to the first replot showing the trace
    // RSS growth per event with the window at rest: after the first paint, once the background
    // jobs the open started (the stats, the lesson checks) have returned and delivered.
    double bytes_per_event = 0;
    // The same at the first paint plus 300 ms, with those jobs still running: what the load costs
    // while it is still being analysed (the stats' GPU-busy edges are 16 B per busy event).
    double bytes_per_event_busy = 0;
    // The same after a malloc_trim(0): what of the growth is freed heap glibc kept (loader and
    // build buffers), not what the trace and the model hold.
    double bytes_per_event_trimmed = 0;
    std::size_t events = 0;
    std::size_t trace_bytes = 0;
    std::size_t model_bytes = 0;
};

// Opens `path` in `window` and waits for the first replot that shows it.
Opened openAndMeasure(MainWindow& window, const QString& path) {
    Opened r;
    malloc_trim(0);
    const long rss0 = statusKb("VmRSS:");
    const auto before = window.timeline()->trace();
    QEventLoop loop;
    QElapsedTimer clock;
    QElapsedTimer tick;
    QTimer ticker;
    ticker.setInterval(10);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        r.stall_ms = std::max(r.stall_ms, static_cast<double>(tick.nsecsElapsed()) / 1e6);
        tick.restart();
    });
    double delivered_at = -1, opened_at = -1;
    auto since = [&] { return static_cast<double>(clock.nsecsElapsed()) / 1e6; };
    // The opener says "not loading" right before it hands the document to the window.
    const auto delivered =
        QObject::connect(window.opener(), &DocumentOpener::loadingChanged, [&](bool loading) {
            if (!loading && delivered_at < 0)
                delivered_at = since();
        });
    const auto opened = QObject::connect(&window, &MainWindow::documentOpened, [&] {
        if (opened_at < 0)
            opened_at = since();
    });
    auto* plot = window.timeline()->plot();
    const auto painted = QObject::connect(plot, &QCustomPlot::afterReplot, [&] {
        const auto shown = window.timeline()->trace();
        if (r.first_paint_s < 0 && shown && shown != before && !shown->events.empty()) {
            r.first_paint_s = static_cast<double>(clock.nsecsElapsed()) / 1e9;
            if (delivered_at >= 0 && opened_at >= 0) {
                r.swap_ms = opened_at - delivered_at;
                r.replot_ms = since() - opened_at;
            }
            loop.quit();
        }
    });
    QTimer::singleShot(600'000, &loop, &QEventLoop::quit);
    auto* app = static_cast<TimingApplication*>(QCoreApplication::instance());
    app->take();
    clock.start();
    tick.start();
    ticker.start();
    window.openPath(path);
    loop.exec();
    ticker.stop();
    r.longest_event = app->take();
    QObject::disconnect(painted);
    QObject::disconnect(delivered);
    QObject::disconnect(opened);
    // What is left to settle after the first paint (queued replots, docks) before reading RSS.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 300)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    const long rssBusy = statusKb("VmRSS:");
    for (JobTracker* jobs : window.findChildren<JobTracker*>())
        jobs->waitForDone();
    settle.restart();
    while (settle.elapsed() < 100)  // what the jobs returned, delivered
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    if (const auto shown = window.timeline()->trace()) {
        r.events = shown->events.size();
        r.trace_bytes = shown->memoryFootprint();
    }
    if (const auto* model = window.timeline()->model())
        r.model_bytes = model->memoryFootprint();
    const long rss1 = statusKb("VmRSS:");
    malloc_trim(0);
    const long rss2 = statusKb("VmRSS:");
    if (r.events > 0) {
        r.bytes_per_event =
            static_cast<double>(rss1 - rss0) * 1024.0 / static_cast<double>(r.events);
        r.bytes_per_event_busy =
            static_cast<double>(rssBusy - rss0) * 1024.0 / static_cast<double>(r.events);
        r.bytes_per_event_trimmed =
            static_cast<double>(rss2 - rss0) * 1024.0 / static_cast<double>(r.events);
    }
    return r;
}

double median(std::vector<double> v) {
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void print(const char* what, const Opened& r) {
    const double n = std::max<double>(1, static_cast<double>(r.events));
    std::printf(
        "%-12s %9zu events  first paint %7.3f s  max GUI stall %7.1f ms  RSS delta %6.1f B/event"
        " at rest (%.1f after malloc_trim, %.1f with the open's jobs running)  (trace %5.1f "
        "B/event, model %5.1f B/event)  GUI thread: swap "
        "%.1f ms, first replot %.1f ms; longest GUI event %.1f ms: %s\n",
        what, r.events, r.first_paint_s, r.stall_ms, r.bytes_per_event, r.bytes_per_event_trimmed,
        r.bytes_per_event_busy, static_cast<double>(r.trace_bytes) / n,
        static_cast<double>(r.model_bytes) / n, r.swap_ms, r.replot_ms, r.longest_event.ms,
        qPrintable(r.longest_event.what));
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    bool quick = false;
    std::string keep;
    std::string smaps;  // where to copy /proc/self/smaps after the 10M open (what holds the RSS)
    int runs = 0;       // 0: the default for the scale
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc) {
            keep = argv[++i];
        } else if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
            if (runs < 1 || runs > 100) {
                std::fprintf(stderr, "bench_open: --runs takes 1 to 100, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (std::strcmp(argv[i], "--smaps") == 0 && i + 1 < argc) {
            smaps = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            std::fprintf(stderr,
                         "bench_open: unknown argument '%s'\n"
                         "usage: bench_open [--quick] [--runs N] [--keep DIR] [--smaps FILE]\n",
                         argv[i]);
            return 2;
        }
    }
    if (runs == 0)
        runs = quick ? 1 : 3;
    const std::uint32_t native_n = quick ? 200'000u : 10'000'000u;
    const std::uint32_t kineto_n = quick ? 20'000u : 1'000'000u;
    namespace fs = std::filesystem;
    const fs::path dir =
        keep.empty() ? fs::temp_directory_path() / ("bench_open_" + std::to_string(::getpid()))
                     : fs::path(keep);
    fs::create_directories(dir);
    const std::string native = (dir / "native.trace.json").string();
    const std::string json = (dir / "kineto.json").string();
    const std::string gz = (dir / "kineto.json.gz").string();

    // The files come from a child, so none of the generator's memory is in this process's RSS.
    const pid_t child = ::fork();
    if (child == 0) {
        std::string error;
        const bool ok = TraceFile::save(makeNativeTrace(native_n), native, error) &&
                        writeKineto(kineto_n, json, gz);
        if (!ok)
            std::fprintf(stderr, "bench_open: cannot write the inputs: %s\n", error.c_str());
        std::_Exit(ok ? 0 : 1);
    }
    int status = 0;
    if (child < 0 || ::waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return 1;
    std::printf("inputs: native %.1f MB, kineto json %.1f MB, .json.gz %.1f MB in %s\n",
                static_cast<double>(fs::file_size(native)) / 1e6,
                static_cast<double>(fs::file_size(json)) / 1e6,
                static_cast<double>(fs::file_size(gz)) / 1e6, dir.string().c_str());

    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimingApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("syncscope-bench"));
    QCoreApplication::setApplicationName(QStringLiteral("syncscope-bench"));
    int rc = 0;
    {
        MainWindow window;
        window.setInteractive(false);
        window.resize(1600, 900);
        window.show();
        QCoreApplication::processEvents();

        std::vector<double> paints, ratios;
        Opened big, zipped;  // the first round's: its memory figures are of an empty window's
        double stall = 0;
        for (int round = 0; round < runs && rc == 0; ++round) {
            if (runs > 1)
                std::printf("round %d of %d\n", round + 1, runs);
            const Opened b = openAndMeasure(window, QString::fromStdString(native));
            print("native", b);
            if (round == 0 && !smaps.empty()) {  // a stream copy: /proc files report a size of 0
                std::ifstream in("/proc/self/smaps");
                std::ofstream(smaps) << in.rdbuf();
            }
            const Opened plain = openAndMeasure(window, QString::fromStdString(json));
            print("kineto json", plain);
            const Opened z = openAndMeasure(window, QString::fromStdString(gz));
            print("kineto gz", z);
            if (b.first_paint_s < 0 || plain.first_paint_s < 0 || z.first_paint_s < 0) {
                std::fprintf(stderr, "bench_open: a file never reached the screen\n");
                rc = 1;
            }
            if (round == 0) {
                big = b;
                zipped = z;
            }
            paints.push_back(b.first_paint_s);
            ratios.push_back(z.first_paint_s / std::max(1e-9, plain.first_paint_s));
            stall = std::max({stall, b.stall_ms, plain.stall_ms, z.stall_ms});
        }
        std::printf(
            "result: first_paint_s_10m=%.3f gz_ratio=%.2f bytes_per_event_10m=%.1f "
            "bytes_per_event_10m_busy=%.1f "
            "max_gui_stall_ms=%.1f events_10m=%zu events_gz=%zu runs=%zu scale=%s\n",
            median(paints), median(ratios), big.bytes_per_event, big.bytes_per_event_busy, stall,
            big.events, zipped.events, paints.size(), quick ? "quick" : "full");
    }
    if (keep.empty())
        fs::remove_all(dir);
    return rc;
}
