// A build without the CUDA engine: the "cuda" engine is there, unavailable, and says why in the
// words that fit this build (turned off on purpose, or no toolkit found).
#include <QtTest>

#include "core/engine/engine_factory.h"

using namespace syncscope;

class TestCudaEngineUnavailable : public QObject {
    Q_OBJECT

private slots:
    void unavailableAndSaysWhy() {
        const auto engine = makeCudaEngine();
        QVERIFY(engine != nullptr);
        QCOMPARE(QString::fromUtf8(engine->id().data(), qsizetype(engine->id().size())),
                 QStringLiteral("cuda"));
        const EngineAvailability a = engine->availability();
        QVERIFY(!a.available);
        const QString message = QString::fromStdString(a.message);
        QVERIFY2(message.startsWith(QStringLiteral("this build of syncscope has no CUDA engine")),
                 qPrintable(message));
        const bool turned_off =
            QStringLiteral(SYNCSCOPE_WITH_CUDA_SETTING) == QStringLiteral("OFF");
        QCOMPARE(message.contains(QStringLiteral("SYNCSCOPE_WITH_CUDA=OFF")), turned_off);
        QCOMPARE(message.contains(QStringLiteral("toolkit was not found")), !turned_off);
    }

    void chooseCudaIsAnErrorWithTheReason() {
        const EngineChoice choice = chooseEngine("cuda");
        QVERIFY(choice.engine == nullptr);
        const QString error = QString::fromStdString(choice.error);
        QVERIFY2(error.contains(QStringLiteral("no CUDA engine")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestCudaEngineUnavailable)
#include "tst_cuda_engine_unavailable.moc"
