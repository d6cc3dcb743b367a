#pragma once

// Where the suites find the real traces recorded by others (../shared/data/traces beside the
// checkout, or SYNCSCOPE_TRACES_DIR), and what happens when they are not there: on a developer's
// machine the test is skipped with a message; in CI (CI=true) that folder is part of the
// environment, so its absence is a failure, not a silent skip.

#include <QDir>
#include <QString>
#include <QStringList>
#include <QtTest>

namespace syncscope::test {

inline QString realTracesDir() {
    const QString env = qEnvironmentVariable("SYNCSCOPE_TRACES_DIR");
    if (!env.isEmpty())
        return env;
    return QStringLiteral(SYNCSCOPE_SOURCE_DIR) + QStringLiteral("/../shared/data/traces");
}

// The per-rank files of one distributed step (param-dlrm-ranks: ranks 1–7 of 8), sorted by name;
// fewer than 7 when the folder is missing or incomplete.
inline QStringList dlrmRankFiles() {
    const QDir dir(realTracesDir() + QStringLiteral("/param-dlrm-ranks"));
    QStringList files;
    for (const QString& name :
         dir.entryList({QStringLiteral("*.pt.trace.json.gz")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

inline bool runningInCi() {
    return qEnvironmentVariable("CI").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
}

}  // namespace syncscope::test

// Skips the current test (fails it under CI=true) with `what` and where the traces were looked for.
#define SYNCSCOPE_MISSING_REAL_TRACES(what)                                                 \
    do {                                                                                    \
        const QString syncscope_message_ = QString(what) + QStringLiteral(" in ") +         \
                                           syncscope::test::realTracesDir() +               \
                                           QStringLiteral(" (set SYNCSCOPE_TRACES_DIR)");   \
        if (syncscope::test::runningInCi())                                                 \
            QFAIL(qPrintable(syncscope_message_ + QStringLiteral("; CI=true needs them"))); \
        QSKIP(qPrintable(syncscope_message_));                                              \
    } while (false)
