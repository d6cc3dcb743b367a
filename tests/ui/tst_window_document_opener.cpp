// DocumentOpener: file loads run as jobs; the newest open wins whatever order loads finish in,
// and a superseded load is told to stop.
#include <QDir>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <map>
#include <memory>

#include "ui/files/document_opener.h"

using namespace syncscope;
using namespace Qt::StringLiterals;

namespace {

// A loader whose loads each wait for the test to release them, by path. It ignores cancel, as a
// loader stuck in one big read would.
struct GatedLoader {
    struct Load {
        QSemaphore gate;
        std::atomic<bool> entered{false};
        std::atomic<bool> cancelled_when_released{false};
    };
    std::map<QString, std::shared_ptr<Load>> loads;

    std::shared_ptr<Load> add(const QString& path) {
        auto load = std::make_shared<Load>();
        loads[path] = load;
        return load;
    }
    DocumentOpener::Loader loader() {
        auto held = loads;
        return [held](const QString& path, const std::atomic<bool>* cancel) {
            const std::shared_ptr<Load>& load = held.at(path);
            load->entered = true;
            load->gate.acquire();
            load->cancelled_when_released = cancel && cancel->load();
            LoadedDocument document;
            document.path = path;
            return document;
        };
    }
};

}  // namespace

class TestWindowDocumentOpener : public QObject {
    Q_OBJECT
private slots:
    void newerLoadWins_data();
    void newerLoadWins();
    void cancelDropsTheLoad();
    void opensARealFile();
};

void TestWindowDocumentOpener::newerLoadWins_data() {
    QTest::addColumn<bool>("older_finishes_first");
    QTest::newRow("older finishes first") << true;
    QTest::newRow("older finishes last") << false;
}

void TestWindowDocumentOpener::newerLoadWins() {
    QFETCH(bool, older_finishes_first);
    GatedLoader gated;
    auto older = gated.add(u"older.json"_s);
    auto newer = gated.add(u"newer.json"_s);
    DocumentOpener opener;
    opener.setLoader(gated.loader());
    QList<QString> shown;
    connect(&opener, &DocumentOpener::loaded, this,
            [&](const LoadedDocument& document) { shown.append(document.path); });
    QSignalSpy stale(&opener, &DocumentOpener::staleLoadDropped);

    const quint64 older_id = opener.open(u"older.json"_s);
    QTRY_VERIFY_WITH_TIMEOUT(older->entered.load(), 10000);
    opener.open(u"newer.json"_s);
    QTRY_VERIFY_WITH_TIMEOUT(newer->entered.load(), 10000);
    QVERIFY(opener.isLoading());

    auto olderDropped = [&] {
        return std::any_of(stale.cbegin(), stale.cend(), [&](const QList<QVariant>& args) {
            return args.at(0).toULongLong() == older_id;
        });
    };
    if (older_finishes_first) {
        older->gate.release();
        QTRY_VERIFY_WITH_TIMEOUT(olderDropped(), 10000);
        QVERIFY(shown.isEmpty());
        QVERIFY(opener.isLoading());
        newer->gate.release();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    } else {
        newer->gate.release();
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
        older->gate.release();
        QTRY_VERIFY_WITH_TIMEOUT(olderDropped(), 10000);
    }
    QCOMPARE(shown, QList<QString>{u"newer.json"_s});
    QVERIFY(!opener.isLoading());
    // The older load was told to stop; the newer one was not.
    QVERIFY(older->cancelled_when_released);
    QVERIFY(!newer->cancelled_when_released);
}

void TestWindowDocumentOpener::cancelDropsTheLoad() {
    GatedLoader gated;
    auto load = gated.add(u"a.json"_s);
    DocumentOpener opener;
    opener.setLoader(gated.loader());
    QSignalSpy loaded(&opener, &DocumentOpener::loaded);
    QSignalSpy stale(&opener, &DocumentOpener::staleLoadDropped);
    opener.open(u"a.json"_s);
    QTRY_VERIFY_WITH_TIMEOUT(load->entered.load(), 10000);
    opener.cancel();
    QVERIFY(!opener.isLoading());
    load->gate.release();
    QTRY_COMPARE_WITH_TIMEOUT(stale.size(), 1, 10000);
    QVERIFY(loaded.isEmpty());
    QVERIFY(load->cancelled_when_released);
}

void TestWindowDocumentOpener::opensARealFile() {
    DocumentOpener opener;
    QList<LoadedDocument> shown;
    connect(&opener, &DocumentOpener::loaded, this,
            [&](const LoadedDocument& document) { shown.append(document); });
    const QString path = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios");
    const QStringList files = QDir(path).entryList({u"*.json"_s}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    opener.open(path + u"/"_s + files.front());
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 10000);
    QVERIFY2(shown.front().ok(), qPrintable(shown.front().error));
    QVERIFY(shown.front().scenario.has_value());
}

QTEST_GUILESS_MAIN(TestWindowDocumentOpener)
#include "tst_window_document_opener.moc"
