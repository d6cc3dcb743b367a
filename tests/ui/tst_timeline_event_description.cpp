// EventDescription: the details pane's content as data (title, labelled rows, the explanation of
// a wait), built from the trace and rendered to HTML in one place.
#include <QStringList>
#include <QTest>
#include <QTextDocument>

#include "core/analysis/wait_attribution.h"
#include "tests/support/real_traces.h"
#include "tst_timeline_fixtures.h"
#include "ui/files/document_loader.h"
#include "ui/timeline/event_description.h"
#include "ui/timeline/timeline_explainer.h"

using namespace syncscope;

namespace {

// The details suite's stream sync that spun 1.80 ms for a kernel of batch 7 on stream 2, plus a
// pageable copy whose name needs escaping.
Trace waitTrace(std::uint32_t* wait, std::uint32_t* kernel, std::uint32_t* copy) {
    Trace t = testing::syncWaitTrace(wait, kernel);
    TraceEvent c;
    c.kind = EventKind::Memcpy;
    c.lane = 2;
    c.start_ns = 3'000'000;
    c.end_ns = 3'500'000;
    c.setBytes(3u << 20);
    c.flags = event_flags::kPageable;
    c.name = t.strings.intern("copy <a&b>");
    *copy = t.addEvent(c);
    return t;
}

// The value of the row labelled `label`, empty when there is none.
QString rowValue(const EventDescription& d, const QString& label) {
    for (const EventDescription::Row& r : d.rows)
        if (r.label == label)
            return r.value;
    return {};
}

// Everything the pane shows, one line each: title, explanation, "label: value".
QString lines(const EventDescription& d) {
    QStringList out;
    if (!d.title.isEmpty())
        out << d.title;
    if (!d.explanation.isEmpty())
        out << d.explanation;
    for (const EventDescription::Row& r : d.rows)
        out << r.label + QStringLiteral(": ") + r.value;
    return out.join(QLatin1Char('\n'));
}

QString plain(const QString& html) {
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText();
}

}  // namespace

class TestTimelineEventDescription : public QObject {
    Q_OBJECT
private slots:
    void aWaitHasRowsAndItsExplanation();
    void theAnalysisSentenceReplacesTheShortOne();
    void aKernelHasNoExplanation();
    void htmlShowsEveryPartEscaped();
    void noSuchEventIsEmpty();
    void aSyncCallOfARealProgramSaysWhy();
};

void TestTimelineEventDescription::aWaitHasRowsAndItsExplanation() {
    std::uint32_t wait = 0, kernel = 0, copy = 0;
    const Trace t = waitTrace(&wait, &kernel, &copy);
    const EventDescription d = EventDescription::of(t, wait);
    QCOMPARE(d.title, QStringLiteral("Host wait cudaStreamSynchronize — 1.80 ms"));
    QCOMPARE(rowValue(d, QStringLiteral("Lane")), QStringLiteral("host waits"));
    QCOMPARE(rowValue(d, QStringLiteral("Start")), QStringLiteral("1.20 ms"));
    QCOMPARE(rowValue(d, QStringLiteral("End")), QStringLiteral("3.00 ms"));
    QCOMPARE(rowValue(d, QStringLiteral("Batch")), QStringLiteral("7"));
    QCOMPARE(rowValue(d, QStringLiteral("Step")), QStringLiteral("22"));
    QCOMPARE(rowValue(d, QStringLiteral("Call")), QStringLiteral("cudaStreamSynchronize"));
    QCOMPARE(rowValue(d, QStringLiteral("CPU burnt while waiting")), QStringLiteral("1.79 ms"));
    QVERIFY(!rowValue(d, QStringLiteral("Sync mode")).isEmpty());
    // Without the analysis: the short sentence, as a sentence.
    QCOMPARE(
        d.explanation,
        QStringLiteral("Waited 1.80 ms for kernel spin_kernel (batch 7) on stream 2; spinning"));
    // No row carries the sentence again, and no row is empty.
    for (const EventDescription::Row& r : d.rows) {
        QVERIFY(!r.label.isEmpty() && !r.value.isEmpty());
        QVERIFY(!r.value.contains(QStringLiteral("waited")));
    }
}

void TestTimelineEventDescription::theAnalysisSentenceReplacesTheShortOne() {
    std::uint32_t wait = 0, kernel = 0, copy = 0;
    const Trace t = waitTrace(&wait, &kernel, &copy);
    const WaitAttribution attribution(t);
    const EventDescription d = EventDescription::of(t, wait, &attribution);
    QVERIFY2(d.explanation.startsWith(QStringLiteral("The host waited 1.80 ms")),
             qPrintable(d.explanation));
    QVERIFY2(d.explanation.contains(QStringLiteral("spin_kernel")), qPrintable(d.explanation));
    QCOMPARE(d.rows, EventDescription::of(t, wait).rows);
}

