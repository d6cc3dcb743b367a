// SettingsWriter: settings are written on a worker, in order, and flush() makes them readable.
// Opening a file wrote the recent-files list on the GUI thread, and QSettings' fsync stalled it
// 0.5 s after a big write (issue 14).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <chrono>
#include <thread>

#include "ui/jobs/settings_writer.h"

using namespace syncscope;

class TestJobsSettingsWriter : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("syncscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("settings-writer"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir_.path());
    }

    void init() {
        SettingsWriter::instance().flush();
        QFile::remove(QSettings().fileName());
    }

    void valuesLandInTheOrderGiven() {
        auto& writer = SettingsWriter::instance();
        for (int i = 0; i < 200; ++i)
            writer.setValue(QStringLiteral("counter"), i);
        writer.setValue(QStringLiteral("other"),
                        QStringList{QStringLiteral("a"), QStringLiteral("b")});
        writer.flush();
        const QSettings settings;
        QCOMPARE(settings.value(QStringLiteral("counter")).toInt(), 199);
        QCOMPARE(settings.value(QStringLiteral("other")).toStringList(),
                 (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    }

    // The settings file is a FIFO that nobody writes: a QSettings reading it blocks, as a sync
    // waiting for a busy disk would. The caller must come back at once anyway.
    void theCallerNeverWaitsForTheFile() {
        const QString file = QSettings().fileName();
        QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
        QCOMPARE(::mkfifo(QFile::encodeName(file).constData(), 0600), 0);
        std::atomic<bool> returned{false};
        std::atomic<bool> unblocked_by_watchdog{false};
        // If setValue blocked on the FIFO, this lets it go after 5 s so the test fails instead of
        // hanging.
        std::thread watchdog([&] {
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (!returned && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            if (returned)
                return;
            unblocked_by_watchdog = true;
            const int fd = ::open(QFile::encodeName(file).constData(), O_WRONLY);
            if (fd >= 0)
                ::close(fd);
        });
        SettingsWriter::instance().setValue(QStringLiteral("late"), 42);
        returned = true;
        watchdog.join();
        QVERIFY(!unblocked_by_watchdog);
        // The worker is stuck opening the FIFO for reading (a writer's non-blocking open succeeds
        // only while a reader has it open). Open the other end and let it finish.
        int fd = -1;
        for (int i = 0; i < 1000 && fd < 0; ++i) {
            fd = ::open(QFile::encodeName(file).constData(), O_WRONLY | O_NONBLOCK);
            if (fd < 0)
                QTest::qWait(10);
        }
        QVERIFY2(fd >= 0, "the worker never opened the settings file");
        ::close(fd);
        SettingsWriter::instance().flush();
        QVERIFY(QFileInfo(file).isFile());
        const QSettings settings;
        QCOMPARE(settings.value(QStringLiteral("late")).toInt(), 42);
    }

    // A program that ends while a write into a big settings file is queued (the window writes
    // its geometry as it closes): the value lands, and the program exits cleanly.
    void aWriteQueuedAtTheEndLands() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("syncscope-test/exit.conf"));
        QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
        {
            QFile big(file);
            QVERIFY(big.open(QIODevice::WriteOnly));
            big.write("[General]\njunk=");
            const QByteArray block(1 << 20, 'x');
            for (int i = 0; i < 20; ++i)
                big.write(block);
            big.write("\n");
        }
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SYNCSCOPE_SETTINGS_EXIT_CHILD"), dir.path());
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(child.waitForFinished(120000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 0);
        const QSettings written(file, QSettings::IniFormat);
        QCOMPARE(written.value(QStringLiteral("window/last")).toInt(), 7);
    }
};

// The child of aWriteQueuedAtTheEndLands: queues a write into the big settings file and ends at
// once, as the window does on quit.
int exitWithAWriteQueued(int argc, char** argv, const QString& folder) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("syncscope-test"));
    QCoreApplication::setApplicationName(QStringLiteral("exit"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, folder);
    SettingsWriter::instance().setValue(QStringLiteral("window/last"), 7);
    return 0;
}

int main(int argc, char** argv) {
    if (const QString folder = qEnvironmentVariable("SYNCSCOPE_SETTINGS_EXIT_CHILD");
        !folder.isEmpty())
        return exitWithAWriteQueued(argc, argv, folder);
    QCoreApplication app(argc, argv);
    TestJobsSettingsWriter test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_jobs_settings_writer.moc"
