// The corpus of broken files in tests/data/interchange/broken: each one fails to import with the
// error text listed for it in expected.tsv (what is wrong and where), without crashing or hanging.
// *.sql files are built into SQLite databases first.

#include <QtTest>
#include <map>

#include "core/interchange/trace_importer.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/core/interchange/nsys/nsys_test_database.h"

using namespace syncscope;
using namespace syncscope::test;

class TstBrokenTraces : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::map<QString, QString> expected_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QFile tsv(fixturePath("broken/expected.tsv"));
        QVERIFY(tsv.open(QIODevice::ReadOnly | QIODevice::Text));
        while (!tsv.atEnd()) {
            const QString line = QString::fromUtf8(tsv.readLine()).chopped(1);
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const auto tab = line.indexOf('\t');
            QVERIFY2(tab > 0, qPrintable("bad line in expected.tsv: " + line));
            expected_[line.left(tab)] = line.mid(tab + 1);
        }
    }

    void everyFileHasAnExpectation() {
        const auto files = QDir(fixturePath("broken")).entryList(QDir::Files);
        for (const auto& file : files) {
            if (file == "expected.tsv")
                continue;
            QVERIFY2(expected_.count(file) == 1, qPrintable(file + " has no line in expected.tsv"));
        }
        QCOMPARE(static_cast<int>(expected_.size()), static_cast<int>(files.size()) - 1);
    }

    void fails_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        for (const auto& [file, text] : expected_)
            QTest::newRow(qPrintable(file)) << file << text;
    }
    void fails() {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        std::string path = fixturePath("broken/" + file).toStdString();
        if (file.endsWith(".sql")) {
            const std::string db = dir_.filePath(file + ".sqlite").toStdString();
            const auto err = buildSqliteDatabase(readAll(QString::fromStdString(path)), db);
            QVERIFY2(err.empty(), err.c_str());
            path = db;
        }
        const auto result = importTrace(path);
        QVERIFY2(!result.ok(), qPrintable(file + " imported without error"));
        // Every error names the file it is about, then what and where.
        QVERIFY2(result.error.rfind(path, 0) == 0, result.error.c_str());
        QVERIFY2(QString::fromStdString(result.error).contains(expected),
                 qPrintable("\n   actual: " + QString::fromStdString(result.error) +
                            "\n expected: " + expected));
    }
};

QTEST_GUILESS_MAIN(TstBrokenTraces)
#include "tst_broken_traces.moc"
