#pragma once

// Running the real `syncscope` binary in a child process, as a user would (the headless export
// suites).
#include <sys/resource.h>

#include <QDir>
#include <QProcess>
#include <QSize>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <utility>
#include <vector>

#include "tests/support/memory_limit.h"

namespace syncscope::testing {

inline const QString kBinary = QStringLiteral(SYNCSCOPE_BINARY_DIR "/app/gui/syncscope");

struct Outcome {
    int exit_code = -1;
    QString out, err;
};

// What else a hostile-input case sets up for the child.
struct ChildSetup {
    std::vector<std::pair<QString, QString>> env;  // on top of the test's environment
    std::uint64_t address_space = 0;               // RLIMIT_AS of the child; 0: the test's
};

inline Outcome runSyncscope(const QStringList& args, bool without_display = false,
                            const ChildSetup& setup = {}) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
#if defined(SYNCSCOPE_TEST_SANITIZED)
    // A sanitizer build's child needs terabytes of address space for its shadow memory
    // (tests/support/memory_limit.h): no limit there.
    if (setup.address_space != 0) {
        ChildSetup unlimited = setup;
        unlimited.address_space = 0;
        return runSyncscope(args, without_display, unlimited);
    }
#endif
    if (setup.address_space != 0) {
        const auto bytes = static_cast<rlim_t>(setup.address_space);
        process.setChildProcessModifier([bytes] {
            rlimit limit{};
            getrlimit(RLIMIT_AS, &limit);
            limit.rlim_cur = bytes;
            setrlimit(RLIMIT_AS, &limit);
        });
    }
    if (without_display) {
        // What a user on a server has: no display and no platform chosen.
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    env.insert(QStringLiteral("XDG_CONFIG_HOME"),
               QDir::tempPath() + QStringLiteral("/syncscope-headless-test"));
    for (const auto& [name, value] : setup.env)
        env.insert(name, value);
    process.setProcessEnvironment(env);
    process.start(kBinary, args);
    Outcome outcome;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        outcome.err = QStringLiteral("timed out");
        return outcome;
    }
    outcome.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    outcome.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    outcome.err = QString::fromLocal8Bit(process.readAllStandardError());
    return outcome;
}

// width/height of an SVG's root element, as written by QSvgGenerator (e.g. width="423.333mm").
inline QSize svgSize(const QByteArray& svg) {
    const qsizetype vb = svg.indexOf("viewBox=\"");
    if (vb < 0)
        return {};
    const qsizetype start = vb + 9;
    const QList<QByteArray> parts = svg.mid(start, svg.indexOf('"', start) - start).split(' ');
    if (parts.size() != 4)
        return {};
    return {qRound(parts[2].toDouble()), qRound(parts[3].toDouble())};
}

}  // namespace syncscope::testing
