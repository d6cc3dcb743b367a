// Callouts on the timeline: boxes never overlap, keep their size at every zoom, leave out what is
// outside the view, show in exported pictures; and the scenario's focus sets the view.
#include <qcustomplot.h>

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <limits>

#include "core/analysis/focus_resolver.h"
#include "core/engine/engine_factory.h"
#include "core/scenario/scenario_reader.h"
#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/export/image_exporter.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/callout_placer.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

// Five callouts within a few microseconds of each other (launches and a cpu.synchronize at the
// start of the run), one on a kernel, one on a late host-work step; a focus on the early part.
const char* const kScenario = R"({"format": "syncscope-scenario", "version": 1, "title": "c",
  "streams": [{"name": "s1"}, {"name": "s2"}],
  "steps": [
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 800, "id": "k1"},
    {"op": "kernel", "stream": "s2", "kind": "spin", "duration_us": 600, "id": "k2"},
    {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 300, "id": "k3"},
    {"op": "cpu_sync", "id": "cpu"},
    {"op": "stream_sync", "stream": "s2", "id": "sync"},
    {"op": "host_work", "duration_us": 400, "id": "late"},
    {"op": "device_sync", "id": "end"}],
  "callouts": [
    {"at": "k1", "on": "call", "text": {"en": "first launch returns at once"}},
    {"at": "k2", "on": "call", "text": {"en": "second launch, also at once", "ja": "二つ目"}},
    {"at": "k3", "on": "call", "text": {"en": "third launch, a longer text that has to wrap onto a second line in its box"}},
    {"at": "cpu", "text": {"en": "cpu.synchronize: nothing"}},
    {"at": "k1", "text": {"en": "the first kernel runs on"}},
    {"at": "late", "text": {"en": "late host work"}}],
  "focus": {"from": "k1", "to": "cpu", "on": "call"}})";

std::shared_ptr<const Trace> runTrace(const char* json = kScenario) {
    const ScenarioParseResult parsed = ScenarioReader::parse(json);
    if (!parsed.ok())
        qFatal("%s", parsed.errorText().c_str());
    EngineObserver observer;
    CancelToken cancel;
    RunResult run = makeSimEngine()->run(*parsed.scenario, observer, cancel);
    return std::make_shared<const Trace>(std::move(run.trace));
}
QString noOverlap(const std::vector<CalloutLayer::Placed>& placed) {
    for (std::size_t i = 0; i < placed.size(); ++i)
        for (std::size_t j = i + 1; j < placed.size(); ++j)
            if (placed[i].box.intersects(placed[j].box))
                return QStringLiteral("'%1' and '%2' overlap").arg(placed[i].text, placed[j].text);
    return {};
}

bool crosses(const QPointF& a, const QPointF& b, const QRectF& r) {
    // Sampled: a leader that passes through a box has a sample inside it.
    for (int k = 1; k < 64; ++k) {
        const QPointF p = a + (b - a) * (k / 64.0);
        if (r.adjusted(1, 1, -1, -1).contains(p))
            return true;
    }
    return false;
}

}  // namespace

