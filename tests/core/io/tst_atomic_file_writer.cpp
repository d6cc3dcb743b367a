// The one atomic writer against hostile targets and failing disks: only regular files are
// replaced, modes are kept, a full disk or a signal leaves the old file and no temporary file.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <cstring>

#include "core/io/atomic_file.h"
#include "core/io/atomic_file_writer.h"
#include "core/io/output_target.h"
#include "core/io/temp_file_registry.h"

using namespace syncscope;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// Everything in `dir` whose name says it is one of our temporary files.
QStringList tempFiles(const QString& dir) {
    return QDir(dir)
        .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)
        .filter(QStringLiteral(".tmp-"));
}

std::string writeStreamed(const QString& path, const std::string& text) {
    return AtomicFileWriter::writeStreamed(path.toStdString(),
                                           [&](const AtomicFileWriter::Sink& sink) { sink(text); });
}

mode_t modeOf(const QString& path) {
    struct stat st {};
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? st.st_mode : 0;
}

ssize_t diskFull(int, const void*, std::size_t) {
    errno = ENOSPC;
    return -1;
}

// A pid that named a process a moment ago and names none now.
pid_t deadPid() {
    const pid_t pid = ::fork();
    if (pid == 0)
        ::_exit(0);
    ::waitpid(pid, nullptr, 0);
    return pid;
}

}  // namespace

class TestAtomicFileWriter : public QObject {
    Q_OBJECT

private slots:
    void newFileGets0644UnderTheUmask();
    void replaceKeepsTheMode();
    void refusesWhatIsNotARegularFile();
    void refusesADeviceNode();
    void writesThroughASymlink();
    void sameFileByIdentity();
    void fullDiskKeepsTheOldFile();
    void fileSizeLimitKeepsTheOldFile();
    void signalRemovesTheTemporaryFile_data();
    void signalRemovesTheTemporaryFile();
    void ignoredSignalStaysIgnored();
    void staleTemporaryFilesOfDeadWritersGo();
};

void TestAtomicFileWriter::newFileGets0644UnderTheUmask() {
    QTemporaryDir dir;
    const mode_t old = ::umask(022);
    QCOMPARE(writeStreamed(dir.filePath("a.csv"), "x"), std::string());
    std::string error;
    QVERIFY(AtomicFile::write(dir.filePath("b.json").toStdString(), "x", error));
    ::umask(027);
    QCOMPARE(writeStreamed(dir.filePath("c.csv"), "x"), std::string());
    ::umask(old);
    QCOMPARE(modeOf(dir.filePath("a.csv")) & 0777, 0644u);
    QCOMPARE(modeOf(dir.filePath("b.json")) & 0777, 0644u);
    QCOMPARE(modeOf(dir.filePath("c.csv")) & 0777, 0640u);
}

void TestAtomicFileWriter::replaceKeepsTheMode() {
    QTemporaryDir dir;
    const QString path = dir.filePath("p.json");
    writeFile(path, "old");
    QCOMPARE(::chmod(path.toLocal8Bit().constData(), 0664), 0);
    QCOMPARE(writeStreamed(path, "new"), std::string());
    QCOMPARE(modeOf(path) & 0777, 0664u);
    QCOMPARE(readAll(path), QByteArray("new"));
}

void TestAtomicFileWriter::refusesWhatIsNotARegularFile() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath("pipe");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0644), 0);
    const QString link = dir.filePath("link-to-pipe");
    QVERIFY(QFile::link(fifo, link));
    const QString dangling = dir.filePath("dangling");
    QVERIFY(QFile::link(dir.filePath("absent"), dangling));

    std::string error = writeStreamed(fifo, "x");
    QVERIFY2(QString::fromStdString(error).contains(fifo + "': it is a FIFO"), error.c_str());
    QVERIFY(AtomicFileWriter(link.toStdString()).error().find("FIFO") != std::string::npos);
    QVERIFY(!AtomicFile::write(fifo.toStdString(), "x", error));
    error = writeStreamed(dangling, "x");
    QVERIFY2(error.find("symlink to a file that does not exist") != std::string::npos,
             error.c_str());
    QVERIFY(S_ISFIFO(modeOf(fifo)));
    QVERIFY(!QFile::exists(dir.filePath("absent")));
    QVERIFY(tempFiles(dir.path()).isEmpty());
}

