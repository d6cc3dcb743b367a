// TimelineModel's bucket-indexed searches against the plain ones (the fold a frame draws, busy
// time, instants), and append(): a model grown delta by delta, as a live run grows it, equals one
// built at once over the finished trace. Random traces (nested host calls, overlapping and
// out-of-order events, flows that arrive before their target, lanes added late) and the real
// traces recorded by others.

#include <QDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <random>

#include "core/interchange/trace_importer.h"
#include "test_scenarios.h"
#include "tests/support/real_traces.h"
#include "tst_timeline_fixtures.h"
#include "ui/run/run_controller.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

bool isInstantKind(EventKind k) {
    return k == EventKind::ApiCall || k == EventKind::HostWait || k == EventKind::EventMarker ||
           k == EventKind::MemoryOp || k == EventKind::Error;
}

// A run-like trace with what makes indexing hard: host calls nested up to three deep, kernels
// that overlap on a stream, zero-length markers, a burst of tiny events, and (with `shuffle`)
// events that arrive out of time order on their lane. Lanes appear in the order events first use
// them, so a prefix of the trace needs only a prefix of the lanes.
std::shared_ptr<Trace> randomTrace(std::uint32_t seed, std::uint32_t n, bool shuffle) {
    std::mt19937 rng(seed);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    auto t = std::make_shared<Trace>();
    const auto name = t->strings.intern("e");
    std::vector<TraceEvent> out;
    TimeNs host = 0;
    TimeNs stream[3] = {0, 0, 0};
    while (out.size() < n) {
        const int what = pick(0, 9);
        TraceEvent e;
        e.name = name;
        if (what < 4) {  // a host call, sometimes with nested children
            e.kind = EventKind::ApiCall;
            e.api = pick(0, 20) == 0 ? ApiId::CpuSynchronize : ApiId::LaunchKernel;
            e.lane = 0;
            e.start_ns = host;
            e.end_ns = host + pick(0, 3) * 5'000 + pick(1, 2'000);
            out.push_back(e);
            for (int c = pick(0, 2), at = 0; c > 0; --c) {
                TraceEvent child = e;
                child.kind = EventKind::Generic;
                child.start_ns = e.start_ns + at;
                child.end_ns = std::min(e.end_ns, child.start_ns + pick(0, 3'000));
                at += pick(0, 2'000);
                out.push_back(child);
            }
            host = e.end_ns + pick(0, 3) * pick(0, 40'000);
        } else if (what < 8) {  // a kernel or copy on one of three streams, some overlapping
            const int s = pick(0, 2);
            e.kind = pick(0, 4) == 0 ? EventKind::Memcpy : EventKind::Kernel;
            e.lane = static_cast<std::uint16_t>(1 + s);
            e.start_ns = std::max(host, stream[s]) - (pick(0, 6) == 0 ? pick(0, 5'000) : 0);
            e.end_ns = e.start_ns + (pick(0, 9) == 0 ? 0 : pick(1, 30'000));
            stream[s] = e.end_ns + pick(0, 2) * pick(0, 80'000);
            out.push_back(e);
        } else if (what == 8) {  // a burst of tiny events, or a marker
            e.kind = pick(0, 1) ? EventKind::EventMarker : EventKind::MemoryOp;
            e.lane = 4;
            e.start_ns = host;
            for (int b = pick(1, 40); b > 0; --b) {
                e.end_ns = e.start_ns + pick(0, 50);
                out.push_back(e);
                e.start_ns = e.end_ns + pick(0, 20);
            }
        } else {  // a host wait
            e.kind = EventKind::HostWait;
            e.lane = 5;
            e.start_ns = host;
            e.end_ns = host + pick(1, 60'000);
            host = e.end_ns;
            out.push_back(e);
        }
    }
    if (shuffle)  // some events arrive late: swapped with one shortly before them
        for (std::size_t i = 1; i < out.size(); ++i)
            if (pick(0, 15) == 0)
                std::swap(out[i],
                          out[i - static_cast<std::size_t>(pick(1, std::min<int>(30, int(i))))]);
    // Lanes in order of first use; the lane numbers above become those.
    const Lane kinds[] = {
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1},
        {LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone},
        {LaneKind::Stream, "stream 1", 1, StreamKind::NonBlocking, 0, kNoLane, kNone},
        {LaneKind::CopyEngine, "copy", 2, StreamKind::NonBlocking, 0, kNoLane, kNone},
        {LaneKind::Annotation, "markers", kNone, StreamKind::NonBlocking, 0, kNoLane, kNone},
        {LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1}};
    std::vector<int> renumber(6, -1);
    for (auto& e : out) {
        if (renumber[e.lane] < 0) {
            renumber[e.lane] = static_cast<int>(t->lanes.size());
            t->addLane(kinds[e.lane]);
        }
        e.lane = static_cast<std::uint16_t>(renumber[e.lane]);
        t->addEvent(e);
    }
    // Flows from a host call to a later event, some pointing past the end (never drawable).
    const auto count = static_cast<int>(t->events.size());
    for (int f = 0; f < count / 4; ++f) {
        const int from = pick(0, count - 1);
        const int to = std::min(count + 5, from + pick(1, 60));
        t->flows.push_back(
            {static_cast<std::uint32_t>(from), static_cast<std::uint32_t>(to), FlowKind::Launch});
    }
    for (int m = 0; m < count; m += 50)
        t->memory.push_back({t->events[std::size_t(m)].start_ns, m, -1, -1, -1, -1});
    return t;
}

// The fold as the model defined it before its bucket index: plain binary searches over the
// track, the reference the indexed one must equal item for item.
std::vector<DrawItem> referenceFold(const Trace& trace, const std::vector<std::uint32_t>& track,
                                    const TimeMapping& map, double minPx) {
    const auto& events = trace.events;
    const std::size_t n = track.size();
    std::vector<TimeNs> starts(n), maxEnd(n);
    TimeNs running = std::numeric_limits<TimeNs>::min();
    for (std::size_t k = 0; k < n; ++k) {
        const auto& e = events[track[k]];
        starts[k] = e.start_ns;
        running = std::max(running, std::max(e.end_ns, e.start_ns));
        maxEnd[k] = running;
    }
    auto endAt = [&](std::size_t k) {
        return std::max(events[track[k]].end_ns, events[track[k]].start_ns);
    };
    const auto t0 = static_cast<TimeNs>(std::floor(map.t0()));
    const auto t1 = static_cast<TimeNs>(std::ceil(map.t1()));
    const TimeNs minVisNs = map.spanNs(minPx);
    std::vector<DrawItem> out;
    auto k = static_cast<std::size_t>(std::lower_bound(maxEnd.begin(), maxEnd.end(), t0) -
                                      maxEnd.begin());
    while (k < n && starts[k] <= t1) {
        const TimeNs s = starts[k], e = endAt(k);
        if (e - s >= minVisNs) {
            out.push_back({s, e, track[k], 1});
            ++k;
            continue;
        }
        const std::size_t first = k;
        TimeNs foldEnd = e, nextTime = e + minVisNs;
        for (;;) {
            const std::size_t prev = k;
            k = static_cast<std::size_t>(
                std::lower_bound(maxEnd.begin() + static_cast<std::ptrdiff_t>(k), maxEnd.end(),
                                 nextTime) -
                maxEnd.begin());
            if (k == prev)
                ++k;
            foldEnd = std::max(foldEnd, std::min(maxEnd[k - 1], nextTime));
            if (k >= n)
                break;
            const TimeNs ns = starts[k], ne = endAt(k);
            if (ns > t1 || ns - foldEnd > minVisNs || ne - ns >= minVisNs)
                break;
            foldEnd = std::max(foldEnd, ne);
            nextTime = ne + minVisNs;
        }
        const auto count = static_cast<std::uint32_t>(k - first);
        out.push_back({s, count == 1 ? e : std::max(foldEnd, s + 1), track[first], count});
    }
    return out;
}

// Length of the union of the track's events within [t0, t1], the slow way.
TimeNs referenceBusy(const Trace& trace, const std::vector<std::uint32_t>& track, TimeNs t0,
                     TimeNs t1) {
    TimeNs busy = 0, reached = t0;
    for (const auto i : track) {  // sorted by start
        const auto& e = trace.events[i];
        const TimeNs s = std::max(std::max(e.start_ns, reached), t0);
        const TimeNs end = std::min(std::max(e.end_ns, e.start_ns), t1);
        if (end > s)
            busy += end - s;
        reached = std::max(reached, std::min(std::max(e.end_ns, e.start_ns), t1));
    }
    return busy;
}

// The events of one depth level of a lane, in lane order.
std::vector<std::uint32_t> levelOf(const TimelineModel& model, std::uint16_t lane, int depth) {
    std::vector<std::uint32_t> out;
    for (const auto i : model.laneEvents(lane))
        if (model.depthCount(lane) == 1 || model.depthOf(i) == depth)
            out.push_back(i);
    return out;
}

bool sameItems(const std::vector<DrawItem>& a, const std::vector<DrawItem>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](auto& x, auto& y) {
               return x.start == y.start && x.end == y.end && x.event == y.event &&
                      x.count == y.count;
           });
}

// Views from the whole trace down to a few events, at offsets spread over it.
std::vector<TimeMapping> zooms(const TimelineModel& model) {
    std::vector<TimeMapping> out;
    const double begin = static_cast<double>(model.beginNs());
    const double span = static_cast<double>(model.endNs() - model.beginNs());
    for (double share : {1.0, 0.3, 0.05, 0.004, 0.0002, 0.00001})
        for (double at : {0.0, 0.37, 0.81})
            out.emplace_back(begin + at * span * (1 - share),
                             begin + at * span * (1 - share) + std::max(10.0, share * span), 0.0,
                             1600.0);
    return out;
}

// Everything a frame, a hover or a tooltip reads from the model, for two models to agree on.
QString difference(const TimelineModel& a, const TimelineModel& b) {
    const Trace& trace = *a.trace();
    if (a.naturalOrder() != b.naturalOrder() || a.rows() != b.rows())
        return QStringLiteral("rows differ");
    for (int r = 0; r <= a.rowCount(); ++r)
        if (a.rowTop(r) != b.rowTop(r))
            return QStringLiteral("row %1 starts at slot %2, not %3")
                .arg(r)
                .arg(b.rowTop(r))
                .arg(a.rowTop(r));
    if (a.beginNs() != b.beginNs() || a.endNs() != b.endNs())
        return QStringLiteral("extent differs");
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (a.depthOf(i) != b.depthOf(i))
            return QStringLiteral("event %1 at depth %2, not %3")
                .arg(i)
                .arg(b.depthOf(i))
                .arg(a.depthOf(i));
    // The busy summaries a zoomed-out frame reads: the same buckets, the same busy time.
    for (std::uint16_t lane = 0; lane < trace.lanes.size(); ++lane)
        for (int d = 0; d < a.depthCount(lane); ++d) {
            const BusySummary* x = a.busySummary(lane, d);
            const BusySummary* y = b.busySummary(lane, d);
            if (!x || !y || x->width() != y->width())
                return QStringLiteral("lane %1 level %2: busy buckets differ").arg(lane).arg(d);
            for (int k = 0; k <= 64 && !x->empty(); ++k) {
                const TimeNs t = a.beginNs() + (a.endNs() - a.beginNs()) * k / 64 + k % 7;
                if (x->busyBefore(t) != y->busyBefore(t))
                    return QStringLiteral("lane %1 level %2: busy before %3 differs")
                        .arg(lane)
                        .arg(d)
                        .arg(t);
            }
        }
    auto gapsEqual = [](const auto& x, const auto& y) {
        return x.size() == y.size() &&
               std::equal(x.begin(), x.end(), y.begin(),
                          [](auto& p, auto& q) { return p.start == q.start && p.end == q.end; });
    };
    if (!gapsEqual(a.idleGaps(), b.idleGaps()))
        return QStringLiteral("idle gaps differ: %1 vs %2")
            .arg(a.idleGaps().size())
            .arg(b.idleGaps().size());
    auto syncs = [](const TimelineModel& m) {
        auto s = m.cpuSyncs();
        std::sort(s.begin(), s.end());
        return s;
    };
    if (syncs(a) != syncs(b))
        return QStringLiteral("cpu syncs differ");
    for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
        auto fa = a.flowsOf(i), fb = b.flowsOf(i);
        std::sort(fa.begin(), fa.end());
        std::sort(fb.begin(), fb.end());
        if (fa != fb)
            return QStringLiteral("flows of event %1 differ").arg(i);
    }
    for (const auto& map : zooms(a)) {
        const auto t0 = static_cast<TimeNs>(map.t0()), t1 = static_cast<TimeNs>(map.t1());
        std::vector<std::uint32_t> fa, fb;
        a.flowsInView(t0, t1, 1u << 30, fa);
        b.flowsInView(t0, t1, 1u << 30, fb);
        std::sort(fa.begin(), fa.end());
        std::sort(fb.begin(), fb.end());
        if (fa != fb)
            return QStringLiteral("flows in view differ");
        for (std::uint16_t lane = 0; lane < trace.lanes.size(); ++lane) {
            if (a.laneEvents(lane) != b.laneEvents(lane) ||
                a.laneStyles(lane) != b.laneStyles(lane) ||
                a.depthCount(lane) != b.depthCount(lane))
                return QStringLiteral("lane %1's index differs").arg(lane);
            for (int d = 0; d < a.depthCount(lane); ++d) {
                std::vector<DrawItem> ia, ib;
                a.itemsInView(lane, d, map, 2.5, ia);
                b.itemsInView(lane, d, map, 2.5, ib);
                if (!sameItems(ia, ib))
                    return QStringLiteral("items of lane %1 depth %2 differ").arg(lane).arg(d);
                if (a.busyNs(lane, d, t0, t1) != b.busyNs(lane, d, t0, t1))
                    return QStringLiteral("busy time of lane %1 differs").arg(lane);
            }
            std::vector<std::uint32_t> ma, mb;
            a.instantsInView(lane, map, 6.0, ma);
            b.instantsInView(lane, map, 6.0, mb);
            if (ma != mb)
                return QStringLiteral("markers of lane %1 differ").arg(lane);
        }
    }
    return {};
}

// Grows a copy of `full` in `deltas` steps as RunController does (lanes, events, flows and
// memory appended), appending to one model; returns how it differs from a model of `full`.
QString growAndCompare(const Trace& full, int deltas) {
    auto live = std::make_shared<Trace>();
    live->strings = full.strings;
    TimelineModel grown(live);
    std::size_t lanes = 0;
    for (int d = 1; d <= deltas; ++d) {
        const std::size_t events = full.events.size() * std::size_t(d) / std::size_t(deltas);
        for (std::size_t i = live->events.size(); i < events; ++i) {
            while (lanes <= full.events[i].lane && lanes < full.lanes.size())
                live->addLane(full.lanes[lanes++]);
            live->events.push_back(full.events[i]);
        }
        const std::size_t flows = full.flows.size() * std::size_t(d) / std::size_t(deltas);
        live->flows.insert(live->flows.end(),
                           full.flows.begin() + std::ptrdiff_t(live->flows.size()),
                           full.flows.begin() + std::ptrdiff_t(flows));
        const std::size_t memory = full.memory.size() * std::size_t(d) / std::size_t(deltas);
        live->memory.insert(live->memory.end(),
                            full.memory.begin() + std::ptrdiff_t(live->memory.size()),
                            full.memory.begin() + std::ptrdiff_t(memory));
        if (d == deltas)
            while (lanes < full.lanes.size())
                live->addLane(full.lanes[lanes++]);
        grown.append();
    }
    if (grown.eventCount() != full.events.size())
        return QStringLiteral("indexed %1 of %2 events")
            .arg(grown.eventCount())
            .arg(full.events.size());
    const TimelineModel once(live);
    return difference(once, grown);
}

}  // namespace

class TestTimelineModelLive : public QObject {
    Q_OBJECT

    // What a frame's coverage reads: the busy time of every pixel column (a little past the
    // view, as the drawing clamps), from one sweep, equals busyNs per column, and every 53rd
    // column the slow reference.
    static QString checkColumnSweep(const Trace& trace, const TimelineModel& model,
                                    const TimeMapping& map, std::uint16_t lane, int d) {
        std::vector<TimeNs> starts, ends, before, after;
        for (double x = map.left() - 10.0; x < map.left() + map.width() + 10.0; x += 1.0) {
            starts.push_back(static_cast<TimeNs>(std::floor(map.toTime(x))));
            ends.push_back(static_cast<TimeNs>(std::ceil(map.toTime(x + 1.0))));
        }
        model.busyBeforeEach(lane, d, starts, before);
        model.busyBeforeEach(lane, d, ends, after);
        if (before.size() != starts.size() || after.size() != ends.size())
            return QStringLiteral("sweep of lane %1 answered %2 of %3 columns")
                .arg(lane)
                .arg(before.size())
                .arg(starts.size());
        const auto level = levelOf(model, lane, d);
        for (std::size_t c = 0; c < starts.size(); ++c) {
            const TimeNs swept = ends[c] > starts[c] ? after[c] - before[c] : 0;
            if (swept != model.busyNs(lane, d, starts[c], ends[c]) ||
                (c % 53 == 0 && swept != referenceBusy(trace, level, starts[c], ends[c])))
                return QStringLiteral("swept busy time of lane %1 depth %2 column %3 differs")
                    .arg(lane)
                    .arg(d)
                    .arg(c);
        }
        return {};
    }

    // Every lane and level, at many zooms: the indexed fold and busy time equal the reference.
    static QString checkAgainstReference(const std::shared_ptr<const Trace>& trace) {
        const TimelineModel model(trace);
        for (const auto& map : zooms(model)) {
            for (std::uint16_t lane = 0; lane < trace->lanes.size(); ++lane) {
                for (int d = 0; d < model.depthCount(lane); ++d) {
                    const auto level = levelOf(model, lane, d);
                    for (double minPx : {1.0, 2.5, 12.0}) {
                        std::vector<DrawItem> items;
                        model.itemsInView(lane, d, map, minPx, items);
                        if (!sameItems(items, referenceFold(*trace, level, map, minPx)))
                            return QStringLiteral("fold of lane %1 depth %2 at %3 px differs")
                                .arg(lane)
                                .arg(d)
                                .arg(minPx);
                    }
                    const auto t0 = static_cast<TimeNs>(map.t0());
                    const auto step =
                        std::max<TimeNs>(1, static_cast<TimeNs>(map.nsPerPixel() * 7));
                    for (TimeNs t = t0; t < static_cast<TimeNs>(map.t1()); t += step * 37)
                        if (model.busyNs(lane, d, t, t + step) !=
                            referenceBusy(*trace, level, t, t + step))
                            return QStringLiteral("busy time of lane %1 at %2 differs")
                                .arg(lane)
                                .arg(t);
                    if (const QString sweep = checkColumnSweep(*trace, model, map, lane, d);
                        !sweep.isEmpty())
                        return sweep;
                }
                const auto& all = model.laneEvents(lane);
                const TimeNs t = static_cast<TimeNs>((map.t0() + map.t1()) / 2);
                const auto after = std::count_if(
                    all.begin(), all.end(), [&](auto i) { return trace->events[i].start_ns <= t; });
                if (model.firstStartingAfter(lane, t) != std::size_t(after))
                    return QStringLiteral("firstStartingAfter of lane %1 differs").arg(lane);
                std::vector<std::uint32_t> marks;
                model.instantsInView(lane, map, 6.0, marks);
                for (const auto i : marks)
                    if (!isInstantKind(trace->events[i].kind) || trace->events[i].lane != lane)
                        return QStringLiteral("a marker on lane %1 is no instant").arg(lane);
            }
        }
        return {};
    }

private slots:
    void indexedFoldEqualsTheReference() {
        for (std::uint32_t seed = 1; seed <= 4; ++seed) {
            const auto trace = randomTrace(seed, 20'000 * seed, seed % 2 == 0);
            const QString diff = checkAgainstReference(trace);
            QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("seed %1: ").arg(seed) + diff));
        }
        // Far more events than pixels on one lane, evenly spread: folds span whole buckets.
        const QString regular = checkAgainstReference(makeRegularTrace(200'000, 400, 1'000));
        QVERIFY2(regular.isEmpty(), qPrintable(regular));
    }

    void indexedFoldEqualsTheReferenceOnRealTraces() {
        const QDir dir(syncscope::test::realTracesDir());
        const QStringList files = dir.entryList(
            {QStringLiteral("*.json"), QStringLiteral("*.json.gz"), QStringLiteral("*.sqlite")},
            QDir::Files, QDir::Name);
        if (files.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES("no recorded traces");
        int checked = 0;
        for (const auto& f : files) {
            ImportResult imported = importTrace(dir.filePath(f).toStdString());
            if (!imported.ok() || imported.trace->events.size() > 400'000)
                continue;  // keep the suite short: the slow reference is quadratic-ish in zooms
            auto trace = std::make_shared<const Trace>(std::move(*imported.trace));
            const QString diff = checkAgainstReference(trace);
            QVERIFY2(diff.isEmpty(), qPrintable(f + QStringLiteral(": ") + diff));
            const QString grown = growAndCompare(*trace, 7);
            QVERIFY2(grown.isEmpty(), qPrintable(f + QStringLiteral(" grown: ") + grown));
            ++checked;
        }
        QVERIFY(checked > 0);
    }

    void appendedModelEqualsOneBuiltAtOnce_data() {
        QTest::addColumn<std::uint32_t>("seed");
        QTest::addColumn<bool>("shuffle");
        QTest::addColumn<int>("deltas");
        QTest::addColumn<std::uint32_t>("events");
        QTest::newRow("in order, 10 deltas") << 11u << false << 10 << 12'000u;
        QTest::newRow("in order, 97 deltas") << 12u << false << 97 << 12'000u;
        QTest::newRow("out of order, 10 deltas") << 13u << true << 10 << 12'000u;
        QTest::newRow("out of order, 250 deltas") << 14u << true << 250 << 12'000u;
        QTest::newRow("one delta") << 15u << true << 1 << 12'000u;
        // Streams of more than BusySummary::kMinEvents events: their busy summaries grow too.
        QTest::newRow("summarised lanes, 40 deltas") << 16u << true << 40 << 60'000u;
        // Built at once, this trace indexes its lanes and flows on two threads; grown, on one.
        QTest::newRow("a build on two threads, 5 deltas")
            << 17u << true << 5
            << static_cast<std::uint32_t>(TimelineModel::kParallelBuildFrom + 20'000);
    }
    void appendedModelEqualsOneBuiltAtOnce() {
        QFETCH(std::uint32_t, seed);
        QFETCH(bool, shuffle);
        QFETCH(int, deltas);
        QFETCH(std::uint32_t, events);
        const auto full = randomTrace(seed, events, shuffle);
        const QString diff = growAndCompare(*full, deltas);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (events >= 60'000u) {  // the row is there to compare summaries: some stream has one
            const TimelineModel model(full);
            bool any = false;
            for (std::uint16_t lane = 0; lane < full->lanes.size(); ++lane)
                any = any || !model.busySummary(lane, 0)->empty();
            QVERIFY(any);
        }
    }

    void appendOfNothingChangesNothing() {
        auto trace = randomTrace(21, 3'000, true);
        TimelineModel model(trace);
        model.append();
        model.append();
        const TimelineModel once(trace);
        const QString diff = difference(once, model);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // An event older than the whole lane re-sorts all of it (the documented worst case) and still
    // lands where a fresh build puts it.
    void anEventOlderThanItsLaneGoesFirst() {
        auto trace = makeRegularTrace(1'000, 500, 1'000);
        for (auto& e : trace->events)
            e.start_ns += 1'000'000, e.end_ns += 1'000'000;
        TimelineModel model(trace);
        TraceEvent early = trace->events.front();
        early.start_ns = 10;
        early.end_ns = 900;
        const auto index = trace->addEvent(early);
        model.append();
        QCOMPARE(model.laneEvents(2).front(), index);
        const TimelineModel once(trace);
        const QString diff = difference(once, model);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // The window's live path: RunController's snapshots into a TimelineView, which appends them to
    // its model (never rebuilding it); at the end the view shows what a view of the finished trace
    // shows, pixel for pixel, and its model equals one built over that trace.
    void liveRunEndsLikeTheFinishedTrace() {
        RunController controller;
        controller.setSnapshotInterval(5);
        TimelineView live;
        live.resize(1200, 700);
        live.show();
        QVERIFY(QTest::qWaitForWindowExposed(&live));
        std::shared_ptr<const Trace> grown, finished;
        int snapshots = 0;
        const TimelineModel* model = nullptr;
        bool rebuilt = false;
        connect(&controller, &RunController::snapshotReady, this,
                [&](quint64, std::shared_ptr<const Trace> trace) {
                    live.setTrace(trace);  // what MainWindow does with a snapshot
                    grown = trace;
                    rebuilt = rebuilt || (model && live.model() != model);
                    model = live.model();
                    ++snapshots;
                });
        connect(&controller, &RunController::runFinished, this,
                [&](quint64, RunStatus, const QString&, std::shared_ptr<const Trace> trace) {
                    finished = std::move(trace);
                });
        controller.start(test::kernelLoopScenario(200'000, 2'000),
                         RunController::factoryFor(QStringLiteral("sim")));
        QTRY_VERIFY_WITH_TIMEOUT(finished != nullptr, 120000);
        QVERIFY2(snapshots >= 2, qPrintable(QStringLiteral("%1 snapshots").arg(snapshots)));
        QVERIFY2(!rebuilt, "a snapshot rebuilt the model instead of appending to it");
        QVERIFY(grown && grown->events.size() <= finished->events.size());
        live.setTrace(grown);  // what arrived after the last snapshot
        QCOMPARE(live.model(), model);
        QCOMPARE(live.model()->eventCount(), finished->events.size());

        const TimelineModel once(grown);
        const QString diff = difference(once, *live.model());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));

        TimelineView opened;
        opened.resize(1200, 700);
        opened.show();
        QVERIFY(QTest::qWaitForWindowExposed(&opened));
        opened.setTrace(finished);
        QCoreApplication::processEvents();
        live.plot()->replot(QCustomPlot::rpImmediateRefresh);
        opened.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(live.lanes()->lastItemCount(), opened.lanes()->lastItemCount());
        const QImage a = live.plot()->toPixmap().toImage();
        const QImage b = opened.plot()->toPixmap().toImage();
        maybeSave(a, QStringLiteral("live-end.png"));
        maybeSave(b, QStringLiteral("opened.png"));
        QVERIFY(a == b);
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineModelLive)
#include "tst_timeline_model_live.moc"
