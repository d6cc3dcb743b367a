#include <QDir>
#include <QDockWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/analysis/collective_matcher.h"
#include "tests/support/real_traces.h"
#include "tests/ui/timeline_settle.h"
#include "tests/ui/window_test_utils.h"
#include "ui/files/document_loader.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/rank_table.h"

using namespace syncscope;

// The per-rank traces of one DLRM step opened together: one timeline with a lane group per rank,
// a Ranks table, and an NCCL kernel's details saying which rank the others waited for.
class TstWindowRanks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateWindowTest(); }

    void severalFilesOpenAsRankGroups() {
        const QStringList files = test::dlrmRankFiles();
        if (files.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        MainWindow window;
        window.setInteractive(false);
        window.resize(1400, 850);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::documentOpened);
        QVERIFY(window.openPaths(files));
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 60000);
        const auto trace = window.currentTrace();
        QVERIFY(trace);

        // One lane group per rank, each holding that rank's lanes only.
        TimelineView* view = window.timeline();
        const auto& groups = view->laneLayout().groups();
        QCOMPARE(static_cast<int>(groups.size()), 7);
        for (int g = 0; g < 7; ++g) {
            QCOMPARE(groups[static_cast<std::size_t>(g)].name,
                     QStringLiteral("rank %1").arg(g + 1));
            for (const auto lane : groups[static_cast<std::size_t>(g)].lanes)
                QCOMPARE(trace->lanes[lane].rank, static_cast<std::uint32_t>(g + 1));
        }
        // The profiler's own bookkeeping lanes stay hidden, rank prefix or not.
        int bookkeeping = 0;
        for (std::uint16_t l = 0; l < trace->lanes.size(); ++l)
            if (trace->lanes[l].name.find("Spans/") != std::string::npos) {
                QVERIFY(view->laneLayout().isHidden(l));
                ++bookkeeping;
            }
        QCOMPARE(bookkeeping, 7);
        QVERIFY(window.rankDock() && window.rankDock()->isVisible());
        QCOMPARE(window.rankTable()->rowCount(), 7);

        // Every rank opens as one row, so all seven are on screen; expanding shows their lanes,
        // and collapsing every group gives the seven rows back.
        QCOMPARE(static_cast<int>(view->laneLayout().rows().size()), 7);
        for (int g = 0; g < 7; ++g)
            QVERIFY(view->laneLayout().isCollapsed(g));
        view->setAllGroupsCollapsed(false);
        QVERIFY(view->laneLayout().rows().size() > 7);
        view->setAllGroupsCollapsed(true);
        QCOMPARE(static_cast<int>(view->laneLayout().rows().size()), 7);

        // The whole step's flows (about 1,900) are too many to follow: with flows on, none but
        // the selection's are drawn until the view holds few enough.
        view->setShowFlows(true);
        view->zoomToFit();
        testing::settle(*view);
        QVERIFY(trace->flows.size() > FlowLayer::kDefaultMaxVisible);
        QCOMPARE(view->flows()->lastDrawnCount(), std::size_t(0));

        // Rank 1's kernel of the last AllReduce: rank 4 arrived last.
        const auto collectives = CollectiveMatcher::match(*trace);
        const Collective* last_allreduce = nullptr;
        for (const Collective& c : collectives)
            if (c.kind == "AllReduce" && c.ordinal == 3)
                last_allreduce = &c;
        QVERIFY(last_allreduce);
        const std::uint32_t kernel = last_allreduce->arrivals.front().event;
        QCOMPARE(last_allreduce->arrivals.front().rank, 1u);

        // In a collapsed rank row the GPU's streams lie on top of the ProfilerStep annotation that
        // spans the whole step: a click on the kernel picks the kernel, not the annotation.
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCoreApplication::processEvents();
        if (const auto collapsed_centre = view->eventCenter(kernel)) {
            QTest::mouseClick(view->plot(), Qt::LeftButton, Qt::NoModifier,
                              view->plot()->mapFrom(view, collapsed_centre->toPoint()));
            QVERIFY(view->selectedEvent());
            const LaneKind picked = trace->lanes[trace->events[*view->selectedEvent()].lane].kind;
            QVERIFY2(picked == LaneKind::Stream,
                     qPrintable(QString::fromUtf8(
                         trace->nameOf(trace->events[*view->selectedEvent()]).data(),
                         qsizetype(trace->nameOf(trace->events[*view->selectedEvent()]).size()))));
        } else {
            QFAIL("rank 1's NCCL kernel has no place in its collapsed row");
        }
        view->setAllGroupsCollapsed(false);
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCoreApplication::processEvents();
        const auto centre = view->eventCenter(kernel);
        QVERIFY2(centre, "rank 1's NCCL kernel is not on screen");
        QTest::mouseClick(view->plot(), Qt::LeftButton, Qt::NoModifier,
                          view->plot()->mapFrom(view, centre->toPoint()));
        QCOMPARE(view->selectedEvent(), std::optional<std::uint32_t>(kernel));
        const QString details = window.detailsPlainText();
        QVERIFY2(details.contains(
                     QStringLiteral("AllReduce #3: rank 4 arrived last; ranks 1–3,5–7 waited")),
                 qPrintable(details));
        // The late rank's kernel is linked to this one by a flow, drawn for the selection.
        bool linked = false;
        for (const Flow& f : trace->flows)
            linked = linked || (f.from == last_allreduce->lastArrival().event && f.to == kernel);
        QVERIFY(linked);
    }

    void aBadFileIsNamed() {
        const QStringList files = test::dlrmRankFiles();
        if (files.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        // The same file twice is refused before either is read (issue 40.9), naming both.
        const LoadedDocument twice = DocumentLoader::loadRanks({files[0], files[1], files[0]});
        QVERIFY(!twice.ok());
        QVERIFY2(twice.error.contains(files[0] + QStringLiteral(": is the same file as ") +
                                      files[0] + QStringLiteral(" (given twice)")),
                 qPrintable(twice.error));
        // A copy of a rank's file is another file with the same rank.
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("copy.pt.trace.json.gz"));
        QVERIFY(QFile::copy(files[0], copy));
        const LoadedDocument again = DocumentLoader::loadRanks({files[0], files[1], copy});
        QVERIFY(!again.ok());
        QVERIFY2(again.error.contains(QStringLiteral("rank 1 again")), qPrintable(again.error));
        QVERIFY2(again.error.contains(files[0]), qPrintable(again.error));
    }
};

QTEST_MAIN(TstWindowRanks)
#include "tst_window_ranks.moc"