void TestAtomicFileWriter::refusesADeviceNode() {
    // Never a real device: a node of our own in a temporary folder, which needs root.
    QTemporaryDir dir;
    const QString node = dir.filePath("null");
    if (::mknod(node.toLocal8Bit().constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        QSKIP("cannot create a device node here (needs root and a file system that allows it)");
    const std::string error = writeStreamed(node, "x");
    QVERIFY2(error.find("it is a device") != std::string::npos, error.c_str());
    QVERIFY(S_ISCHR(modeOf(node)));
    QVERIFY(tempFiles(dir.path()).isEmpty());
}

void TestAtomicFileWriter::writesThroughASymlink() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("real"));
    const QString real = dir.filePath("real/t.json");
    writeFile(real, "old");
    QCOMPARE(::chmod(real.toLocal8Bit().constData(), 0600), 0);
    const QString link = dir.filePath("t.json");
    QVERIFY(QFile::link(QStringLiteral("real/t.json"), link));  // relative, as users make them
    QCOMPARE(writeStreamed(link, "new"), std::string());
    QVERIFY(QFileInfo(link).isSymLink());
    QCOMPARE(readAll(real), QByteArray("new"));
    QCOMPARE(modeOf(real) & 0777, 0600u);
    QVERIFY(tempFiles(dir.path()).isEmpty());
    QVERIFY(tempFiles(dir.filePath("real")).isEmpty());
}

void TestAtomicFileWriter::sameFileByIdentity() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    const QString a = dir.filePath("sub/a.json");
    writeFile(a, "a");
    writeFile(dir.filePath("b.json"), "b");
    QVERIFY(QFile::link(a, dir.filePath("link.json")));
    QVERIFY(::link(a.toLocal8Bit().constData(), dir.filePath("hard.json").toLocal8Bit()) == 0);
    const std::string sa = a.toStdString();
    for (const QString& other :
         {dir.path() + "/sub/./a.json", dir.path() + "/sub/../sub/a.json",
          dir.path() + "//sub/a.json", dir.filePath("link.json"), dir.filePath("hard.json")})
        QVERIFY2(OutputTarget::sameFile(sa, other.toStdString()), qPrintable(other));
    QVERIFY(!OutputTarget::sameFile(sa, dir.filePath("b.json").toStdString()));
    QVERIFY(!OutputTarget::sameFile(sa, dir.filePath("absent").toStdString()));
    const std::string error =
        OutputTarget::refuseInputs(dir.filePath("link.json").toStdString(), {"", sa});
    QVERIFY2(error.find("it is the input file '" + sa + "'") != std::string::npos, error.c_str());
    QCOMPARE(OutputTarget::refuseInputs(dir.filePath("b.json").toStdString(), {sa}), std::string());
}

void TestAtomicFileWriter::fullDiskKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("t.json");
    writeFile(path, "precious");
    const auto previous = AtomicFileWriter::setWriteFunctionForTesting(&diskFull);
    std::string error;
    const bool whole = AtomicFile::write(path.toStdString(), std::string(3 << 20, 'x'), error);
    const std::string streamed = writeStreamed(path, "small");
    AtomicFileWriter::setWriteFunctionForTesting(previous);
    QVERIFY(!whole);
    QCOMPARE(QString::fromStdString(error),
             "cannot write '" + path + "': " + QString::fromLocal8Bit(std::strerror(ENOSPC)));
    QVERIFY2(streamed.find(std::strerror(ENOSPC)) != std::string::npos, streamed.c_str());
    QCOMPARE(readAll(path), QByteArray("precious"));
    QVERIFY(tempFiles(dir.path()).isEmpty());
}

