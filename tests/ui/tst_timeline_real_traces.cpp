// The timeline and the export on traces recorded by others (PyTorch/Kineto, HTA, Nsight Systems):
// lanes an importer made, no `awaited` links, thousands of events. Files come from
// SYNCSCOPE_TRACES_DIR or ../shared/data/traces beside the source tree; absent -> skipped.

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"
#include "tst_timeline_fixtures.h"
#include "ui/export/image_exporter.h"
#include "ui/timeline/lane_plottable.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

QString tracesDir() {
    return syncscope::test::realTracesDir();
}

}  // namespace

class TestTimelineRealTraces : public QObject {
    Q_OBJECT
private slots:
    void showsAndExports_data() {
        QTest::addColumn<QString>("path");
        const QDir dir(tracesDir());
        const QStringList files = dir.entryList(
            {QStringLiteral("*.json"), QStringLiteral("*.json.gz"), QStringLiteral("*.sqlite")},
            QDir::Files, QDir::Name);
        if (files.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES("no recorded traces");
        for (const auto& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }
    void showsAndExports() {
        QFETCH(QString, path);
        ImportResult imported = importTrace(path.toStdString());
        if (!imported.ok())
            QSKIP(qPrintable(QStringLiteral("the importer does not read it: ") +
                             QString::fromStdString(imported.error)));
        auto trace = std::make_shared<const Trace>(std::move(*imported.trace));
        QVERIFY(!trace->events.empty());

        TimelineView view;
        view.resize(1400, 800);
        view.setTrace(trace);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        // Every lane gets its row but the recorder's bookkeeping lanes, hidden at first.
        QCOMPARE(view.model()->rowCount(),
                 static_cast<int>(trace->lanes.size()) - view.laneLayout().hiddenCount());
        QVERIFY(view.lanes()->lastItemCount() > 0);

        // The longest event on screen is under the cursor at its centre (or a nested one on its
        // lane).
        std::optional<std::uint32_t> found;
        for (std::uint32_t i = 0; i < trace->events.size(); ++i)
            if (view.model()->rowOfLane(trace->events[i].lane) >= 0 &&
                (!found || trace->events[i].duration() > trace->events[*found].duration()))
                found = i;
        QVERIFY(found.has_value());
        const std::uint32_t longest = *found;
        const auto centre = view.eventCenter(longest);
        QVERIFY(centre.has_value());
        const auto hit = view.eventAt(centre->toPoint());
        QVERIFY(hit.has_value());
        QCOMPARE(trace->events[*hit].lane, trace->events[longest].lane);
        QVERIFY(!view.detailsText(*hit).isEmpty());

        QTemporaryDir dir;
        ExportOptions o;
        o.path = dir.filePath(QStringLiteral("real.png"));
        o.size = QSize(1600, 900);
        QString error;
        QVERIFY2(ImageExporter(view).exportTo(o, &error), qPrintable(error));
        const QImage image(o.path);
        QCOMPARE(image.size(), QSize(1600, 900));
        // Not an empty picture: many pixels differ from the background.
        int painted = 0;
        const QRgb bg = view.theme().background.rgb();
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                painted += (image.pixel(x, y) & 0xFFFFFF) != (bg & 0xFFFFFF);
        QVERIFY2(painted > 5000, qPrintable(QString::number(painted)));
        maybeSave(image, QFileInfo(path).fileName() + QStringLiteral(".png"));
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineRealTraces)
#include "tst_timeline_real_traces.moc"
