#pragma once

// Running the real `syncscope` binary in a child process, as a user would (the headless export
// suites).
#include <QDir>
#include <QProcess>
#include <QSize>
#include <QString>
#include <QStringList>

namespace syncscope::testing {

inline const QString kBinary = QStringLiteral(SYNCSCOPE_BINARY_DIR "/app/gui/syncscope");

struct Outcome {
    int exit_code = -1;
    QString out, err;
};

inline Outcome runSyncscope(const QStringList& args, bool without_display = false) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (without_display) {
        // What a user on a server has: no display and no platform chosen.
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    }
    env.insert(QStringLiteral("XDG_CONFIG_HOME"),
               QDir::tempPath() + QStringLiteral("/syncscope-headless-test"));
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
