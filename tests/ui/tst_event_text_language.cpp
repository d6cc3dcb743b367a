// The sentences core/ writes for the window, in the interface's language: the details and the
// tooltip of every event, the wait analysis and the idle-gap sentences, and the code view's
// comments. Under English they are exactly the CLI's English; under Japanese every one has kana
// or kanji and no English word is left beyond the names the trace itself carries.
#include <QDockWidget>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QTest>

#include "core/analysis/wait_attribution.h"
#include "core/code/scenario_code.h"
#include "core/engine/engine_factory.h"
#include "core/model/tr_text.h"
#include "tests/ui/window_test_utils.h"
#include "ui/code/code_view.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/i18n/device_name_text.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/i18n/tr_text_translation.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/lane_label.h"
#include "ui/timeline/timeline_explainer.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

// Together they have every event kind the simulator writes and every kind of wait: device,
// stream and event syncs, event-query polling, stream waits, wait_stream, blocking copies, host
// functions, the caching allocator's frees, cpu.synchronize and the per-thread default stream.
const char* const kScenarios[] = {"mode-device",
                                  "mode-stream",
                                  "mode-event",
                                  "mode-event-query-poll",
                                  "mode-stream-wait-event",
                                  "mode-wait-stream",
                                  "mode-blocking-copy",
                                  "mode-host-callback",
                                  "mode-implicit-alloc",
                                  "mode-cpu-synchronize",
                                  "mode-legacy-default-stream",
                                  "per-thread-default-stream",
                                  "torch-caching-allocator",
                                  "claim-4-wait-event-is-one-event",
                                  "policy-spin"};

struct Run {
    QString name;
    std::shared_ptr<const Trace> trace;
    Scenario scenario;
};

std::vector<Run> runAll() {
    std::vector<Run> runs;
    for (const char* name : kScenarios) {
        QString error;
        auto scenario = BuiltinScenarios::load(QString::fromLatin1(name), &error);
        if (!scenario)
            qFatal("%s: %s", name, qPrintable(error));
        EngineObserver observer;
        CancelToken cancel;
        RunResult run = makeSimEngine()->run(*scenario, observer, cancel);
        runs.push_back({QString::fromLatin1(name),
                        std::make_shared<const Trace>(std::move(run.trace)), *scenario});
    }
    return runs;
}

bool hasJapanese(const QString& text) {
    static const QRegularExpression re(QStringLiteral("[\\x{3040}-\\x{30ff}\\x{4e00}-\\x{9fff}]"));
    return re.match(text).hasMatch();
}

QStringList latinWords(const QString& text) {
    static const QRegularExpression re(QStringLiteral("[A-Za-z][A-Za-z0-9_]*"));
    QStringList words;
    for (auto it = re.globalMatch(text); it.hasNext();)
        words << it.next().captured();
    return words;
}

// The words a Japanese sentence may still carry: what the trace and the scenario named (kernels,
// streams, events, API calls), units, and the API names the catalogue keeps in every language.
struct Names {
    QSet<QString> words;
    QStringList whole;  // the names as written, longest first
};

Names namesOf(const Trace& trace) {
    Names out;
    QSet<QString>& names = out.words;
    names = {QStringLiteral("GPU"),    QStringLiteral("CPU"),        QStringLiteral("ID"),
             QStringLiteral("API"),    QStringLiteral("ms"),         QStringLiteral("us"),
             QStringLiteral("ns"),     QStringLiteral("s"),          QStringLiteral("KiB"),
             QStringLiteral("MiB"),    QStringLiteral("GiB"),        QStringLiteral("B"),
             QStringLiteral("Stream"), QStringLiteral("wait_stream")};
    auto add = [&out](std::string_view s) {
        const QString name = QString::fromUtf8(s.data(), qsizetype(s.size()));
        if (!name.isEmpty() && !out.whole.contains(name))
            out.whole << name;
        for (const QString& w : latinWords(name))
            out.words.insert(w);
    };
    // A lane as the window names it: the engines' "host thread" is translated, so not a name.
    for (std::uint16_t i = 0; i < trace.lanes.size(); ++i)
        for (const QString& w : latinWords(LaneLabel::text(trace.lanes[i], i)))
            names.insert(w);
    for (const TraceEvent& e : trace.events) {
        add(trace.nameOf(e));
        add(apiName(e.api));
        if (e.mode != SyncMode::None)
            for (const QString& w : latinWords(syncModeLabel(e.mode)))
                names.insert(w);
    }
    std::sort(out.whole.begin(), out.whole.end(),
              [](const QString& a, const QString& b) { return a.size() > b.size(); });
    return out;
}

