// chooseEngine with the CUDA engine built but no usable GPU: "auto" falls back to the simulator
// and says why; "cuda" is an error with the reason.
#include <QtTest>

#include "core/engine/engine_factory.h"

using namespace syncscope;

class TestCudaEngineChoice : public QObject {
    Q_OBJECT

private slots:
    void autoFallsBackToTheSimulator() {
        if (makeCudaEngine()->availability().available)
            QSKIP("a usable CUDA device is present: auto picks it");
        const EngineChoice choice = chooseEngine("auto");
        QVERIFY(choice.engine != nullptr);
        QCOMPARE(
            QString::fromUtf8(choice.engine->id().data(), qsizetype(choice.engine->id().size())),
            QString("sim"));
        QVERIFY(choice.error.empty());
        const QString note = QString::fromStdString(choice.note);
        QVERIFY2(note.contains("using the simulator"), qPrintable(note));
        QVERIFY2(note.contains("no usable CUDA device") || note.contains("no NVIDIA GPU found") ||
                     note.contains("CUPTI unavailable"),
                 qPrintable(note));
    }

    void cudaIsAnErrorWithTheReason() {
        if (makeCudaEngine()->availability().available)
            QSKIP("a usable CUDA device is present: cuda is available");
        const EngineChoice choice = chooseEngine("cuda");
        QVERIFY(choice.engine == nullptr);
        const QString error = QString::fromStdString(choice.error);
        QVERIFY2(error.startsWith("CUDA engine unavailable: "), qPrintable(error));
        QVERIFY2(error.contains("no usable CUDA device") || error.contains("no NVIDIA GPU found") ||
                     error.contains("CUPTI unavailable"),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestCudaEngineChoice)
#include "tst_cuda_engine_choice.moc"
