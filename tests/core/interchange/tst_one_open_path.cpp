// The one open path (docs/architecture.md section 2): every trace file is probed once, by
// InputProbe, the one classifier, and whatever reads it after takes the format from that probe.
// Counted: the reads of a file's head in one open, for every format, must be exactly one.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "core/interchange/input_probe.h"
#include "core/interchange/trace_importer.h"
#include "core/interchange/trace_opener.h"
#include "core/io/gzip.h"
#include "core/tracefile/trace_file.h"
#include "tests/core/interchange/nsys/nsys_test_database.h"

using namespace syncscope;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

}  // namespace

class TestOneOpenPath : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyFormatIsProbedOnce_data();
    void everyFormatIsProbedOnce();
    void bytesInMemoryAreNeverAFileRead();

private:
    QTemporaryDir dir_;
};

void TestOneOpenPath::initTestCase() {
    QVERIFY(dir_.isValid());
    const QString fixtures = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/");
    // A native trace, plain and gzip: what a run saves.
    const QByteArray kineto = readAll(fixtures + QStringLiteral("kineto_new.json"));
    QVERIFY(!kineto.isEmpty());
    ImportResult imported = TraceImporter::importBytes(kineto.toStdString(), "kineto_new.json");
    QVERIFY2(imported.ok(), imported.error.c_str());
    std::string error;
    QVERIFY2(TraceFile::save(*imported.trace, dir_.filePath("native.json").toStdString(), error),
             error.c_str());
    QVERIFY2(TraceFile::save(*imported.trace, dir_.filePath("native.json.gz").toStdString(), error),
             error.c_str());
    QVERIFY(writeAll(dir_.filePath("kineto.json"), kineto));
    std::string zipped;
    QVERIFY(Gzip::compress(kineto.toStdString(), zipped, error));
    QVERIFY(writeAll(dir_.filePath("kineto.json.gz"), QByteArray::fromStdString(zipped)));
    const QByteArray sql = readAll(fixtures + QStringLiteral("nsys_small.sql"));
    QCOMPARE(QString::fromStdString(test::buildSqliteDatabase(
                 sql.toStdString(), dir_.filePath("nsys.sqlite").toStdString())),
             QString());
    QVERIFY(writeAll(dir_.filePath("empty.json"), QByteArray()));
    QVERIFY(writeAll(dir_.filePath("junk.bin"), QByteArray("\x01\x02 not a trace", 15)));
    QVERIFY(writeAll(dir_.filePath("s.json"),
                     "{\"format\": \"syncscope-scenario\", \"version\": 1, \"title\": \"x\"}"));
}

void TestOneOpenPath::everyFormatIsProbedOnce_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("opens");
    QTest::newRow("native") << QStringLiteral("native.json") << true;
    QTest::newRow("native, gzip") << QStringLiteral("native.json.gz") << true;
    QTest::newRow("Kineto JSON") << QStringLiteral("kineto.json") << true;
    QTest::newRow("Kineto JSON, gzip") << QStringLiteral("kineto.json.gz") << true;
    QTest::newRow("Nsight Systems SQLite") << QStringLiteral("nsys.sqlite") << true;
    QTest::newRow("empty") << QStringLiteral("empty.json") << false;
    QTest::newRow("unknown") << QStringLiteral("junk.bin") << false;
    QTest::newRow("a scenario") << QStringLiteral("s.json") << false;
    QTest::newRow("missing") << QStringLiteral("missing.json") << false;
}

void TestOneOpenPath::everyFormatIsProbedOnce() {
    QFETCH(QString, file);
    QFETCH(bool, opens);
    const std::string path = dir_.filePath(file).toStdString();
    const std::uint64_t before = InputProbe::headReads();
    const ImportResult opened = TraceOpener::open(path);
    QCOMPARE(InputProbe::headReads() - before, std::uint64_t{1});
    QCOMPARE(opened.ok(), opens);
    if (!opens)
        QVERIFY2(opened.error.find(file.toStdString()) != std::string::npos,
                 opened.error.c_str());  // the message names the file
    // The importer alone, for a foreign file, probes once too.
    const std::uint64_t again = InputProbe::headReads();
    TraceImporter::importFile(path);
    QCOMPARE(InputProbe::headReads() - again, std::uint64_t{1});
}

void TestOneOpenPath::bytesInMemoryAreNeverAFileRead() {
    const std::uint64_t before = InputProbe::headReads();
    const QByteArray kineto = readAll(dir_.filePath("kineto.json.gz"));
    QVERIFY(TraceImporter::importBytes(kineto.toStdString(), "dropped.json.gz").ok());
    QCOMPARE(InputProbe::headReads(), before);
}

QTEST_GUILESS_MAIN(TestOneOpenPath)
#include "tst_one_open_path.moc"
