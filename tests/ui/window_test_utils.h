#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QStandardPaths>

namespace syncscope::test {

// hotspot's testutils pattern: settings and paths of the test never touch the user's, and
// pictures do not depend on the machine's fonts or DPI.
inline void isolateWindowTest() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("syncscope-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("syncscope-tests"));
    QGuiApplication::setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
}

}  // namespace syncscope::test
