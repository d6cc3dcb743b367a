#include <QDir>
#include <QDirIterator>
#include <QtTest>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"

using namespace syncscope;

namespace {

QString tracesDir() {
    return syncscope::test::realTracesDir();
}

}  // namespace

// Real traces recorded by others (PyTorch profiler, Nsight Systems): imported traces hold only
// part of what our engines record, and the checker must not invent violations from what is
// missing. Every wait gets a sentence; the stats add up.
class TestAnalysisRealTraces : public QObject {
    Q_OBJECT

private slots:
    void importedTracesHaveNoFalseViolation_data() {
        QTest::addColumn<QString>("path");
        // Every real trace, in subfolders too (h200/, param-dlrm-ranks/).
        const QDir dir(tracesDir());
        QStringList files;
        QDirIterator it(dir.path(), {"*.json", "*.json.gz", "*.sqlite"}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (!path.endsWith(QLatin1String("truth.json")))
                files << dir.relativeFilePath(path);
        }
        files.sort();
        if (files.isEmpty())
            QTest::newRow("no traces") << QString();
        for (const auto& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void importedTracesHaveNoFalseViolation() {
        QFETCH(QString, path);
        if (path.isEmpty())
            SYNCSCOPE_MISSING_REAL_TRACES("no real traces");
        const ImportResult imported = TraceImporter::importFile(path.toStdString());
        if (!imported.trace)
            QSKIP(qPrintable("the importer cannot read it: " +
                             QString::fromStdString(imported.error)));
        const Trace& trace = *imported.trace;

        // No violation the documentation does not support; observations (what a recording may
        // show, docs/semantics.md section 6) are counted apart.
        QString text;
        std::size_t observations = 0;
        for (const auto& v : InvariantChecker().check(trace)) {
            if (v.severity == Violation::Severity::Observation) {
                ++observations;
                continue;
            }
            text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
        }
        QVERIFY2(text.isEmpty(), qPrintable(text));

        const WaitAttribution attribution(trace);
        std::size_t waits = 0;
        for (std::uint32_t i = 0; i < trace.events.size(); ++i) {
            const auto info = attribution.attribute(i);
            if (!info)
                continue;
            ++waits;
            QVERIFY(!info->sentence.empty() && info->sentence.back() == '.');
            QCOMPARE(info->duration_ns, trace.events[i].duration());
        }
        const TraceStats stats = computeStats(trace);
        QCOMPARE(stats.gpu_busy_ns + stats.gpu_idle_ns, stats.gpu_span_ns);
        QVERIFY(stats.gpu_idle_from_syncs_ns <= stats.gpu_idle_ns);
        QVERIFY(stats.stream_overlap_ns <= stats.gpu_busy_ns);
        // Every idle nanosecond has one cause; what the trace does not explain stays small.
        TimeNs parts = 0;
        for (const TimeNs ns : stats.idle.ns)
            parts += ns;
        QCOMPARE(parts, stats.gpu_idle_ns);
        QVERIFY2(stats.idle.of(IdleCause::Unexplained) * 20 <= stats.gpu_idle_ns,
                 qPrintable(QString("unexplained %1 of %2 ns")
                                .arg(stats.idle.of(IdleCause::Unexplained))
                                .arg(stats.gpu_idle_ns)));
        qInfo(
            "%zu events, %zu waits, %zu observations, GPU idle %lld ns of which %lld ns after "
            "syncs",
            trace.events.size(), waits, observations, static_cast<long long>(stats.gpu_idle_ns),
            static_cast<long long>(stats.gpu_idle_from_syncs_ns));
    }
};

QTEST_GUILESS_MAIN(TestAnalysisRealTraces)
#include "tst_analysis_real_traces.moc"
