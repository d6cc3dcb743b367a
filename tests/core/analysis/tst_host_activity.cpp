#include <QtTest>

#include "core/analysis/host_activity.h"

using namespace syncscope;

Q_DECLARE_METATYPE(syncscope::HostActivity)

// What a host event's name says the thread was doing (docs/semantics.md "Idle time, explained").
class TestHostActivity : public QObject {
    Q_OBJECT

private slots:
    void names_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<HostActivity>("activity");
        QTest::addColumn<bool>("recorderRow");
        auto row = [](const char* name, HostActivity a, bool recorder = false) {
            QTest::newRow(name) << QString::fromUtf8(name) << a << recorder;
        };
        // Python frames of with_stack, also those that do not look like a file.
        row("torch/nn/modules/module.py(1743): _call_impl", HostActivity::Python);
        row("<string>(1): <module>", HostActivity::Python);
        row("nn.Module: Linear_0", HostActivity::Python);
        row("<built-in method item of Tensor object at 0x7f1>", HostActivity::Python);
        row("<frozen importlib._bootstrap>(1007): _find_and_load", HostActivity::Python);
        // Ops and calls.
        row("aten::view", HostActivity::Work);
        row("aten::conv2d", HostActivity::Work);
        row("cudaLaunchKernel", HostActivity::Work);
        row("autograd::engine::evaluate_function: AddmmBackward0", HostActivity::Work);
        // Ranges.
        row("ProfilerStep#3", HostActivity::Step);
        row("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__",
            HostActivity::DataLoader);
        // What the trace records as setup, on CUPTI's own rows or as calls and frames.
        row("Runtime Triggered Module Loading", HostActivity::Startup, true);
        row("Lazy Function Loading", HostActivity::Startup, true);
        row("cuModuleLoadData", HostActivity::Startup);
        row("cuLibraryLoadData", HostActivity::Startup);
        row("cublasCreate_v2", HostActivity::Startup);
        row("cublasLtCreate", HostActivity::Startup);
        row("torch/cuda/__init__.py(319): _lazy_init", HostActivity::Startup);
        // The profiler's own work.
        row("Activity Buffer Request", HostActivity::ProfilerOverhead, true);
        row("Buffer Flush", HostActivity::ProfilerOverhead, true);
        row("torch/profiler/profiler.py(756): __enter__", HostActivity::ProfilerOverhead);
    }
    void names() {
        QFETCH(QString, name);
        QFETCH(HostActivity, activity);
        QFETCH(bool, recorderRow);
        const std::string n = name.toStdString();
        QCOMPARE(int(hostActivityOf(n)), int(activity));
        QCOMPARE(isRecorderOverheadRow(n), recorderRow);
    }
};

QTEST_GUILESS_MAIN(TestHostActivity)
#include "tst_host_activity.moc"