// The English words of `text` that are not names: what was left untranslated. The patterns'
// own words are looked for first, as a kernel named "spin kernel" makes "kernel" a name; in what
// is left once the names as written (a step labelled "kernel on stream 0") are taken out.
QStringList untranslated(const QString& shown, const Names& names) {
    QString text = shown;
    for (const QString& name : names.whole)
        text.replace(name, QStringLiteral("\u2022"));
    static const char* const kPatternWords[] = {
        "The host", "The GPU",  " waited",      " stalled",  " on stream", " on event",
        "(batch",   "lane:",    "start:",       "call:",     "bytes:",     "sync mode:",
        "spinning", "sleeping", "CPU burnt",    " woke",     " ended",     " idle ",
        " because", " busy",    "not recorded", "waits for", "no PyTorch", "no CUDA call"};
    QStringList left;
    for (const char* words : kPatternWords)
        if (text.contains(QLatin1String(words)))
            left << QString::fromLatin1(words);
    for (const QString& w : latinWords(text))
        if (!names.words.contains(w) && !w.startsWith(QLatin1String("cuda")) &&
            !w.startsWith(QLatin1String("torch")))
            left << w;
    return left;
}

QStringList codeColumn(CodeView& view, int column) {
    auto* table = view.findChild<QTableWidget*>(QStringLiteral("codeTable"));
    QStringList out;
    for (int r = 0; table && r < table->rowCount(); ++r)
        out << table->item(r, column)->text();
    return out;
}

}  // namespace

class TestEventTextLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        test::isolateWindowTest();
        runs_ = runAll();
    }

    void patternsFillInOnePass() {
        const TrText t("WaitAttribution", "%1 on %2",
                       {TrText(std::string("k%2")),
                        TrText("WaitAttribution", "stream %1", {TrText(std::string("2"))})});
        QCOMPARE(QString::fromStdString(t.english()), QStringLiteral("k%2 on stream 2"));
        QCOMPARE(translated(t), QStringLiteral("k%2 on stream 2"));  // no translator yet
    }

    // English first: a translator, once installed, stays for the rest of the process.
    void englishIsTheAnalysisEnglish() {
        int waits = 0;
        int gaps = 0;
        for (const Run& run : runs_) {
            TimelineExplainer explainer;
            explainer.setTrace(run.trace);
            const WaitAttribution attribution(*run.trace);
            for (std::uint32_t i = 0; i < run.trace->events.size(); ++i) {
                const QString details = explainer.details(i);
                const EventDescription d = explainer.description(i);
                QVERIFY2(!hasJapanese(details) && !hasJapanese(d.toHtml()), qPrintable(details));
                if (const auto info = attribution.attribute(i)) {
                    ++waits;
                    QCOMPARE(info->text.english(), info->sentence);
                    QCOMPARE(d.explanation, QString::fromStdString(info->sentence));
                    QVERIFY2(details.contains(QString::fromStdString(info->sentence)),
                             qPrintable(details));
                }
            }
            for (const IdleGap& gap : attribution.idleGaps()) {
                ++gaps;
                QCOMPARE(explainer.idleGapAt(gap.start_ns + gap.duration() / 2),
                         QString::fromStdString(gap.sentence));
            }
        }
        QVERIFY(waits > 20);
        QVERIFY(gaps > 5);
    }

    void englishCodeIsTheGeneratedCode() {
        for (const Run& run : runs_) {
            CodeView view;
            view.setScenario(std::make_shared<const Scenario>(run.scenario));
            const auto lines = ScenarioCode::generate(run.scenario);
            const QStringList py = codeColumn(view, 0);
            const QStringList cuda = codeColumn(view, 1);
            QCOMPARE(py.size(), qsizetype(lines.size()));
            for (std::size_t i = 0; i < lines.size(); ++i) {
                QCOMPARE(py[qsizetype(i)], QString::fromStdString(lines[i].pytorch));
                QCOMPARE(cuda[qsizetype(i)], QString::fromStdString(lines[i].cuda));
            }
        }
    }

    void japaneseDetailsAndTooltips() {
        QCOMPARE(deviceNameText("NVIDIA H200 (simulated)"),
                 QStringLiteral("NVIDIA H200 (simulated)"));
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        // The simulator's device names on a Japanese slide; a real GPU's name is as recorded.
        const QString simulated = deviceNameText("NVIDIA H200 (simulated)");
        QVERIFY2(simulated.startsWith(QStringLiteral("NVIDIA H200")) && hasJapanese(simulated) &&
                     !simulated.contains(QStringLiteral("simulated")),
                 qPrintable(simulated));
        QCOMPARE(deviceNameText("NVIDIA H200"), QStringLiteral("NVIDIA H200"));
        QSet<EventKind> kinds;
        for (const Run& run : runs_) {
            TimelineExplainer explainer;
            explainer.setTrace(run.trace);
            const Names names = namesOf(*run.trace);
            for (std::uint32_t i = 0; i < run.trace->events.size(); ++i) {
                kinds.insert(run.trace->events[i].kind);
                const EventDescription d = explainer.description(i);
                QString shown = explainer.details(i) + QLatin1Char('\n') + d.title +
                                QLatin1Char('\n') + d.explanation;
                for (const auto& row : d.rows)
                    shown += QLatin1Char('\n') + row.label + QLatin1Char(' ') + row.value;
                QVERIFY2(hasJapanese(shown), qPrintable(run.name + QLatin1Char(' ') + shown));
                const QStringList left = untranslated(shown, names);
                QVERIFY2(left.isEmpty(),
                         qPrintable(run.name + QStringLiteral(": ") + left.join(u',') +
                                    QStringLiteral("\n") + shown));
            }
        }
        for (EventKind k : {EventKind::ApiCall, EventKind::HostWait, EventKind::HostWork,
                            EventKind::Kernel, EventKind::Memcpy, EventKind::EventMarker,
                            EventKind::StreamWait, EventKind::HostCallback})
            QVERIFY2(kinds.contains(k), toString(k).data());
    }

    void japaneseWaitAndGapSentences() {
        QCOMPARE(int(UiLanguage::current()), int(Language::Ja));
        int waits = 0;
        for (const Run& run : runs_) {
            TimelineExplainer explainer;
            explainer.setTrace(run.trace);
            const WaitAttribution attribution(*run.trace);
            const Names names = namesOf(*run.trace);
            for (std::uint32_t i = 0; i < run.trace->events.size(); ++i) {
                const auto info = attribution.attribute(i);
                if (!info)
                    continue;
                ++waits;
                const QString sentence = explainer.description(i).explanation;
                QVERIFY2(sentence != QString::fromStdString(info->sentence), qPrintable(sentence));
                QVERIFY2(hasJapanese(sentence) && untranslated(sentence, names).isEmpty(),
                         qPrintable(run.name + QStringLiteral(": ") + sentence));
            }
            for (const IdleGap& gap : attribution.idleGaps()) {
                const QString sentence = explainer.idleGapAt(gap.start_ns + gap.duration() / 2);
                QVERIFY2(hasJapanese(sentence) && untranslated(sentence, names).isEmpty(),
                         qPrintable(run.name + QStringLiteral(": ") + sentence));
            }
        }
        QVERIFY(waits > 20);
    }

    // The comments of the article's mistakes read in Japanese; the code around them stays code.
    void japaneseCodeComments() {
        QCOMPARE(int(UiLanguage::current()), int(Language::Ja));
        int noted = 0;
        for (const Run& run : runs_) {
            CodeView view;
            view.setScenario(std::make_shared<const Scenario>(run.scenario));
            const auto lines = ScenarioCode::generate(run.scenario);
            const QStringList columns[] = {codeColumn(view, 0), codeColumn(view, 1)};
            for (std::size_t i = 0; i < lines.size(); ++i) {
                const std::vector<CodeNote>* notes[] = {&lines[i].pytorch_notes,
                                                        &lines[i].cuda_notes};
                const std::string* english[] = {&lines[i].pytorch, &lines[i].cuda};
                for (int c = 0; c < 2; ++c) {
                    const QString shown = columns[c][qsizetype(i)];
                    if (notes[c]->empty()) {
                        QCOMPARE(shown, QString::fromStdString(*english[c]));
                        continue;
                    }
                    // A step's label is the scenario's own words: Japanese where it gives them.
                    const CodeNote& note = notes[c]->front();
                    if (!note.text.translatable()) {
                        if (note.ja.empty())
                            QVERIFY2(shown.contains(QString::fromStdString(note.text.text())),
                                     qPrintable(shown));
                        else
                            QVERIFY2(shown.contains(QString::fromStdString(note.ja)),
                                     qPrintable(shown));
                        if (note.ja.empty())
                            continue;
                    }
                    ++noted;
                    QVERIFY2(hasJapanese(shown), qPrintable(shown));
                    // The code before the first comment is unchanged.
                    const std::string code = english[c]->substr(0, notes[c]->front().at);
                    QVERIFY2(shown.startsWith(QString::fromStdString(code)), qPrintable(shown));
                }
            }
        }
        QVERIFY(noted >= 8);
        // The article's cpu.synchronize mistake, corrected in Japanese.
        CodeView view;
        const Run& cpu = *std::find_if(runs_.begin(), runs_.end(), [](const Run& r) {
            return r.name == QLatin1String("mode-cpu-synchronize");
        });
        view.setScenario(std::make_shared<const Scenario>(cpu.scenario));
        const QString all = codeColumn(view, 0).join(u'\n');
        QVERIFY2(all.contains(QStringLiteral(
                     "torch.cpu.synchronize()  # 何も待たない。torch.cuda.synchronize() を使う")),
                 qPrintable(all));
        QVERIFY(!all.contains(QLatin1String("waits for nothing")));
        if (const QString dir = qEnvironmentVariable("SYNCSCOPE_SHOTS_DIR"); !dir.isEmpty()) {
            for (const Run& run : runs_) {
                CodeView shot;
                shot.setScenario(std::make_shared<const Scenario>(run.scenario));
                shot.resize(1300, 420);
                QVERIFY(shot.grab().save(dir + QStringLiteral("/code-ja-") + run.name +
                                         QStringLiteral(".png")));
            }
        }
    }

    // In the window: a click on a wait shows the Japanese analysis in the details dock.
    // SYNCSCOPE_SHOTS_DIR, when set, gets the dock's picture (details-ja.png) to look at.
    void japaneseDetailsDockAfterAClick() {
        QCOMPARE(int(UiLanguage::current()), int(Language::Ja));
        MainWindow window;
        QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-stream")));
        TimelineView* view = window.timeline();
        view->zoomToFit();
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const Trace& trace = *view->trace();
        std::uint32_t wait = kNone;
        for (std::uint32_t i = 0; i < trace.events.size() && wait == kNone; ++i)
            if (trace.events[i].kind == EventKind::HostWait && view->eventCenter(i))
                wait = i;
        QVERIFY(wait != kNone);
        QTest::mouseClick(view->plot(), Qt::LeftButton, Qt::NoModifier,
                          view->eventCenter(wait)->toPoint());
        QCOMPARE(view->selectedEvent(), std::optional<std::uint32_t>(wait));
        const QString shown = window.detailsPlainText();
        QVERIFY2(shown.contains(QStringLiteral("ホストは cudaStreamSynchronize で")),
                 qPrintable(shown));
        QVERIFY2(untranslated(shown, namesOf(trace)).isEmpty(), qPrintable(shown));
        if (const QString dir = qEnvironmentVariable("SYNCSCOPE_SHOTS_DIR"); !dir.isEmpty()) {
            auto* dock = window.findChild<QDockWidget*>(QStringLiteral("detailsDock"));
            QVERIFY(dock);
            QVERIFY(dock->grab().save(dir + QStringLiteral("/details-ja.png")));
            QVERIFY(window.grab().save(dir + QStringLiteral("/window-ja.png")));
        }
    }

private:
    std::vector<Run> runs_;
};

QTEST_MAIN(TestEventTextLanguage)
#include "tst_event_text_language.moc"
