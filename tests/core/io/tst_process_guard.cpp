// ProcessGuard, the last line of defence of every entry point: an exception that escapes (from the
// main thread or any other) ends the process with a message and a documented status, never an
// abort, and removes the temporary file being written. Each case runs in a forked child, since
// the guard ends the process.
#include <sys/wait.h>
#include <unistd.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/io/process_guard.h"
#include "core/io/temp_file_registry.h"

using namespace syncscope;

namespace {

struct Ending {
    bool exited = false;
    int status = -1;
    std::string err;
};

// Runs `body` in a child with the guard installed, on a thread of its own (so that what escapes
// reaches std::terminate, as in a real process; QTest would catch it on the test's thread);
// collects the child's exit status and stderr.
Ending inChild(const std::function<void()>& body) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0)
        return {};
    const pid_t child = ::fork();
    if (child == 0) {
        ::dup2(pipe_fds[1], STDERR_FILENO);
        ::close(pipe_fds[0]);
        ProcessGuard::install("guarded");
        std::thread run(body);
        run.join();
        std::_Exit(0);
    }
    ::close(pipe_fds[1]);
    Ending ending;
    char buffer[512];
    ssize_t n = 0;
    while ((n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0)
        ending.err.append(buffer, static_cast<std::size_t>(n));
    ::close(pipe_fds[0]);
    int status = 0;
    if (::waitpid(child, &status, 0) != child)
        return ending;
    ending.exited = WIFEXITED(status);
    ending.status = ending.exited ? WEXITSTATUS(status) : -WTERMSIG(status);
    return ending;
}

[[noreturn]] void throwOutOfMemory() {
    throw std::bad_alloc();
}

}  // namespace

class TestProcessGuard : public QObject {
    Q_OBJECT

private slots:
    void outOfMemoryInAThreadIsExitTwo();
    void lengthErrorIsOutOfMemory();
    void anyOtherExceptionIsAnInternalError();
    void theFileBeingWrittenIsRemoved();
    void reportNamesTheKind();
    void testHookThrowsOnlyAtItsSite();
};

void TestProcessGuard::outOfMemoryInAThreadIsExitTwo() {
    // A worker thread's exception cannot be caught by main(): std::terminate runs, and the guard's
    // handler turns it into the message and status.
    const Ending e = inChild([] { throwOutOfMemory(); });
    QVERIFY2(e.exited, e.err.c_str());
    QCOMPARE(e.status, ProcessGuard::kOutOfMemoryExit);
    QCOMPARE(QString::fromStdString(e.err), QStringLiteral("guarded: out of memory\n"));
}

void TestProcessGuard::lengthErrorIsOutOfMemory() {
    const Ending e = inChild([] {
        std::vector<int> v;
        v.reserve(v.max_size() + 1);
    });
    QVERIFY2(e.exited, e.err.c_str());
    QCOMPARE(e.status, ProcessGuard::kOutOfMemoryExit);
    QVERIFY2(e.err.find("out of memory") != std::string::npos, e.err.c_str());
}

void TestProcessGuard::anyOtherExceptionIsAnInternalError() {
    const Ending e = inChild([] { throw std::runtime_error("the impossible happened"); });
    QVERIFY2(e.exited, e.err.c_str());
    QCOMPARE(e.status, ProcessGuard::kInternalErrorExit);
    QCOMPARE(QString::fromStdString(e.err),
             QStringLiteral("guarded: internal error: the impossible happened\n"));
}

void TestProcessGuard::theFileBeingWrittenIsRemoved() {
    QTemporaryDir dir;
    const QString partial = dir.filePath(QStringLiteral(".out.png.tmp"));
    const std::string path = QFile::encodeName(partial).toStdString();
    const Ending e = inChild([path] {
        std::FILE* f = std::fopen(path.c_str(), "w");
        if (f)
            std::fclose(f);
        TempFileRegistry::add(path.c_str());
        throwOutOfMemory();
    });
    QCOMPARE(e.status, ProcessGuard::kOutOfMemoryExit);
    QVERIFY(!QFile::exists(partial));
}

void TestProcessGuard::reportNamesTheKind() {
    // In-process: what an entry point's catch (...) returns.
    QCOMPARE(ProcessGuard::report(std::make_exception_ptr(std::bad_alloc())),
             ProcessGuard::kOutOfMemoryExit);
    QCOMPARE(ProcessGuard::report(std::make_exception_ptr(std::length_error("x"))),
             ProcessGuard::kOutOfMemoryExit);
    QCOMPARE(ProcessGuard::report(std::make_exception_ptr(std::logic_error("x"))),
             ProcessGuard::kInternalErrorExit);
    QCOMPARE(ProcessGuard::report(std::make_exception_ptr(42)), ProcessGuard::kInternalErrorExit);
}

void TestProcessGuard::testHookThrowsOnlyAtItsSite() {
    qunsetenv("SYNCSCOPE_TEST_THROW");
    ProcessGuard::testHook("main");  // nothing set: nothing thrown
    qputenv("SYNCSCOPE_TEST_THROW", "main");
    QVERIFY_THROWS_EXCEPTION(std::bad_alloc, ProcessGuard::testHook("main"));
    ProcessGuard::testHook("event");
    ProcessGuard::testHook("mai");
    qputenv("SYNCSCOPE_TEST_THROW", "main:length_error");
    QVERIFY_THROWS_EXCEPTION(std::length_error, ProcessGuard::testHook("main"));
    qputenv("SYNCSCOPE_TEST_THROW", "mainly");
    ProcessGuard::testHook("main");
    qunsetenv("SYNCSCOPE_TEST_THROW");
}

QTEST_GUILESS_MAIN(TestProcessGuard)
#include "tst_process_guard.moc"
