#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "core/io/atomic_file.h"
#include "core/io/gzip.h"

using namespace syncscope;

class TestAtomicFile : public QObject {
    Q_OBJECT

private slots:
    void writeThenRead();
    void replaceKeepsPermissions();
    void failureLeavesNoTemporaryFile();
    void gzipRoundTrip_data();
    void gzipRoundTrip();
    void gzipConcatenatedMembers();
    void gzipSizeGuard();
};

void TestAtomicFile::writeThenRead() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.txt").toStdString();
    std::string error;
    const std::string data("binary\0data\xff", 12);
    QVERIFY2(AtomicFile::write(path, data, error), error.c_str());
    std::string back;
    QVERIFY2(AtomicFile::read(path, back, error), error.c_str());
    QVERIFY(back == data);
    QVERIFY(AtomicFile::write(path, "", error));
    QVERIFY(AtomicFile::read(path, back, error));
    QVERIFY(back.empty());
}

void TestAtomicFile::replaceKeepsPermissions() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.txt").toStdString();
    std::string error;
    QVERIFY(AtomicFile::write(path, "one", error));
    QCOMPARE(::chmod(path.c_str(), 0640), 0);
    QVERIFY(AtomicFile::write(path, "two", error));
    struct stat st {};
    QCOMPARE(::stat(path.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 0777, 0640u);
}

void TestAtomicFile::failureLeavesNoTemporaryFile() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("target"));
    std::string error;
    QVERIFY(!AtomicFile::write(dir.filePath("target").toStdString(), "x", error));
    QVERIFY2(QString::fromStdString(error).contains("it is a directory"), error.c_str());
    QVERIFY(!AtomicFile::write("", "x", error));
    QCOMPARE(QString::fromStdString(error), QStringLiteral("no file name given"));
    QCOMPARE(
        QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).size(),
        1);
}

void TestAtomicFile::gzipRoundTrip_data() {
    QTest::addColumn<QByteArray>("data");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("text") << QByteArray("hello hello hello hello");
    QByteArray big;
    for (qint64 i = 0; i < 3'000'000; ++i)
        big += static_cast<char>((i * 7919) % 251);
    QTest::newRow("3 MB") << big;
}

void TestAtomicFile::gzipRoundTrip() {
    QFETCH(QByteArray, data);
    const std::string plain = data.toStdString();
    std::string packed, back, error;
    QVERIFY2(Gzip::compress(plain, packed, error), error.c_str());
    QVERIFY(Gzip::looksCompressed(packed));
    QVERIFY2(Gzip::decompress(packed, back, error), error.c_str());
    QVERIFY(back == plain);
}

void TestAtomicFile::gzipConcatenatedMembers() {
    std::string a, b, back, error;
    QVERIFY(Gzip::compress("first,", a, error));
    QVERIFY(Gzip::compress("second", b, error));
    QVERIFY2(Gzip::decompress(a + b, back, error), error.c_str());
    QCOMPARE(QString::fromStdString(back), QStringLiteral("first,second"));
}

void TestAtomicFile::gzipSizeGuard() {
    const std::string zeros(8 << 20, '\0');
    std::string packed, back, error;
    QVERIFY(Gzip::compress(zeros, packed, error));
    QVERIFY(!Gzip::decompress(packed, back, error, 2 << 20));
    QCOMPARE(QString::fromStdString(error),
             QStringLiteral("the decompressed data is larger than 2097152 bytes (2.0 MiB)"));
}

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