class TestTimelineCallouts : public QObject {
    Q_OBJECT
private slots:
    void placerNeverOverlaps_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<QSizeF>("area");
        QTest::newRow("a few at one point") << 4 << QSizeF(900, 500);
        QTest::newRow("many at nearby points") << 24 << QSizeF(1200, 600);
        QTest::newRow("more than fit: stacked") << 40 << QSizeF(300, 200);
    }
    void placerNeverOverlaps() {
        QFETCH(int, count);
        QFETCH(QSizeF, area);
        const QRectF rect(QPointF(40, 20), area);
        CalloutPlacer placer(rect);
        // Bars along two lanes where the anchors are.
        placer.addObstacles(rect.top() + 40, rect.top() + 60, {{rect.left(), rect.right()}});
        placer.addObstacles(rect.top() + 90, rect.top() + 110, {{rect.left() + 50, 300}});
        std::vector<CalloutPlacer::Request> requests;
        for (int i = 0; i < count; ++i)
            requests.push_back(
                {QPointF(rect.left() + 100 + (i % 5) * 3, rect.top() + 50 + (i % 2) * 50),
                 QSizeF(140 + (i % 3) * 40, 22 + (i % 2) * 18), 0.0, QRectF()});
        const std::vector<QRectF> boxes = placer.place(requests);
        QCOMPARE(boxes.size(), requests.size());
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            QCOMPARE(boxes[i].size(), requests[i].size);
            QVERIFY2(!boxes[i].contains(requests[i].anchor), "a box hides its own anchor");
            for (std::size_t j = i + 1; j < boxes.size(); ++j)
                QVERIFY2(!boxes[i].intersects(boxes[j]),
                         qPrintable(QStringLiteral("boxes %1 and %2 overlap").arg(i).arg(j)));
        }
        // Whatever fits stays in the area and its leader crosses no other box.
        if (count <= 4) {
            for (std::size_t i = 0; i < boxes.size(); ++i) {
                QVERIFY(rect.contains(boxes[i]));
                const QPointF start = CalloutPlacer::leaderStart(boxes[i], requests[i]);
                const QPointF end = CalloutPlacer::leaderEnd(boxes[i], start);
                for (std::size_t j = 0; j < boxes.size(); ++j)
                    QVERIFY2(j == i || !crosses(start, end, boxes[j]),
                             "a leader line runs through another box");
            }
        }
    }

    void placerPrefersFreeSpace() {
        // One lane full of bars right above the anchor, free space below: the box goes below.
        const QRectF rect(0, 0, 800, 400);
        CalloutPlacer placer(rect);
        placer.addObstacles(100, 180, {{0, 800}});
        const auto boxes = placer.place({{QPointF(300, 190), QSizeF(150, 30), 0.0, QRectF()}});
        QVERIFY2(boxes[0].top() > 190, "the box covers bars although there was room");
    }

    void placerKeepsLabelsClear() {
        // A label drawn right where the box would go (below the anchor, to its right): the box
        // goes elsewhere and its leader does not cross the label.
        const QRectF rect(0, 0, 800, 400);
        CalloutPlacer placer(rect);
        const QRectF label(300, 150, 260, 60);
        placer.keepClear(label);
        const CalloutPlacer::Request request{QPointF(300, 120), QSizeF(150, 30), 10, QRectF()};
        const auto boxes = placer.place({request});
        QVERIFY(!boxes[0].intersects(label));
        const QPointF start = CalloutPlacer::leaderStart(boxes[0], request);
        QVERIFY(!crosses(start, CalloutPlacer::leaderEnd(boxes[0], start), label));
    }

    // In a replay a callout appears once its event has begun, and not before.
    void aReplayShowsTheCalloutsOfWhatHasBegun() {
        TimelineView view;
        view.resize(1400, 700);
        const auto trace = runTrace();
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        const std::size_t all = view.callouts()->layout().size();
        QVERIFY(all >= 2);
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = 0;
        for (const TraceEvent& e : trace->events) {
            first = std::min(first, e.start_ns);
            last = std::max(last, e.end_ns);
        }
        view.callouts()->setNow(first - 1);
        QCOMPARE(view.callouts()->layout().size(), std::size_t{0});
        view.callouts()->setNow(last);
        QCOMPARE(view.callouts()->layout().size(), all);
        view.callouts()->setNow(std::nullopt);
        QCOMPARE(view.callouts()->layout().size(), all);
    }

    void layerPlacesEveryVisibleCalloutApart() {
        TimelineView view;
        view.resize(1400, 700);
        view.setTrace(runTrace());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        QCOMPARE(view.callouts()->calloutCount(), std::size_t{6});
        QVERIFY(view.showCallouts());
        const QRectF area = view.plot()->axisRect()->rect();
        for (const TimeNs span : {TimeNs{0}, TimeNs{40'000}, TimeNs{4'000}}) {
            if (span > 0)
                view.zoomToRange(0, span);
            settle(view);
            const auto placed = view.callouts()->layout();
            QVERIFY(!placed.empty());
            const QString overlap = noOverlap(placed);
            QVERIFY2(overlap.isEmpty(), qPrintable(overlap));
            for (const auto& p : placed) {
                QVERIFY2(area.contains(p.box), qPrintable(p.text + QStringLiteral(" is cut off")));
                QVERIFY(area.contains(p.anchor));
                for (const auto& q : placed)
                    QVERIFY2(&p == &q || !crosses(p.anchor,
                                                  CalloutPlacer::leaderEnd(p.box, p.anchor), q.box),
                             qPrintable(p.text + QStringLiteral(": leader crosses ") + q.text));
            }
            maybeSave(view.grab().toImage(), QStringLiteral("callouts-%1.png").arg(span));
        }
    }

    void boxesKeepTheirSizeAtEveryZoom() {
        TimelineView view;
        view.resize(1400, 700);
        view.setTrace(runTrace());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        auto sizeOf = [&](const QString& text) {
            for (const auto& p : view.callouts()->layout())
                if (p.text == text)
                    return p.box.size();
            return QSizeF();
        };
        const QString late = QStringLiteral("late host work");
        const QSizeF whole = sizeOf(late);
        QVERIFY(whole.isValid());
        const auto& trace = *view.trace();
        TimeNs late_start = 0;
        for (const auto& e : trace.events)
            if (e.kind == EventKind::HostWork)
                late_start = e.start_ns;
        view.zoomToRange(late_start, late_start + 2'000);
        settle(view);
        QCOMPARE(sizeOf(late), whole);
    }

    void calloutsOutsideTheViewAreNotDrawn() {
        TimelineView view;
        view.resize(1400, 700);
        view.setTrace(runTrace());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        const std::size_t all = view.callouts()->layout().size();
        QCOMPARE(all, std::size_t{6});
        // Past the launches and the first kernel: only the late host work is left in view.
        TimeNs late_end = 0, k1_end = 0;
        for (const auto& e : view.trace()->events) {
            if (e.kind == EventKind::HostWork)
                late_end = e.end_ns;
            if (e.kind == EventKind::Kernel && e.duration() == 800'000)
                k1_end = e.end_ns;
        }
        QVERIFY(late_end > k1_end + 10'000);
        view.zoomToRange(k1_end + 1'000, late_end - 1'000);
        settle(view);
        const auto placed = view.callouts()->layout();
        QCOMPARE(placed.size(), std::size_t{1});
        QCOMPARE(placed[0].text, QStringLiteral("late host work"));
        view.setShowCallouts(false);
        QVERIFY(!view.showCallouts());
        QVERIFY(!view.callouts()->visible());
    }

    void languageParameterPicksTheText() {
        TimelineView view;
        view.setTrace(runTrace());
        view.callouts()->setLanguage(Language::Ja);
        view.resize(1400, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        bool japanese = false, fallback = false;
        for (const auto& p : view.callouts()->layout()) {
            japanese |= p.text == QStringLiteral("二つ目");
            fallback |= p.text == QStringLiteral("late host work");
        }
        QVERIFY(japanese);
        QVERIFY2(fallback, "a callout without Japanese shows its English text");
    }

    void focusSetsTheView() {
        TimelineView view;
        view.resize(1400, 700);
        const auto trace = runTrace();
        view.setTrace(trace);
        const auto window = FocusResolver::resolve(*trace);
        QVERIFY(window.has_value());
        QVERIFY(view.zoomToFocus());
        const auto [lo, hi] = view.visibleRange();
        QCOMPARE(lo, static_cast<double>(window->first));
        QCOMPARE(hi, static_cast<double>(window->second));
        QVERIFY2(hi < static_cast<double>(view.model()->endNs()) / 2,
                 "the focus is a small part of the run");
        // Without a focus the view stays where it was.
        TimelineView plain;
        plain.setTrace(makeDemoTrace(3));
        const auto before = plain.visibleRange();
        QVERIFY(!plain.zoomToFocus());
        QCOMPARE(plain.visibleRange(), before);
    }

    void exportShowsTheCallouts() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto trace = runTrace();
        for (const bool on : {true, false}) {
            ExportOptions options;
            options.path = dir.filePath(on ? QStringLiteral("on.svg") : QStringLiteral("off.svg"));
            options.callouts = on;
            QString error;
            QVERIFY2(exportTraceImage(trace, options, &error), qPrintable(error));
            QFile file(options.path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray svg = file.readAll();
            QCOMPARE(svg.contains("cpu.synchronize: nothing"), on);
            QCOMPARE(svg.contains("late host work"), on);
        }
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineCallouts)
#include "tst_timeline_callouts.moc"
