#pragma once

// Runs syncscope-cli (the test target defines SYNCSCOPE_CLI as its path) the way a user does, and
// collects its exit code and output. A run that hangs for two minutes is killed and reported.

#include <sys/resource.h>

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <utility>
#include <vector>

#include "tests/support/memory_limit.h"

namespace syncscope::test {

struct CliOutput {
    int code = -1;  // exit code, or -1 when it crashed or hung
    QString out, err;
};

// `env`: variables to set for this run, on top of the test's environment; `address_space`: the
// child's RLIMIT_AS in bytes (0: the test's own).
inline CliOutput runCli(const QStringList& args,
                        const std::vector<std::pair<QString, QString>>& env = {},
                        std::uint64_t address_space = 0) {
    QProcess p;
#if defined(SYNCSCOPE_TEST_SANITIZED)
    // The child is a sanitizer build too: its shadow memory needs terabytes of address space, so
    // no limit applies (memory_limit.h); it still catches a blow-up, just not by address space.
    address_space = 0;
#endif
    if (address_space != 0) {
        const auto bytes = static_cast<rlim_t>(address_space);
        p.setChildProcessModifier([bytes] {
            rlimit limit{};
            getrlimit(RLIMIT_AS, &limit);
            limit.rlim_cur = bytes;
            setrlimit(RLIMIT_AS, &limit);
        });
    }
    if (!env.empty()) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const auto& [name, value] : env)
            e.insert(name, value);
        p.setProcessEnvironment(e);
    }
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
