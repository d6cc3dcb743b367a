// A scenario as PyTorch and CUDA code: exact lines for a small built-in, the corrections where
// the article used a wrong call, and lines that stand for exactly the steps a run has.
#include <QDir>
#include <QTest>

#include "core/code/scenario_code.h"
#include "core/model/sync_mode.h"
#include "core/model/sync_mode_steps.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

namespace {

const QString kScenarios = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios");

Scenario builtin(const QString& name) {
    const ScenarioParseResult parsed =
        ScenarioReader::readFile((kScenarios + "/" + name + ".json").toStdString());
    if (!parsed.ok())
        qFatal("%s: %s", qPrintable(name), parsed.errorText().c_str());
    return *parsed.scenario;
}

QStringList pytorch(const std::vector<CodeLine>& lines) {
    QStringList out;
    for (const CodeLine& l : lines)
        out << QString::fromStdString(l.pytorch);
    return out;
}

}  // namespace

class TstScenarioCode : public QObject {
    Q_OBJECT
private slots:
    void cpuSynchronizeExactly() {
        const std::vector<CodeLine> lines = ScenarioCode::generate(builtin("mode-cpu-synchronize"));
        QCOMPARE(lines.size(), std::size_t(5));
        const std::vector<std::array<const char*, 2>> want = {
            {"s1 = torch.cuda.Stream()", "cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);"},
            {"with torch.cuda.stream(s1): torch.cuda._sleep(cycles_for_us(2000))  # not "
             "torch.cuda.launch_kernel (no such function): ops launch kernels",
             "spin_kernel<<<1, 32, 0, s1>>>(2000 /* us */);  // work to wait for"},
            {"torch.cpu.synchronize()  # waits for nothing; use torch.cuda.synchronize()",
             "/* no CUDA call: torch.cpu.synchronize() is empty */"},
            {"busy_cpu(us=50)", "busy_cpu(50 /* us */);  // 'timing' taken here"},
            {"torch.cuda.synchronize()", "cudaDeviceSynchronize();"},
        };
        for (std::size_t i = 0; i < want.size(); ++i) {
            QCOMPARE(QString::fromStdString(lines[i].pytorch), QString::fromUtf8(want[i][0]));
            QCOMPARE(QString::fromStdString(lines[i].cuda), QString::fromUtf8(want[i][1]));
        }
        QVERIFY(lines[0].steps.empty());
        for (std::uint32_t i = 1; i < 5; ++i)
            QCOMPARE(lines[i].steps, std::vector<std::uint32_t>{i - 1});
        QCOMPARE(ScenarioCode::lineOfStep(lines, 1), std::optional<std::size_t>(2));
        QCOMPARE(ScenarioCode::lineOfStep(lines, 9), std::optional<std::size_t>());
    }

    // A repeat's body is written once, under its loop; each body line stands for every
    // iteration of its step.
    void repeatBodyLinesHoldEveryIteration() {
        const std::vector<CodeLine> lines = ScenarioCode::generate(builtin("mode-device"));
        const QStringList py = pytorch(lines);
        const auto loop = py.indexOf(QStringLiteral("for i in range(4):"));
        QVERIFY2(loop >= 0, qPrintable(py.join('\n')));
        QVERIFY(lines[std::size_t(loop)].steps.empty());
        QCOMPARE(lines[std::size_t(loop) + 1].steps, (std::vector<std::uint32_t>{0, 3, 6, 9}));
        QCOMPARE(lines[std::size_t(loop) + 3].steps, (std::vector<std::uint32_t>{2, 5, 8, 11}));
        QCOMPARE(py[loop + 3], QStringLiteral("    torch.cuda.synchronize()"));
        QCOMPARE(QString::fromStdString(lines[std::size_t(loop) + 3].cuda),
                 QStringLiteral("    cudaDeviceSynchronize();"));
    }

