// Search on the timeline: EventSearch's matching and stepping without a window, then the find bar
// driven by keys (Ctrl+F, typing, Enter/F3, Shift+Enter/Shift+F3, Esc) and the highlights it
// leaves on the lanes, on a trace built by hand and on a real one.

#include <qcustomplot.h>

#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"
#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/event_search.h"
#include "ui/timeline/search_bar.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {
int count(const std::shared_ptr<const Trace>& t, const std::string& name) {
    int n = 0;
    for (const auto& e : t->events)
        n += t->nameOf(e) == name;
    return n;
}

// Pixels of exactly `colour` in the view's picture inside `rect` (widget coordinates).
int pixelsOf(TimelineView& view, const QColor& colour, const QRect& rect) {
    const QImage image = view.grab().toImage();
    int n = 0;
    for (int y = std::max(0, rect.top()); y <= std::min(image.height() - 1, rect.bottom()); ++y)
        for (int x = std::max(0, rect.left()); x <= std::min(image.width() - 1, rect.right()); ++x)
            n += (image.pixel(x, y) & 0xFFFFFF) == (colour.rgb() & 0xFFFFFF);
    return n;
}

}  // namespace

class TestTimelineSearch : public QObject {
    Q_OBJECT
private slots:
    // --- EventSearch, no window
    void substringIsCaseInsensitive() {
        std::shared_ptr<const Trace> t = makeDemoTrace(6);
        EventSearch s;
        s.setTrace(t);
        QVERIFY(s.setQuery(QStringLiteral("STREAMSYNC"), false));
        QCOMPARE(s.count(), count(t, "cudaStreamSynchronize"));
        QVERIFY(s.count() > 1);
        QCOMPARE(s.statusText(), QStringLiteral("– / %1").arg(s.count()));
        // In time order.
        const auto& m = *s.matches();
        for (std::size_t i = 1; i < m.size(); ++i)
            QVERIFY(t->events[m[i - 1]].start_ns <= t->events[m[i]].start_ns);
        QVERIFY(s.setQuery(QStringLiteral("no such name"), false));
        QCOMPARE(s.count(), 0);
        QCOMPARE(s.statusText(), QStringLiteral("no matches"));
        QCOMPARE(s.next(), std::nullopt);
    }

    void regexAndItsErrors() {
        std::shared_ptr<const Trace> t = makeDemoTrace(6);
        EventSearch s;
        s.setTrace(t);
        QVERIFY(s.setQuery(QStringLiteral("^cuda(Launch|Memcpy)"), true));
        int expected = 0;
        for (const auto& e : t->events) {
            const auto n = t->nameOf(e);
            expected += n.rfind("cudaLaunch", 0) == 0 || n.rfind("cudaMemcpy", 0) == 0;
        }
        QVERIFY(expected > 0);
        QCOMPARE(s.count(), expected);
        // The same text as a plain substring matches nothing.
        QVERIFY(s.setQuery(QStringLiteral("^cuda(Launch|Memcpy)"), false));
        QCOMPARE(s.count(), 0);
        QVERIFY(!s.setQuery(QStringLiteral("gemm("), true));
        QCOMPARE(s.count(), 0);
        QVERIFY2(s.error().contains(QStringLiteral("regular expression")), qPrintable(s.error()));
        QVERIFY(s.error().contains(QStringLiteral("character")));
        QCOMPARE(s.statusText(), s.error());
    }

    void stepsWrapAround() {
        std::shared_ptr<const Trace> t = makeDemoTrace(3);
        EventSearch s;
        s.setTrace(t);
        s.setQuery(QStringLiteral("cudaStreamSynchronize"), false);
        const int n = s.count();
        QCOMPARE(n, count(t, "cudaStreamSynchronize"));  // each call and its wait
        QVERIFY(n >= 3);
        const auto first = s.next();
        QCOMPARE(s.current(), 0);
        QCOMPARE(s.statusText(), QStringLiteral("1 / %1").arg(n));
        for (int i = 1; i < n; ++i)
            s.next();
        QCOMPARE(s.statusText(), QStringLiteral("%1 / %1").arg(n));
        QCOMPARE(s.next(), first);  // wraps
        QCOMPARE(s.previous(), s.matches()->back());
        QCOMPARE(s.statusText(), QStringLiteral("%1 / %1").arg(n));
        // Lanes not searched (hidden ones) hold no matches.
        std::vector<bool> none(t->lanes.size(), false);
        s.setSearchableLanes(none);
        QCOMPARE(s.count(), 0);
    }

