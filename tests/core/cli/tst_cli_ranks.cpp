#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_process.h"
#include "tests/support/memory_limit.h"
#include "tests/support/real_traces.h"

// syncscope-cli with the ranks of one distributed step: import A B C --out merges them, stats
// prints a row per rank, collectives says who waited for whom.
class TstCliRanks : public QObject {
    Q_OBJECT

    using Output = syncscope::test::CliOutput;
    static Output cli(const QStringList& args) { return syncscope::test::runCli(args); }

    static QStringList rankFiles() {
        const QDir dir(syncscope::test::realTracesDir() + QStringLiteral("/param-dlrm-ranks"));
        QStringList files;
        for (const QString& name :
             dir.entryList({QStringLiteral("*.pt.trace.json.gz")}, QDir::Files, QDir::Name))
            files << dir.filePath(name);
        return files;
    }

private slots:
    void initTestCase() { syncscope::test::limitAddressSpace(); }

    void importMergesStatsAndCollectives() {
        const QStringList files = rankFiles();
        if (files.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        QTemporaryDir dir;
        const QString merged = dir.filePath(QStringLiteral("ranks.json"));
        auto import = cli(QStringList{QStringLiteral("import")} + files +
                          QStringList{QStringLiteral("--out"), merged});
        QVERIFY2(import.code == 0, qPrintable(import.err));
        QVERIFY2(import.out.startsWith(QStringLiteral("7 ranks: ")), qPrintable(import.out));

        auto stats = cli({QStringLiteral("stats"), merged});
        QVERIFY2(stats.code == 0, qPrintable(stats.err));
        QVERIFY2(stats.out.contains(QStringLiteral("ranks            7")), qPrintable(stats.out));
        for (int rank = 1; rank <= 7; ++rank)
            QVERIFY2(stats.out.contains(QRegularExpression(
                         QStringLiteral("\\n  %1 +\\d+ +[0-9.]+ [mµ]s").arg(rank))),
                     qPrintable(stats.out));
        auto json = cli({QStringLiteral("stats"), merged, QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonArray ranks = QJsonDocument::fromJson(json.out.toUtf8())["ranks"].toArray();
        QCOMPARE(ranks.size(), 7);
        QVERIFY(ranks[0].toObject()["nccl_ns"].toInteger() > 0);

        auto table = cli({QStringLiteral("collectives"), merged});
        QVERIFY2(table.code == 0, qPrintable(table.err));
        QVERIFY2(table.out.contains(QStringLiteral("AllReduce #3: rank 4 arrived last; ranks "
                                                   "1\u20133,5\u20137 waited")),
                 qPrintable(table.out));
        QCOMPARE(table.out.count(QStringLiteral(" arrived last")), 8);
    }

    void importRefusesWhatCannotBeMerged() {
        const QStringList files = rankFiles();
        if (files.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        // The same rank twice (a copy): refused, naming the second file.
        const QString copy = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(QFile::copy(files[0], copy));
        auto twice = cli({QStringLiteral("import"), files[0], copy, QStringLiteral("--out"), out});
        QCOMPARE(twice.code, 2);
        QVERIFY2(twice.err.contains(QStringLiteral("rank 1 again")), qPrintable(twice.err));
        QVERIFY(!QFile::exists(out));
        // The same file twice, through a link: refused before either is read (issue 40.9).
        const QString link = dir.filePath(QStringLiteral("link.json"));
        QVERIFY(QFile::link(files[0], link));
        auto same = cli({QStringLiteral("import"), files[0], link, QStringLiteral("--out"), out});
        QCOMPARE(same.code, 2);
        QVERIFY2(same.err.contains(link + QStringLiteral(": is the same file as ") + files[0]),
                 qPrintable(same.err));
        QVERIFY(!QFile::exists(out));
        // A missing file is named.
        const QString missing = dir.filePath(QStringLiteral("nope.json"));
        auto absent =
            cli({QStringLiteral("import"), files[0], missing, QStringLiteral("--out"), out});
        QCOMPARE(absent.code, 2);
        QVERIFY2(absent.err.contains(missing), qPrintable(absent.err));
        // collectives wants a merged trace.
        auto single = cli({QStringLiteral("collectives"), files[0]});
        QCOMPARE(single.code, 2);
        QVERIFY2(single.err.contains(QStringLiteral("not several ranks")), qPrintable(single.err));
    }
};

QTEST_GUILESS_MAIN(TstCliRanks)
#include "tst_cli_ranks.moc"
