// RunPanel: the run controls. Run is offered only when there is something to run and nothing
// running, Cancel only while a run goes; the engine line says what the chosen engine will do.
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include "ui/run/run_panel.h"

using namespace syncscope;

class TestRunPanel : public QObject {
    Q_OBJECT
private slots:
    void buttonsFollowTheRun();
    void buttonsAskForRunAndCancel();
    void nothingToRunMeansNoRun();
    void engineLineSaysWhatWillRun_data();
    void engineLineSaysWhatWillRun();
    void progressSaysHowTheRunGoes();
};

void TestRunPanel::buttonsFollowTheRun() {
    RunPanel panel;
    QVERIFY(panel.canRun());
    QVERIFY(!panel.canCancel());
    panel.setRunning(true);
    QVERIFY(!panel.canRun());
    QVERIFY(panel.canCancel());
    panel.setFinished(QStringLiteral("cancelled"));
    QVERIFY(panel.canRun());
    QVERIFY(!panel.canCancel());
}

void TestRunPanel::buttonsAskForRunAndCancel() {
    RunPanel panel;
    QSignalSpy run(&panel, &RunPanel::runRequested);
    QSignalSpy cancel(&panel, &RunPanel::cancelRequested);
    auto* run_button = panel.findChild<QPushButton*>(QStringLiteral("runButton"));
    auto* cancel_button = panel.findChild<QPushButton*>(QStringLiteral("cancelButton"));
    QVERIFY(run_button && cancel_button);
    QTest::mouseClick(run_button, Qt::LeftButton);
    QCOMPARE(run.size(), 1);
    panel.setRunning(true);
    QTest::mouseClick(cancel_button, Qt::LeftButton);
    QCOMPARE(cancel.size(), 1);
    // A disabled Run does not ask.
    QTest::mouseClick(run_button, Qt::LeftButton);
    QCOMPARE(run.size(), 1);
}

void TestRunPanel::nothingToRunMeansNoRun() {
    RunPanel panel;
    panel.setRunnable(false);
    QVERIFY(!panel.canRun());
    // A run that ends while the table is broken does not turn Run back on.
    panel.setRunning(true);
    panel.setFinished(QStringLiteral("finished"));
    QVERIFY(!panel.canRun());
    panel.setRunnable(true);
    QVERIFY(panel.canRun());
}

void TestRunPanel::engineLineSaysWhatWillRun_data() {
    QTest::addColumn<QString>("engine");
    QTest::addColumn<bool>("available");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not known yet") << "auto" << false << ""
                                   << "Checking for a CUDA device";
    QTest::newRow("auto, CUDA here") << "auto" << true << "H200"
                                     << "CUDA device: H200";
    QTest::newRow("simulator, CUDA here") << "sim" << true << "H200"
                                          << "Simulator (CUDA device: H200)";
    QTest::newRow("auto, no CUDA") << "auto" << false << "no driver"
                                   << "Simulator (CUDA unavailable: no driver)";
    QTest::newRow("CUDA asked, none") << "cuda" << false << "no driver"
                                      << "CUDA unavailable:</b> no driver";
    // This machine's message: the panel keeps its first clause, so the Run button and progress
    // bar below stay in view; the tooltip has all of it.
    const QString driver = QStringLiteral(
        "no usable CUDA device: cudaGetDeviceCount failed: CUDA driver version is insufficient "
        "for CUDA runtime version (cudaErrorInsufficientDriver)");
    QTest::newRow("auto, the driver's long story")
        << "auto" << false << driver << "Simulator (CUDA unavailable: no usable CUDA device)";
    QTest::newRow("CUDA asked, the driver's long story")
        << "cuda" << false << driver << "CUDA unavailable:</b> no usable CUDA device";
}

void TestRunPanel::engineLineSaysWhatWillRun() {
    QFETCH(QString, engine);
    QFETCH(bool, available);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    RunPanel panel;
    QSignalSpy changed(&panel, &RunPanel::engineChanged);
    panel.setCudaAvailability(available, text);
    panel.setEngineId(engine);
    QCOMPARE(panel.engineId(), engine);
    if (engine != QLatin1String("auto"))
        QCOMPARE(changed.size(), 1);
    // The line follows the engine chosen after the probe answered, too.
    QVERIFY2(panel.engineStatusText().contains(expected), qPrintable(panel.engineStatusText()));
    QVERIFY(!panel.engineStatusText().contains(QLatin1String("cudaGetDeviceCount")));
    QCOMPARE(panel.engineStatusToolTip(), text);
}

void TestRunPanel::progressSaysHowTheRunGoes() {
    RunPanel panel;
    panel.setRunning(true);
    QVERIFY2(panel.progressText().contains(QStringLiteral("starting")),
             qPrintable(panel.progressText()));
    panel.setProgress(0.5, QStringLiteral("batch 2"));
    QCOMPARE(panel.progressText(), QStringLiteral("batch 2 — 50%"));
    panel.setFinished(QStringLiteral("finished"));
    QCOMPARE(panel.progressText(), QStringLiteral("finished"));
}

QTEST_MAIN(TestRunPanel)
#include "tst_run_panel.moc"
