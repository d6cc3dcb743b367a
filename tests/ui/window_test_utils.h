#pragma once

#include <QCoreApplication>
#include <QFileInfo>
#include <QFont>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <memory>

#include "core/engine/engine_factory.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/window/main_window.h"

namespace syncscope::test {

// hotspot's testutils pattern: settings and paths of the test never touch the user's, and
// pictures do not depend on the machine's fonts or DPI. Each test program has a settings file of
// its own: CTest runs them in parallel, and one that clears its settings must not wipe what
// another just wrote (a saved folder read back as "" under load).
inline void isolateWindowTest() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("syncscope-tests"));
    QCoreApplication::setApplicationName(
        QStringLiteral("syncscope-tests-") +
        QFileInfo(QCoreApplication::applicationFilePath()).completeBaseName());
    QGuiApplication::setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
}

// Shows `window` (1400×850, no dialogs) and runs a built-in in it. False when the window or the
// run did not show within a minute.
inline bool showAndRun(MainWindow& window, const QString& builtin) {
    window.setInteractive(false);
    window.resize(1400, 850);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QSignalSpy shown(&window, &MainWindow::runShown);
    if (!window.openPath(builtin, true))
        return false;
    return QTest::qWaitFor([&] { return !shown.isEmpty(); }, 60000);
}

// A built-in's run on the simulator, as the compare view runs a page's twin; null when it fails.
inline std::shared_ptr<const Trace> simulatedBuiltin(const QString& builtin) {
    const auto scenario = BuiltinScenarios::load(builtin, nullptr);
    const EngineChoice choice = chooseEngine("sim");
    if (!scenario || !choice.engine)
        return nullptr;
    EngineObserver quiet;
    CancelToken cancel;
    RunResult result = choice.engine->run(*scenario, quiet, cancel);
    if (result.status != RunStatus::Ok)
        return nullptr;
    if (!result.trace.scenario)
        result.trace.scenario = std::make_shared<const Scenario>(*scenario);
    return std::make_shared<const Trace>(std::move(result.trace));
}

}  // namespace syncscope::test