    // --- the find bar on the timeline
    void findBarCountsStepsAndHighlights() {
        DemoIds ids;
        std::shared_ptr<const Trace> t = makeDemoTrace(6, &ids);
        TimelineView view;
        view.resize(1200, 600);
        view.setTrace(t);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        settle(view);
        QVERIFY(!view.searchBar()->isVisible());

        QTest::keyClick(view.plot(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(view.searchBar()->isVisible());
        QLineEdit* field = view.searchBar()->field();
        QVERIFY(field->hasFocus());
        QTest::keyClicks(field, QStringLiteral("gemm"));
        const int n = count(t, "gemm_kernel");
        QVERIFY(n >= 6);
        QCOMPARE(view.search().count(), n);
        QCOMPARE(view.searchBar()->status(), QStringLiteral("– / %1").arg(n));

        // Highlights: the match colour around a gemm bar, none before the search.
        settle(view);
        const auto centre = view.eventCenter(ids.firstKernelS0);
        QVERIFY(centre);
        const QRect around(centre->toPoint() - QPoint(60, 40), QSize(120, 80));
        const QColor match = view.theme().searchMatch;
        QVERIFY(pixelsOf(view, match, around) > 20);

        QSignalSpy selected(&view, &TimelineView::eventSelected);
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(view.searchBar()->status(), QStringLiteral("1 / %1").arg(n));
        settle(view);
        maybeSave(view.grab().toImage(), QStringLiteral("search.png"));
        QCOMPARE(view.selectedEvent(), view.search().currentEvent());
        QCOMPARE(selected.count(), 1);
        const auto first = *view.selectedEvent();
        QTest::keyClick(field, Qt::Key_F3);
        QCOMPARE(view.searchBar()->status(), QStringLiteral("2 / %1").arg(n));
        // The current match is centred in time, unless centring it would show time before the
        // trace began: then the view starts at the trace's start, the match in it.
        const auto& e = t->events[*view.selectedEvent()];
        const auto [lo, hi] = view.visibleRange();
        const double mid = (static_cast<double>(e.start_ns) + static_cast<double>(e.end_ns)) / 2;
        const bool centred = std::abs((lo + hi) / 2 - mid) < (hi - lo) * 0.01;
        const bool heldAtStart = std::abs(lo - double(view.model()->beginNs())) < 1.0 &&
                                 double(e.start_ns) >= lo && double(e.end_ns) <= hi;
        QVERIFY2(centred || heldAtStart, qPrintable(QStringLiteral("%1..%2").arg(lo).arg(hi)));
        QVERIFY(lo >= double(view.model()->beginNs()));
        QTest::keyClick(field, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(view.selectedEvent(), std::optional<std::uint32_t>(first));
        QTest::keyClick(field, Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(view.searchBar()->status(), QStringLiteral("%1 / %1").arg(n));

        // Regex toggle.
        field->setText(QStringLiteral("^(gemm|reduce)_kernel$"));
        QCOMPARE(view.search().count(), 0);
        view.searchBar()->setRegex(true);
        QCOMPARE(view.search().count(), n + count(t, "reduce_kernel"));
        field->setText(QStringLiteral("(("));
        QVERIFY(view.searchBar()->status().contains(QStringLiteral("regular expression")));

        // Esc closes the bar and takes the highlights away.
        field->setText(QStringLiteral("gemm"));
        view.searchBar()->setRegex(false);
        QTest::keyClick(field, Qt::Key_Escape);
        QVERIFY(!view.searchBar()->isVisible());
        view.zoomToFit();
        settle(view);
        const auto c2 = view.eventCenter(ids.firstKernelS0);
        QCOMPARE(pixelsOf(view, match, QRect(c2->toPoint() - QPoint(60, 40), QSize(120, 80))), 0);
        // ... and they stay away when the lanes change under the closed bar.
        view.hideLane(1);
        settle(view);
        const auto c3 = view.eventCenter(ids.firstKernelS0);
        QCOMPARE(pixelsOf(view, match, QRect(c3->toPoint() - QPoint(60, 40), QSize(120, 80))), 0);
    }

    void findOnAScrolledLaneScrollsIt() {
        // A match on a lane below the fold scrolls it into view.
        auto t = std::make_shared<Trace>();
        t->addLane(
            {LaneKind::HostThread, "host thread 1", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
        for (int s = 0; s < 64; ++s) {
            const auto lane = t->addLane({LaneKind::Stream, "stream " + std::to_string(s),
                                          static_cast<std::uint32_t>(s), StreamKind::NonBlocking, 0,
                                          kNoLane, kNone});
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.lane = lane;
            e.start_ns = 1000 * s;
            e.end_ns = 1000 * s + 20'000;
            e.name = t->strings.intern(s == 60 ? "needle" : "hay");
            t->addEvent(e);
        }
        TimelineView view;
        view.resize(1000, 500);
        view.setTrace(t);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        settle(view);
        view.openSearch();
        view.searchBar()->field()->setText(QStringLiteral("needle"));
        QCOMPARE(view.search().count(), 1);
        view.findNext();
        settle(view);
        QCOMPARE(view.selectedEvent(), std::optional<std::uint32_t>(60));
        QVERIFY(view.scrollPx() > 0);
        const auto c = view.eventCenter(60);
        QVERIFY(c);
        QVERIFY(
            view.plot()->axisRect()->rect().contains(view.plot()->mapFrom(&view, c->toPoint())));
    }

    void searchARealTrace() {
        const QString path = QDir(syncscope::test::realTracesDir())
                                 .filePath(QStringLiteral(
                                     "AMD-AGI__TraceLens__gaunernst_bert-small-uncased__1016001."
                                     "json.gz"));
        if (!QFileInfo::exists(path))
            SYNCSCOPE_MISSING_REAL_TRACES("the TraceLens BERT trace");
        ImportResult imported = importTrace(path.toStdString());
        QVERIFY2(imported.ok(), imported.error.c_str());
        std::shared_ptr<const Trace> t = std::make_shared<const Trace>(std::move(*imported.trace));
        EventSearch s;
        s.setTrace(t);
        auto calls = [&] {
            int n = 0;
            for (const auto i : *s.matches())
                n += t->events[i].kind == EventKind::ApiCall;
            return n;
        };
        s.setQuery(QStringLiteral("cudadevicesync"), false);
        QCOMPARE(s.count(), count(t, "cudaDeviceSynchronize"));  // the calls and their waits
        QCOMPARE(calls(), 2);  // SOURCES.md: cudaDeviceSynchronize 2
        s.setQuery(QStringLiteral("^cuda(Device|Stream)Synchronize$"), true);
        QCOMPARE(calls(), 3);  // and cudaStreamSynchronize 1
        QCOMPARE(s.count(), count(t, "cudaDeviceSynchronize") + count(t, "cudaStreamSynchronize"));
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineSearch)
#include "tst_timeline_search.moc"
