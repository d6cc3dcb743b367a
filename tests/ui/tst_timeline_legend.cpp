// The legend lists what is on screen: the shared entry function and the window's strip.
#include <qcustomplot.h>

#include <QTest>
#include <algorithm>

#include "tests/ui/timeline_settle.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/legend_strip.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

constexpr TimeNs us = 1000;

// A launch, a kernel the host spins on, a second kernel alone on the GPU, then a copy.
std::shared_ptr<Trace> legendTrace() {
    auto t = std::make_shared<Trace>();
    t->addLane(
        {LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0, kNoLane, 1});
    t->addLane({LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, 1});
    t->addLane({LaneKind::Stream, "stream 0", 0, StreamKind::NonBlocking, 0, kNoLane, kNone});
    auto add = [&](EventKind kind, std::uint16_t lane, TimeNs a, TimeNs b, std::uint8_t flags) {
        TraceEvent e;
        e.kind = kind;
        e.lane = lane;
        e.start_ns = a;
        e.end_ns = b;
        e.flags = flags;
        e.name = t->strings.intern("e");
        return t->addEvent(e);
    };
    const auto launch = add(EventKind::ApiCall, 0, 0, 5 * us, 0);
    const auto k0 = add(EventKind::Kernel, 2, 10 * us, 400 * us, 0);
    t->flows.push_back({launch, k0, FlowKind::Launch});
    const auto wait = add(EventKind::HostWait, 1, 20 * us, 400 * us, event_flags::kSpinning);
    t->flows.push_back({wait, k0, FlowKind::Awaited});
    add(EventKind::Kernel, 2, 500 * us, 900 * us, 0);
    add(EventKind::Memcpy, 2, 1000 * us, 1100 * us, 0);
    return t;
}

QStringList labels(const std::vector<LegendEntry>& entries) {
    QStringList out;
    for (const auto& e : entries)
        out << e.label;
    return out;
}
}  // namespace

class TestTimelineLegend : public QObject {
    Q_OBJECT
private slots:
    void init() {
        view_ = std::make_unique<TimelineView>();
        view_->resize(1200, 600);
        view_->setShowFlows(false);
        view_->setTrace(legendTrace());
        view_->show();
        QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
        settle(*view_);
    }
    void cleanup() { view_.reset(); }

    void wholeRunListsEveryStyle() {
        QCOMPARE(labels(view_->legendEntries()),
                 (QStringList{"API call", "host wait, spinning", "kernel", "copy", "GPU idle"}));
    }

    void zoomIntoKernelsOnlyListsKernels() {
        view_->zoomToRange(550 * us, 850 * us);
        QCOMPARE(labels(view_->legendEntries()), QStringList{"kernel"});
        // The strip on screen follows the zoom.
        QCOMPARE(labels(view_->legendStrip()->entries()), QStringList{"kernel"});
        view_->zoomToRange(950 * us, 1090 * us);
        QCOMPARE(labels(view_->legendStrip()->entries()), (QStringList{"copy", "GPU idle"}));
        view_->zoomToFit();
        QVERIFY(labels(view_->legendStrip()->entries()).contains("host wait, spinning"));
    }

    void panKeepsTheStripCurrent() {
        view_->zoomToRange(550 * us, 850 * us);
        settle(*view_);
        // Pan left by the width of the plot: the host wait and the launch come into view.
        QTest::keyClick(view_->plot(), Qt::Key_Left);
        for (int i = 0; i < 20; ++i)
            QTest::keyClick(view_->plot(), Qt::Key_Left);
        QVERIFY2(view_->visibleRange().first < 400.0 * us,
                 qPrintable(QString::number(view_->visibleRange().first)));
        QVERIFY(labels(view_->legendStrip()->entries()).contains("host wait, spinning"));
    }

    void flowsAreListedOnlyWhenDrawn() {
        QVERIFY(!labels(view_->legendEntries()).contains("launch"));
        view_->setShowFlows(true);
        const QStringList withFlows = labels(view_->legendStrip()->entries());
        QVERIFY2(withFlows.contains("launch") && withFlows.contains("waited for"),
                 qPrintable(withFlows.join(", ")));
        view_->zoomToRange(550 * us, 850 * us);  // no flow here
        QCOMPARE(labels(view_->legendEntries()), QStringList{"kernel"});
    }

    void batchColoursChangeTheKernelEntry() {
        view_->setColorByBatch(true);
        QVERIFY(labels(view_->legendStrip()->entries()).contains("kernel (colour = batch)"));
    }

    // An imported wait does not say how the thread waited: "host wait", never "spinning".
    void aWaitOfUnknownMannerIsJustAWait() {
        auto t = legendTrace();
        for (TraceEvent& e : t->events)
            if (e.kind == EventKind::HostWait)
                e.flags = 0;
        view_->setTrace(t);
        const QStringList shown = labels(view_->legendEntries());
        QVERIFY2(shown.contains("host wait"), qPrintable(shown.join(", ")));
        QVERIFY(!shown.contains("host wait, spinning"));
    }

    void newTraceReplacesTheEntries() {
        view_->setTrace(makeRegularTrace(50, 10 * us, 20 * us));
        QCOMPARE(labels(view_->legendStrip()->entries()), (QStringList{"kernel", "GPU idle"}));
    }

    void stripTakesRoomOnlyWhenShown() {
        settle(*view_);
        QVERIFY(view_->legendStrip()->isVisible());
        const int withStrip = view_->plot()->height();
        QVERIFY(view_->legendStrip()->height() > 0);
        view_->setLegendVisible(false);
        settle(*view_);
        QVERIFY(!view_->legendStrip()->isVisible());
        QVERIFY(view_->plot()->height() > withStrip);
        view_->setLegendVisible(true);
        QVERIFY(view_->legendStrip()->isVisible());
    }

    void stripWrapsWhenNarrow() {
        const auto& entries = view_->legendStrip()->entries();
        const Theme& t = view_->theme();
        const int wide = LegendStrip::heightFor(entries, t, 2000);
        const int narrow = LegendStrip::heightFor(entries, t, 200);
        QVERIFY2(narrow >= 2 * wide - 8,
                 qPrintable(QStringLiteral("%1 vs %2").arg(narrow).arg(wide)));
        QCOMPARE(LegendStrip::heightFor({}, t, 2000), 0);
    }

    void hiddenRowsAreNotListed() {
        const TimelineModel model(legendTrace());
        LegendScope scope;
        scope.t0 = 0;
        scope.t1 = 1200 * us;
        scope.first_row = 2;  // the stream only
        scope.last_row = 3;
        const QStringList l = labels(legendEntries(model, Theme::light(), scope));
        QCOMPARE(l, (QStringList{"kernel", "copy", "GPU idle"}));
    }

private:
    std::unique_ptr<TimelineView> view_;
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineLegend)
#include "tst_timeline_legend.moc"