void TestAtomicFileWriter::fileSizeLimitKeepsTheOldFile() {
    // A real failing write() without a full disk: over RLIMIT_FSIZE it fails with EFBIG (SIGXFSZ
    // ignored), in a child so the limit stays there.
    QTemporaryDir dir;
    const QString path = dir.filePath("t.json");
    writeFile(path, "precious");
    const std::string target = path.toStdString();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{64 * 1024, 64 * 1024};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        std::string error;
        const bool ok = AtomicFile::write(target, std::string(1 << 20, 'x'), error);
        ::_exit(!ok && error.find(std::strerror(EFBIG)) != std::string::npos ? 0 : 1);
    }
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
    QCOMPARE(readAll(path), QByteArray("precious"));
    QVERIFY(tempFiles(dir.path()).isEmpty());
}

void TestAtomicFileWriter::signalRemovesTheTemporaryFile_data() {
    QTest::addColumn<int>("sig");
    QTest::newRow("SIGINT") << SIGINT;
    QTest::newRow("SIGTERM") << SIGTERM;
}

void TestAtomicFileWriter::signalRemovesTheTemporaryFile() {
    QFETCH(int, sig);
    QTemporaryDir dir;
    const QString path = dir.filePath("t.json");
    writeFile(path, "precious");
    const std::string target = path.toStdString();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::signal(sig, SIG_DFL);
        TempFileRegistry::installSignalCleanup();
        AtomicFileWriter writer(target);
        writer.write(std::string(3 << 20, 'x'));  // past the buffer: on disk in the temporary file
        ::raise(sig);
        ::_exit(99);  // not reached: the signal kills
    }
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    QVERIFY2(WIFSIGNALED(status), "the writer should die of the signal");
    QCOMPARE(WTERMSIG(status), sig);
    QCOMPARE(readAll(path), QByteArray("precious"));
    QCOMPARE(tempFiles(dir.path()), QStringList());
}

void TestAtomicFileWriter::ignoredSignalStaysIgnored() {
    // nohup and background jobs ignore SIGINT/SIGHUP: installing the cleanup must not undo that.
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::signal(SIGHUP, SIG_IGN);
        TempFileRegistry::installSignalCleanup();
        ::raise(SIGHUP);
        ::_exit(7);
    }
    int status = 0;
    QCOMPARE(::waitpid(pid, &status, 0), pid);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 7);
}

void TestAtomicFileWriter::staleTemporaryFilesOfDeadWritersGo() {
    QTemporaryDir dir;
    const QString path = dir.filePath("t.json");
    const QString dead = dir.filePath(".t.json.tmp-%1-abcdef").arg(deadPid());
    const QString live = dir.filePath(".t.json.tmp-%1-abcdef").arg(::getpid());
    const QString locked = dir.filePath(".t.json.tmp-%1-ghijkl").arg(deadPid());
    const QString other = dir.filePath(".t.json.tmp-notapid");
    const QString otherTarget = dir.filePath(".u.json.tmp-%1-abcdef").arg(deadPid());
    for (const QString& f : {dead, live, locked, other, otherTarget})
        writeFile(f, "leftover");
    // A writer of another pid namespace: its pid means nothing here, but it holds the lock.
    const int fd = ::open(locked.toLocal8Bit().constData(), O_RDONLY | O_CLOEXEC);
    QVERIFY(fd >= 0);
    QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0);
    QCOMPARE(writeStreamed(path, "new"), std::string());
    ::close(fd);
    QVERIFY(!QFile::exists(dead));
    QVERIFY(QFile::exists(live));
    QVERIFY(QFile::exists(locked));
    QVERIFY(QFile::exists(other));
    QVERIFY(QFile::exists(otherTarget));
    QCOMPARE(readAll(path), QByteArray("new"));
}

QTEST_GUILESS_MAIN(TestAtomicFileWriter)
#include "tst_atomic_file_writer.moc"
