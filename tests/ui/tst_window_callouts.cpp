// The window after a run of a scenario with a focus and callouts: the first view is the focus
// window, callouts are on, and View → Callouts turns them off and on.
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

#include "core/analysis/focus_resolver.h"
#include "tests/ui/window_test_utils.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

QAction* viewAction(MainWindow& window, const QString& text) {
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == text)
                    return a;
    return nullptr;
}

}  // namespace

class TestWindowCallouts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        test::isolateWindowTest();
        QSettings().clear();
    }

    void runOpensOnTheFocusWithCallouts() {
        MainWindow window;
        QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-cpu-synchronize")));
        const auto trace = window.currentTrace();
        QVERIFY(trace && trace->scenario && trace->scenario->focus);
        const auto focus = FocusResolver::resolve(*trace);
        QVERIFY(focus.has_value());
        TimelineView* timeline = window.timeline();
        const auto [lo, hi] = timeline->visibleRange();
        QCOMPARE(lo, static_cast<double>(focus->first));
        QCOMPARE(hi, static_cast<double>(focus->second));

        QVERIFY(timeline->showCallouts());
        QTRY_VERIFY(!timeline->callouts()->layout().empty());  // laid out on the queued replot
        QAction* toggle = viewAction(window, QStringLiteral("&Callouts"));
        QVERIFY(toggle);
        QVERIFY(toggle->isChecked());
        QCOMPARE(toggle->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_K));
        toggle->trigger();
        QVERIFY(!timeline->showCallouts());
        toggle->trigger();
        QVERIFY(timeline->showCallouts());
    }
};

QTEST_MAIN(TestWindowCallouts)
#include "tst_window_callouts.moc"