void TestTimelineEventDescription::aKernelHasNoExplanation() {
    std::uint32_t wait = 0, kernel = 0, copy = 0;
    const Trace t = waitTrace(&wait, &kernel, &copy);
    const WaitAttribution attribution(t);
    const EventDescription d = EventDescription::of(t, kernel, &attribution);
    QCOMPARE(d.title, QStringLiteral("Kernel spin_kernel — 2.00 ms"));
    QVERIFY(d.explanation.isEmpty());
    QCOMPARE(rowValue(d, QStringLiteral("Lane")), QStringLiteral("stream 2"));
    QVERIFY(rowValue(d, QStringLiteral("Call")).isEmpty());
    QCOMPARE(lines(d), QStringLiteral("Kernel spin_kernel — 2.00 ms\n"
                                      "Lane: stream 2\n"
                                      "Start: 1.00 ms\n"
                                      "End: 3.00 ms\n"
                                      "Batch: 7\n"
                                      "Step: 21"));
}

void TestTimelineEventDescription::htmlShowsEveryPartEscaped() {
    std::uint32_t wait = 0, kernel = 0, copy = 0;
    const Trace t = waitTrace(&wait, &kernel, &copy);
    const EventDescription d = EventDescription::of(t, copy);
    QCOMPARE(rowValue(d, QStringLiteral("Bytes")), QStringLiteral("3.00 MiB"));
    QCOMPARE(rowValue(d, QStringLiteral("Notes")), QStringLiteral("pageable host memory"));
    const QString html = d.toHtml();
    QVERIFY2(html.contains(QStringLiteral("<h3>Copy copy &lt;a&amp;b&gt;")), qPrintable(html));
    QVERIFY(!html.contains(QStringLiteral("<a&b>")));
    const QString text = plain(html);
    QVERIFY2(text.contains(QStringLiteral("copy <a&b>")), qPrintable(text));
    for (const EventDescription::Row& r : d.rows) {
        QVERIFY2(text.contains(r.label), qPrintable(r.label));
        QVERIFY2(text.contains(r.value), qPrintable(r.value));
    }
    // A wait's explanation comes first, right under the title.
    const QString wait_text = plain(EventDescription::of(t, wait).toHtml());
    QVERIFY2(wait_text.indexOf(QStringLiteral("Waited 1.80 ms")) <
                 wait_text.indexOf(QStringLiteral("Lane")),
             qPrintable(wait_text));
}

void TestTimelineEventDescription::noSuchEventIsEmpty() {
    std::uint32_t wait = 0, kernel = 0, copy = 0;
    const Trace t = waitTrace(&wait, &kernel, &copy);
    const EventDescription d = EventDescription::of(t, 99);
    QVERIFY(d.isEmpty());
    QVERIFY(d.rows.isEmpty());
    QVERIFY(d.toHtml().isEmpty());
}

QTEST_MAIN(TestTimelineEventDescription)
#include "tst_timeline_event_description.moc"

// Issue 38 item 10: in an imported profile, clicking the sync call itself (not only its wait
// sub-lane) says why the host stopped there: the call's explanation is its wait's.
void TestTimelineEventDescription::aSyncCallOfARealProgramSaysWhy() {
    const QString path = test::realTracesDir() +
                         QStringLiteral("/h200/torch-cpu-vs-cuda-synchronize.pt.trace.json.gz");
    if (!QFile::exists(path))
        SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("h200/torch-cpu-vs-cuda-synchronize"));
    const LoadedDocument document = DocumentLoader::load(path);
    QVERIFY2(document.ok() && document.trace, qPrintable(document.error));
    const Trace& t = *document.trace;
    const WaitAttribution attribution(t);
    // As the details pane asks: through the timeline's explainer.
    TimelineExplainer explainer;
    explainer.setTrace(document.trace);
    int calls = 0, torch_calls = 0;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const TraceEvent& e = t.events[i];
        if (e.kind == EventKind::HostWait || e.kind == EventKind::StreamWait)
            continue;
        const auto info = attribution.explain(i);
        if (!info || info->text.empty())
            continue;  // returned at once: nothing held it
        // Every call the analysis can explain says why in the pane: the sync calls
        // (cudaDeviceSynchronize…) and the torch-level calls around them (torch.cuda.synchronize).
        const EventDescription call = explainer.description(i);
        QVERIFY2(!call.explanation.isEmpty(), qPrintable(call.title));
        QVERIFY2(call.explanation.contains(QStringLiteral("waited")), qPrintable(call.explanation));
        ++(e.kind == EventKind::ApiCall ? calls : torch_calls);
    }
    QVERIFY(calls > 0);
    QVERIFY(torch_calls > 0);
}
