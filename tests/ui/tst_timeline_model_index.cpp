// TimelineModel's compact index (issue 14 item 6): the union's length is kept per block of events
// and recomputed inside a block, depths only where a lane nests, the idle gaps come from merging
// the lanes' sorted lists, flows are bucketed by endpoint. Each answer is checked against a brute
// force over the same trace, across block boundaries, on traces with overlaps and odd events.
#include <QTest>
#include <algorithm>
#include <limits>
#include <memory>
#include <random>

#include "core/analysis/gpu_activity.h"
#include "core/model/trace.h"
#include "ui/timeline/flow_order.h"
#include "ui/timeline/key_sort.h"
#include "ui/timeline/time_bucket_index.h"
#include "ui/timeline/timeline_model.h"

using namespace syncscope;

namespace {

// Random events on a host lane and three streams: overlapping, nested, zero-length, reversed
// (end before start, as a corrupt import has), non-busy kinds on GPU lanes, and flows.
std::shared_ptr<Trace> randomTrace(unsigned seed, int n) {
    std::mt19937 rng(seed);
    auto t = std::make_shared<Trace>();
    t->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    for (std::uint32_t s = 0; s < 3; ++s)
        t->addLane({LaneKind::Stream, "s" + std::to_string(s), s, StreamKind::NonBlocking, 0,
                    kNoLane, kNone});
    const EventKind kinds[] = {EventKind::Kernel,      EventKind::Memcpy,     EventKind::Memset,
                               EventKind::EventMarker, EventKind::StreamWait, EventKind::Kernel};
    for (int i = 0; i < n; ++i) {
        TraceEvent e;
        e.lane = static_cast<std::uint16_t>(rng() % 4);
        e.kind = e.lane == 0 ? (rng() % 2 ? EventKind::ApiCall : EventKind::Annotation)
                             : kinds[rng() % 6];
        e.start_ns = static_cast<TimeNs>(rng() % 200'000);
        const int shape = static_cast<int>(rng() % 10);
        e.end_ns = shape == 0 ? e.start_ns
                   : shape == 1
                       ? e.start_ns - 5
                       : e.start_ns + static_cast<TimeNs>(rng() % (shape < 8 ? 300 : 9000));
        t->addEvent(e);
    }
    for (int f = 0; f < n / 3; ++f)
        t->flows.push_back({static_cast<std::uint32_t>(rng() % n),
                            static_cast<std::uint32_t>(rng() % (n + 3)), FlowKind::Generic});
    return t;
}

TimeNs endOf(const TraceEvent& e) {
    return std::max(e.end_ns, e.start_ns);
}

}  // namespace

class TestTimelineModelIndex : public QObject {
    Q_OBJECT
private slots:
    void searchesMatchABruteForce_data();
    void searchesMatchABruteForce();
    void idleGapsAreGpuActivitys();
    void flowsByEndpointAndTime_data();
    void flowsByEndpointAndTime();
    void flowOrdersInOrderAreNotStored();
    void flowsInViewMatchABruteForce();
    void bucketSearchesReadThroughAnAccessor();
    void memoryStaysSmall();
    void depthsAppearWhenALaneStartsToNest();
    void keySortIsAStableSortByKey();
    void idleGapsJoinTouchingWorkAcrossLanes();
    void busySummaryStaysWithinABucketOfTheSweep();
    void aBuildInLaneOrderMatchesASortedOne_data();
    void aBuildInLaneOrderMatchesASortedOne();
};

void TestTimelineModelIndex::searchesMatchABruteForce_data() {
    QTest::addColumn<unsigned>("seed");
    QTest::addColumn<int>("events");
    QTest::newRow("tiny") << 1u << 7;
    QTest::newRow("one block") << 2u << 64;
    QTest::newRow("many blocks") << 3u << 3000;
}

void TestTimelineModelIndex::searchesMatchABruteForce() {
    QFETCH(unsigned, seed);
    QFETCH(int, events);
    const auto trace = randomTrace(seed, events);
    const TimelineModel model(trace);
    std::mt19937 rng(seed + 100);
    for (std::uint16_t lane = 0; lane < 4; ++lane) {
        const auto& idx = model.laneEvents(lane);
        for (int probe = 0; probe < 200; ++probe) {
            const auto t = static_cast<TimeNs>(rng() % 220'000) - 5'000;
            // Brute force: running max of end, first start past t, union length up to t.
            std::size_t ending = idx.size(), starting = idx.size();
            TimeNs running = std::numeric_limits<TimeNs>::min();
            for (std::size_t k = 0; k < idx.size(); ++k) {
                running = std::max(running, endOf(trace->events[idx[k]]));
                if (ending == idx.size() && running >= t)
                    ending = k;
                if (starting == idx.size() && trace->events[idx[k]].start_ns > t)
                    starting = k;
            }
            QCOMPARE(model.firstEndingAtOrAfter(lane, t), ending);
            QCOMPARE(model.firstStartingAfter(lane, t), starting);
            const TimeNs t1 = t + static_cast<TimeNs>(rng() % 30'000);
            // The union of the lane's events clipped to [t, t1], by sweeping them in start order.
            TimeNs busy = 0, reach = t;
            for (const auto i : idx) {
                const auto& e = trace->events[i];
                const TimeNs s = std::max(e.start_ns, reach), end = std::min(endOf(e), t1);
                if (end > s) {
                    busy += end - s;
                    reach = end;
                }
            }
            QCOMPARE(model.busyNs(lane, t, t1), busy);
        }
    }
}

void TestTimelineModelIndex::idleGapsAreGpuActivitys() {
    for (unsigned seed = 10; seed < 16; ++seed) {
        const auto trace = randomTrace(seed, 400 * static_cast<int>(seed));
        const TimelineModel model(trace);
        const GpuActivity activity(*trace);
        QCOMPARE(model.idleGaps().size(), activity.gaps().size());
        for (std::size_t k = 0; k < activity.gaps().size(); ++k) {
            QCOMPARE(model.idleGaps()[k].start, activity.gaps()[k].start_ns);
            QCOMPARE(model.idleGaps()[k].end, activity.gaps()[k].end_ns);
        }
    }
}

void TestTimelineModelIndex::flowsByEndpointAndTime_data() {
    QTest::addColumn<bool>("bySource");
    QTest::newRow("flows in random order") << false;
    // Sorted by source: that order is kept as its length only (FlowOrder), the others written out.
    QTest::newRow("flows sorted by source") << true;
}

void TestTimelineModelIndex::flowsByEndpointAndTime() {
    QFETCH(bool, bySource);
    const auto trace = randomTrace(7, 900);
    if (bySource)
        std::stable_sort(trace->flows.begin(), trace->flows.end(),
                         [](const Flow& a, const Flow& b) { return a.from < b.from; });
    const TimelineModel model(trace);
    const auto n = static_cast<std::uint32_t>(trace->events.size());
    for (std::uint32_t event = 0; event < n; event += 7) {
        std::vector<std::uint32_t> expected;
        for (std::uint32_t f = 0; f < trace->flows.size(); ++f)
            if (trace->flows[f].from == event && trace->flows[f].to < n)
                expected.push_back(f);
        for (std::uint32_t f = 0; f < trace->flows.size(); ++f)
            if (trace->flows[f].to == event && trace->flows[f].from < n)
                expected.push_back(f);
        auto got = model.flowsOf(event);
        std::sort(got.begin(), got.end());
        std::sort(expected.begin(), expected.end());
        QVERIFY(got == expected);
    }
    // In view: every valid flow with both ends inside [t0, t1], none outside.
    const TimeNs t0 = 50'000, t1 = 120'000;
    std::vector<std::uint32_t> shown;
    QVERIFY(model.flowsInView(t0, t1, 1u << 30, shown));
    for (std::uint32_t f = 0; f < trace->flows.size(); ++f) {
        const auto& flow = trace->flows[f];
        if (flow.from >= n || flow.to >= n)
            continue;
        const auto& a = trace->events[flow.from];
        const auto& b = trace->events[flow.to];
        const TimeNs lo = std::min(a.start_ns, b.start_ns);
        const TimeNs hi = std::max(a.end_ns, b.end_ns);
        const bool listed = std::find(shown.begin(), shown.end(), f) != shown.end();
        if (lo >= t0 && hi <= t1)
            QVERIFY2(listed,
                     qPrintable(QStringLiteral("flow %1 inside the view is missing").arg(f)));
        if (lo > t1)
            QVERIFY(!listed);
    }
}

// A recorder writes flows in the order of their sources and times (each launch's flow as it
// launches): those orders are the identity, kept as a length only, 4 bytes per flow less each; a
// merge that breaks one writes it out, and every answer stays the same.
void TestTimelineModelIndex::flowOrdersInOrderAreNotStored() {
    auto inOrder = std::make_shared<Trace>();
    inOrder->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    inOrder->addLane({LaneKind::Stream, "s", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    for (std::uint32_t i = 0; i < 20'000; ++i) {
        TraceEvent api;
        api.kind = EventKind::ApiCall;
        api.start_ns = i * 100;
        api.end_ns = i * 100 + 20;
        const auto a = inOrder->addEvent(api);
        TraceEvent kernel;
        kernel.kind = EventKind::Kernel;
        kernel.lane = 1;
        kernel.start_ns = i * 100 + 30;
        kernel.end_ns = i * 100 + 90;
        const auto k = inOrder->addEvent(kernel);
        inOrder->flows.push_back({a, k, FlowKind::Launch});
    }
    auto shuffled = std::make_shared<Trace>(*inOrder);
    std::mt19937 rng(3);
    std::shuffle(shuffled->flows.begin(), shuffled->flows.end(), rng);
    const TimelineModel a(inOrder);
    const TimelineModel b(shuffled);
    // Three orders of 20k flows written out in b only.
    QVERIFY2(
        b.memoryFootprint() >= a.memoryFootprint() + 3 * 4 * 20'000,
        qPrintable(QStringLiteral("%1 vs %2 B").arg(a.memoryFootprint()).arg(b.memoryFootprint())));
    for (std::uint32_t event = 0; event < 40'000; event += 997) {
        const auto fa = a.flowsOf(event);
        const auto fb = b.flowsOf(event);
        QCOMPARE(fa.size(), std::size_t{1});
        QCOMPARE(inOrder->flows[fa.front()].from, shuffled->flows[fb.front()].from);
        QCOMPARE(inOrder->flows[fa.front()].to, shuffled->flows[fb.front()].to);
    }
    std::vector<std::uint32_t> va, vb;
    QVERIFY(a.flowsInView(500'000, 900'000, 1u << 30, va));
    QVERIFY(b.flowsInView(500'000, 900'000, 1u << 30, vb));
    QCOMPARE(va.size(), vb.size());
    QVERIFY(va.size() >= 3'990);

    // The orders themselves: in-order merges keep the identity, one out of order writes it out.
    const std::vector<int> key{10, 20, 30, 40, 50, 25, 60};
    auto less = [&](std::uint32_t x, std::uint32_t y) {
        return key[x] != key[y] ? key[x] < key[y] : x < y;
    };
    FlowOrder order;
    QCOMPARE(order.merge({0, 1, 2}, less), std::size_t{0});
    QCOMPARE(order.merge({3, 4}, less), std::size_t{3});
    QVERIFY(order.isIdentity());
    QCOMPARE(order.memoryFootprint(), std::size_t{0});
    QCOMPARE(order.merge({5, 6}, less), std::size_t{2});  // 5 (key 25) goes after 1 (key 20)
    QVERIFY(!order.isIdentity());
    const std::vector<std::uint32_t> expected{0, 1, 5, 2, 3, 4, 6};
    QCOMPARE(order.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k)
        QCOMPARE(order[k], expected[k]);
    QCOMPARE(order.partitionPoint([&](std::uint32_t f) { return key[f] < 40; }), std::size_t{4});
}

// flowsInView keeps the running max of the flows' later ends per block of flows only: its first
// flow must be the one a running max per flow finds, for views starting anywhere, across blocks.
void TestTimelineModelIndex::flowsInViewMatchABruteForce() {
    const auto trace = randomTrace(8, 3000);
    const TimelineModel model(trace);
    const auto n = static_cast<std::uint32_t>(trace->events.size());
    struct Entry {
        TimeNs lo, hi;
        std::uint32_t flow;
    };
    std::vector<Entry> order;  // the model's order: by earlier start, then by flow index
    for (std::uint32_t f = 0; f < trace->flows.size(); ++f) {
        const auto& flow = trace->flows[f];
        if (flow.from >= n || flow.to >= n)
            continue;
        const auto& a = trace->events[flow.from];
        const auto& b = trace->events[flow.to];
        order.push_back({std::min(a.start_ns, b.start_ns), std::max(a.end_ns, b.end_ns), f});
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const Entry& a, const Entry& b) { return a.lo < b.lo; });
    QVERIFY(order.size() > 500);  // many blocks of 16
    std::mt19937 rng(9);
    for (int probe = 0; probe < 400; ++probe) {
        const auto t0 = static_cast<TimeNs>(rng() % 220'000) - 10'000;
        const TimeNs t1 = t0 + static_cast<TimeNs>(rng() % 20'000);
        std::size_t k = 0;
        TimeNs running = std::numeric_limits<TimeNs>::min();
        for (; k < order.size(); ++k) {
            running = std::max(running, order[k].hi);
            if (running >= t0)
                break;
        }
        std::vector<std::uint32_t> expected;
        for (; k < order.size() && order[k].lo <= t1; ++k)
            expected.push_back(order[k].flow);
        std::vector<std::uint32_t> got;
        QVERIFY(model.flowsInView(t0, t1, 1u << 30, got));
        QVERIFY2(got == expected, qPrintable(QStringLiteral("view from %1 to %2").arg(t0).arg(t1)));
        if (expected.size() > 1) {  // the limit stops the same list
            got.clear();
            QVERIFY(!model.flowsInView(t0, t1, expected.size() - 1, got));
            QVERIFY(std::equal(got.begin(), got.end(), expected.begin()));
        }
    }
}

// The marker candidates' starts are read through the events: the index built and searched
// through an accessor answers as one over a vector of the values, and as std::lower_bound.
void TestTimelineModelIndex::bucketSearchesReadThroughAnAccessor() {
    std::mt19937 rng(12);
    // Bursts of equal values and long jumps; values spread evenly; and tight clusters with gaps
    // between them, so that many buckets hold values only at one end.
    for (int shape = 0; shape < 3; ++shape) {
        std::vector<TimeNs> values;
        TimeNs t = -1000;
        for (int i = 0; i < 20'000; ++i) {
            if (shape == 0)
                t += i % 500 == 0 ? static_cast<TimeNs>(rng() % 1'000'000)
                                  : static_cast<TimeNs>(rng() % 4);
            else if (shape == 1)
                t += 90 + static_cast<TimeNs>(rng() % 21);
            else
                t += i % 32 < 30 ? static_cast<TimeNs>(rng() % 3) : static_cast<TimeNs>(5000);
            values.push_back(t);
        }
        TimeBucketIndex byVector, byAccessor;
        byVector.extend(values);
        const auto at = [&values](std::size_t i) { return values[i]; };
        byAccessor.extend(values.size() / 2, at);  // grown in two steps, as an append grows it
        byAccessor.extend(values.size(), at);
        QCOMPARE(byAccessor.bucketCount(), byVector.bucketCount());
        for (int probe = 0; probe < 15'000; ++probe) {
            // Random times rarely hit a value: a third of the probes are values, and one either
            // side, where an off-by-one in a search shows.
            const std::size_t i = rng() % values.size();
            const TimeNs q =
                probe % 3 == 0
                    ? values.front() - 10 +
                          static_cast<TimeNs>(
                              rng() % static_cast<unsigned>(values.back() - values.front() + 20))
                    : values[i] + static_cast<TimeNs>(probe % 3 == 1 ? 0 : (rng() % 2) * 2 - 1);
            const auto expected = static_cast<std::size_t>(
                std::lower_bound(values.begin(), values.end(), q) - values.begin());
            QCOMPARE(byAccessor.lowerBound(q, at), expected);
            QCOMPARE(byVector.lowerBound(values, q), expected);
            const auto [lo, hi] = byAccessor.candidates(q);  // what a sweep prefetches
            QVERIFY(lo <= expected && expected <= hi);
        }
    }
}

void TestTimelineModelIndex::memoryStaysSmall() {
    // The per-event part of the index: the lane's order (4 B), its starts and running ends (8 B
    // each), the union's length per block of 16 (0.5 B) and a share of the bucket index; no
    // depth on a lane that does not nest: about 20.6 B.
    auto trace = std::make_shared<Trace>();
    trace->addLane({LaneKind::Stream, "s", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    for (int i = 0; i < 64'000; ++i) {
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.start_ns = i * 10;
        e.end_ns = i * 10 + 10;  // back to back: no idle gaps to store
        trace->addEvent(e);
    }
    const TimelineModel model(trace);
    const double perEvent = static_cast<double>(model.memoryFootprint()) / 64'000.0;
    QVERIFY2(perEvent < 21.5, qPrintable(QStringLiteral("%1 B/event").arg(perEvent)));
    QCOMPARE(model.depthOf(100), std::uint16_t{0});
    QCOMPARE(model.busyNs(0, 0, 640'000), TimeNs{640'000});
    QCOMPARE(model.busyNs(0, 15, 165), TimeNs{150});  // across a block's edge
}

void TestTimelineModelIndex::depthsAppearWhenALaneStartsToNest() {
    // Depths are stored only once a lane nests: a live model that sees flat lanes first and a
    // nested slice later must answer every depth as one built at once over the whole trace.
    auto full = std::make_shared<Trace>();
    full->addLane({LaneKind::Stream, "s", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    full->addLane({LaneKind::HostThread, "host", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    for (int i = 0; i < 100; ++i) {
        TraceEvent e;
        e.kind = i % 2 ? EventKind::Kernel : EventKind::ApiCall;
        e.lane = static_cast<std::uint16_t>(i % 2 ? 0 : 1);
        e.start_ns = i * 100;
        e.end_ns = i * 100 + 50;
        full->addEvent(e);
    }
    TraceEvent outer;  // around the last host calls: they go one level down
    outer.kind = EventKind::Annotation;
    outer.lane = 1;
    outer.start_ns = 7'990;
    outer.end_ns = 9'900;
    full->addEvent(outer);
    auto live = std::make_shared<Trace>();
    live->lanes = full->lanes;
    live->events.assign(full->events.begin(), full->events.begin() + 100);
    TimelineModel grown(live);
    for (std::uint32_t i = 0; i < 100; ++i)
        QCOMPARE(grown.depthOf(i), std::uint16_t{0});
    QCOMPARE(grown.depthCount(1), 1);
    live->events.push_back(full->events.back());
    grown.append();
    const TimelineModel once(full);
    QCOMPARE(once.depthCount(1), 2);
    QCOMPARE(grown.depthCount(1), 2);
    for (std::uint32_t i = 0; i < full->events.size(); ++i)
        QCOMPARE(grown.depthOf(i), once.depthOf(i));
    QCOMPARE(once.depthOf(82), std::uint16_t{1});
    QCOMPARE(once.depthOf(81), std::uint16_t{0});  // a kernel: its stream does not nest
    QCOMPARE(once.depthOf(100), std::uint16_t{0});
}

void TestTimelineModelIndex::keySortIsAStableSortByKey() {
    // The flows' orders (by endpoint, by time): whatever the input order, the result is that of a
    // stable sort by key of the items in index order; sorted input comes back unchanged.
    std::mt19937 rng(5);
    for (const int n : {0, 1, 2, 50, 5000}) {
        std::vector<std::uint32_t> key32(static_cast<std::size_t>(n));
        std::vector<TimeNs> key64(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) {
            key32[static_cast<std::size_t>(i)] = rng() % 40;  // many ties
            key64[static_cast<std::size_t>(i)] = static_cast<TimeNs>(rng() % 60) - 30;
        }
        std::vector<std::uint32_t> items(static_cast<std::size_t>(n));
        for (std::uint32_t i = 0; i < items.size(); ++i)
            items[i] = i;
        auto reference = [&](const auto& key) {
            auto out = items;
            std::stable_sort(out.begin(), out.end(),
                             [&](std::uint32_t a, std::uint32_t b) { return key[a] < key[b]; });
            return out;
        };
        const auto by32 = reference(key32);
        const auto by64 = reference(key64);
        auto shuffled = items;
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        auto got = shuffled;
        sortByKeyThenIndex(got, [&](std::uint32_t i) { return key32[i]; });
        QVERIFY(got == by32);
        got = shuffled;
        sortByKeyThenIndex(got, [&](std::uint32_t i) { return key64[i]; });
        QVERIFY(got == by64);
        got = by64;  // already in order: the linear check keeps it
        sortByKeyThenIndex(got, [&](std::uint32_t i) { return key64[i]; });
        QVERIFY(got == by64);
    }
}

void TestTimelineModelIndex::idleGapsJoinTouchingWorkAcrossLanes() {
    // The lanes' unions are merged pairwise: work on one lane that ends where another lane's
    // starts is one busy stretch, an instant or a marker is none, and five lanes (an odd count)
    // give GpuActivity's gaps.
    auto trace = std::make_shared<Trace>();
    for (std::uint32_t s = 0; s < 5; ++s)
        trace->addLane({LaneKind::Stream, "s" + std::to_string(s), s, StreamKind::NonBlocking, 0,
                        kNoLane, kNone});
    auto add = [&](std::uint16_t lane, EventKind kind, TimeNs a, TimeNs b) {
        TraceEvent e;
        e.kind = kind;
        e.lane = lane;
        e.start_ns = a;
        e.end_ns = b;
        trace->addEvent(e);
    };
    add(0, EventKind::Kernel, 0, 100);
    add(1, EventKind::Memcpy, 100, 200);  // touches: no gap at 100
    add(2, EventKind::Kernel, 300, 300);  // zero length: not busy
    add(3, EventKind::EventMarker, 250, 400);
    add(4, EventKind::Memset, 500, 600);
    add(0, EventKind::Kernel, 550, 700);  // overlaps across lanes
    add(2, EventKind::Kernel, 800, 900);
    const TimelineModel model(trace);
    const GpuActivity activity(*trace);
    QCOMPARE(activity.gaps().size(), std::size_t{2});
    QCOMPARE(model.idleGaps().size(), activity.gaps().size());
    for (std::size_t k = 0; k < activity.gaps().size(); ++k) {
        QCOMPARE(model.idleGaps()[k].start, activity.gaps()[k].start_ns);
        QCOMPARE(model.idleGaps()[k].end, activity.gaps()[k].end_ns);
    }
}

void TestTimelineModelIndex::busySummaryStaysWithinABucketOfTheSweep() {
    // A zoomed-out frame reads the busy time of its pixel columns from the summary (issue 14):
    // within one bucket of the exact sweep at any time, and within two for a column, which the
    // drawing allows only for columns at least eight buckets wide.
    const auto trace = randomTrace(7, 60'000);
    const TimelineModel model(trace);
    std::mt19937 rng(8);
    for (std::uint16_t lane = 1; lane < 4; ++lane) {  // the streams (the host lane nests deep)
        const BusySummary* summary = model.busySummary(lane, 0);
        QVERIFY(summary);
        QVERIFY2(!summary->empty(), "15k events on a lane get a summary");
        const auto width = static_cast<double>(summary->width());
        QVERIFY(summary->resolves(8.0 * width));
        QVERIFY(!summary->resolves(7.0 * width));
        std::vector<TimeNs> times;
        for (int probe = 0; probe < 500; ++probe)
            times.push_back(static_cast<TimeNs>(rng() % 220'000) - 5'000);
        std::sort(times.begin(), times.end());
        std::vector<TimeNs> exact;
        model.busyBeforeEach(lane, 0, times, exact);
        for (std::size_t k = 0; k < times.size(); ++k)
            QVERIFY2(
                std::abs(summary->busyBefore(times[k]) - static_cast<double>(exact[k])) <= width,
                qPrintable(QStringLiteral("lane %1 at %2").arg(lane).arg(times[k])));
        for (std::size_t k = 0; k + 1 < times.size(); ++k) {
            const double column = summary->busyBefore(times[k + 1]) - summary->busyBefore(times[k]);
            QVERIFY(std::abs(column - static_cast<double>(model.busyNs(
                                          lane, times[k], times[k + 1]))) <= 2.0 * width);
        }
    }
    // A lane of few events keeps no summary: its exact sweep is cheap.
    const TimelineModel small(randomTrace(9, 400));
    QVERIFY(small.busySummary(1, 0)->empty());
    QVERIFY(!small.busySummary(1, 0)->resolves(1e12));
}

void TestTimelineModelIndex::aBuildInLaneOrderMatchesASortedOne_data() {
    QTest::addColumn<bool>("tiesByLongerFirst");
    QTest::newRow("in lane order") << false;
    QTest::newRow("equal starts, longer first") << true;
}

void TestTimelineModelIndex::aBuildInLaneOrderMatchesASortedOne() {
    // A lane whose events come in lane order (by start, then end) is indexed in one pass that
    // checks the order as it goes; any other is sorted first. The same events in reverse come
    // through the sort: every answer must be the same. Equal starts with the longer event first
    // are out of lane order, so that pass must notice them. (start, end) is unique per lane, so
    // the order is the same whatever the indices.
    QFETCH(bool, tiesByLongerFirst);
    auto random = randomTrace(21, 4000);
    std::vector<TraceEvent> events = random->events;
    std::sort(events.begin(), events.end(), [&](const TraceEvent& a, const TraceEvent& b) {
        if (a.start_ns != b.start_ns)
            return a.start_ns < b.start_ns;
        return tiesByLongerFirst ? a.end_ns > b.end_ns : a.end_ns < b.end_ns;
    });
    events.erase(std::unique(events.begin(), events.end(),
                             [](const TraceEvent& a, const TraceEvent& b) {
                                 return a.lane == b.lane && a.start_ns == b.start_ns &&
                                        a.end_ns == b.end_ns;
                             }),
                 events.end());
    auto inOrder = std::make_shared<Trace>();
    auto reversed = std::make_shared<Trace>();
    inOrder->lanes = reversed->lanes = random->lanes;
    for (const auto& e : events)
        inOrder->addEvent(e);
    for (auto e = events.rbegin(); e != events.rend(); ++e)
        reversed->addEvent(*e);
    const TimelineModel a(inOrder), b(reversed);
    const auto last = static_cast<std::uint32_t>(events.size() - 1);
    const auto same = [&](std::uint32_t ia, std::uint32_t ib) { return ia == last - ib; };
    std::mt19937 rng(22);
    for (std::uint16_t lane = 0; lane < 4; ++lane) {
        const auto& la = a.laneEvents(lane);
        const auto& lb = b.laneEvents(lane);
        QCOMPARE(la.size(), lb.size());
        for (std::size_t k = 0; k < la.size(); ++k) {
            QVERIFY2(same(la[k], lb[k]),
                     qPrintable(QStringLiteral("lane %1, position %2").arg(lane).arg(k)));
            QCOMPARE(a.depthOf(la[k]), b.depthOf(lb[k]));
        }
        QCOMPARE(a.depthCount(lane), b.depthCount(lane));
        for (int probe = 0; probe < 200; ++probe) {
            // Half the probes just before an event's start, where a reversed event (end before
            // start) counts as ending at its start.
            const auto t = probe % 2 || la.empty()
                               ? static_cast<TimeNs>(rng() % 220'000) - 5'000
                               : inOrder->events[la[rng() % la.size()]].start_ns -
                                     static_cast<TimeNs>(rng() % 6);
            const TimeNs t1 = t + 1 + static_cast<TimeNs>(rng() % 30'000);
            QCOMPARE(a.firstEndingAtOrAfter(lane, t), b.firstEndingAtOrAfter(lane, t));
            QCOMPARE(a.firstStartingAfter(lane, t), b.firstStartingAfter(lane, t));
            QCOMPARE(a.busyNs(lane, t, t1), b.busyNs(lane, t, t1));
            // Markers: the same candidates in the same places, at zooms from a few ns a pixel
            // (every candidate its own marker) to the whole range in 200 px.
            const TimeMapping map(static_cast<double>(t), static_cast<double>(t1), 0.0,
                                  probe % 2 ? 200.0 : 20'000.0);
            std::vector<std::uint32_t> ma, mb;
            a.instantsInView(lane, map, 4.0, ma);
            b.instantsInView(lane, map, 4.0, mb);
            QCOMPARE(ma.size(), mb.size());
            for (std::size_t k = 0; k < ma.size(); ++k)
                QVERIFY(same(ma[k], mb[k]));
        }
    }
}

QTEST_MAIN(TestTimelineModelIndex)
#include "tst_timeline_model_index.moc"