    void wrongCallsCarryTheCorrection() {
        const QStringList claim2 =
            pytorch(ScenarioCode::generate(builtin("claim-2-no-wait-for-kernel-i")));
        QVERIFY2(claim2.filter(QStringLiteral("torch.cpu.synchronize(2)  # waits for nothing: 2 is "
                                              "an ignored device, not kernel 2"))
                         .size() == 1,
                 qPrintable(claim2.join('\n')));

        const QStringList claim3 =
            pytorch(ScenarioCode::generate(builtin("claim-3-launches-are-async")));
        // Said once, at the first launch, not on every kernel.
        QCOMPARE(claim3.filter(QStringLiteral("not torch.cuda.launch_kernel")).size(), 1);
        QCOMPARE(claim3.filter(QStringLiteral("torch.cuda._sleep")).size(), 3);

        const QStringList claim4 =
            pytorch(ScenarioCode::generate(builtin("claim-4-wait-event-is-one-event")));
        const QStringList waits = claim4.filter(QStringLiteral(".wait_event("));
        QCOMPARE(waits.size(), 1);
        QVERIFY(waits.first().contains(QStringLiteral("not every event of a stream")));

        const QStringList blocking = pytorch(ScenarioCode::generate(builtin("mode-blocking-copy")));
        QVERIFY2(
            blocking.filter(QStringLiteral(".cpu()  # waits for the copy: a hidden sync")).size() ==
                1,
            qPrintable(blocking.join('\n')));
    }

    // A sync mode's call is written as the sync-mode table spells it (SyncModeInfo::pytorch_code,
    // cuda_code): the code view had its own spellings of every call.
    void syncCallsAreSpelledAsTheSyncModeTable() {
        int checked = 0;
        for (const SyncModeSteps& mode : syncModeStepsTable()) {
            const SyncModeInfo& info = syncModeInfo(mode.mode);
            if (info.pytorch_code.empty())
                continue;
            const Scenario scenario =
                builtin(QStringLiteral("mode-") +
                        QString::fromLatin1(info.id.data(), qsizetype(info.id.size())));
            const std::vector<Step> expanded = expandProgram(scenario.program);
            // What stays fixed of a form: the text up to its first placeholder.
            const auto fixed = [](std::string_view form) {
                return std::string(form.substr(0, form.find('{')));
            };
            bool found = false;
            for (const CodeLine& line : ScenarioCode::generate(scenario)) {
                if (line.steps.empty() || expanded[line.steps.front()].kind != mode.call_step)
                    continue;
                found = true;
                // Inside a loop a line is indented.
                const auto unindented = [](const std::string& text) {
                    return std::string_view(text).substr(
                        std::min(text.find_first_not_of(' '), text.size()));
                };
                QVERIFY2(unindented(line.pytorch).starts_with(fixed(info.pytorch_code)),
                         line.pytorch.c_str());
                if (!info.cuda_code.empty())
                    QVERIFY2(unindented(line.cuda).starts_with(fixed(info.cuda_code)),
                             line.cuda.c_str());
                QVERIFY2(line.pytorch.find('{') == std::string::npos, line.pytorch.c_str());
                QVERIFY2(line.cuda.find("{cs}") == std::string::npos, line.cuda.c_str());
            }
            QVERIFY2(found, info.id.data());
            ++checked;
        }
        QCOMPARE(checked, 7);  // cpu, device, stream, event, wait_event, wait_stream, query poll
        QCOMPARE(syncModeCode("{s}.wait_stream({o}) {x}", {{"s", "s1"}, {"o", "s2"}}),
                 std::string("s1.wait_stream(s2) "));
    }

    // Every expanded step of every built-in is on exactly one line, and a line's steps are all
    // of one kind and label: the line is what the timeline's events of those steps came from.
    void everyBuiltinCoversItsSteps_data() {
        QTest::addColumn<QString>("name");
        for (const QString& f :
             QDir(kScenarios).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f.chopped(5);
    }

    void everyBuiltinCoversItsSteps() {
        QFETCH(QString, name);
        const Scenario scenario = builtin(name);
        const std::vector<Step> expanded = expandProgram(scenario.program);
        const std::vector<CodeLine> lines = ScenarioCode::generate(scenario);
        std::vector<int> seen(expanded.size(), 0);
        for (const CodeLine& line : lines) {
            QVERIFY(!line.pytorch.empty() && !line.cuda.empty());
            for (const std::uint32_t s : line.steps) {
                QVERIFY(s < expanded.size());
                ++seen[s];
                QVERIFY(expanded[s].kind == expanded[line.steps.front()].kind);
                QCOMPARE(expanded[s].label, expanded[line.steps.front()].label);
            }
        }
        for (std::size_t i = 0; i < seen.size(); ++i)
            QVERIFY2(seen[i] == 1,
                     qPrintable(QStringLiteral("step %1 on %2 lines").arg(i).arg(seen[i])));
    }
};

QTEST_MAIN(TstScenarioCode)
#include "tst_scenario_code.moc"
