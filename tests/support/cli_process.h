#pragma once

// Runs syncscope-cli (the test target defines SYNCSCOPE_CLI as its path) the way a user does, and
// collects its exit code and output. A run that hangs for two minutes is killed and reported.

#include <QProcess>
#include <QString>
#include <QStringList>

namespace syncscope::test {

struct CliOutput {
    int code = -1;  // exit code, or -1 when it crashed or hung
    QString out, err;
};

inline CliOutput runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(SYNCSCOPE_CLI), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return {-1, {}, QStringLiteral("timed out")};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace syncscope::test
