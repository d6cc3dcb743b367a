// No crash, no hang, no nonsense on malformed input: every corpus file (fixtures and the broken
// corpus) and 2,000 deterministic mutations per importer go through each importer's in-memory entry
// point. A result is either an error with text or a trace whose indices all point somewhere.
// (The same corpus seeds the libFuzzer targets in tests/fuzz; see docs/fuzzing.md.)

#include <QtTest>
#include <functional>
#include <vector>

#include "core/interchange/kineto/kineto_importer.h"
#include "core/interchange/nsys/nsys_importer.h"
#include "core/interchange/trace_importer.h"
#include "tests/core/interchange/interchange_test_support.h"
#include "tests/core/interchange/nsys/nsys_test_database.h"
#include "tests/core/interchange/trace_mutator.h"
#include "tests/support/kineto_json.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

constexpr int kMutationsPerImporter = 2000;

using Entry = std::function<ImportResult(std::string_view, const ImportOptions&)>;

// Empty when the result is coherent, else what is wrong.
std::string checkResult(const ImportResult& r) {
    if (!r.ok())
        return r.error.empty() ? "failed without an error message" : std::string();
    const Trace& t = *r.trace;
    for (std::size_t i = 0; i < t.lanes.size(); ++i)
        if (t.lanes[i].parent != kNoLane && t.lanes[i].parent >= t.lanes.size())
            return "lane parent out of range";
    for (const auto& e : t.events) {
        if (e.lane >= t.lanes.size())
            return "event lane out of range";
        if (e.target_lane != kNoLane && e.target_lane >= t.lanes.size())
            return "target lane out of range";
        if (e.awaited != kNone && e.awaited >= t.events.size())
            return "awaited out of range";
        if (e.name >= t.strings.size())
            return "name out of range";
        if (e.end_ns < e.start_ns)
            return "negative duration";
    }
    for (const auto& f : t.flows)
        if (f.from >= t.events.size() || f.to >= t.events.size())
            return "flow out of range";
    return {};
}

}  // namespace

class TstImporterRobustness : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::vector<std::pair<QString, std::string>> json_, sqlite_, all_;

    void run(const char* label, const Entry& entry,
             const std::vector<std::pair<QString, std::string>>& corpus) {
        QVERIFY(!corpus.empty());
        ImportOptions options;
        options.max_inflated_bytes = 64 << 20;
        for (const auto& [name, bytes] : corpus) {
            const auto problem = checkResult(entry(bytes, options));
            QVERIFY2(
                problem.empty(),
                qPrintable(
                    QString("%1 on %2: %3").arg(label, name, QString::fromStdString(problem))));
        }
        TraceMutator mutator(20261130);
        int ok = 0;
        for (int i = 0; i < kMutationsPerImporter; ++i) {
            const auto& [name, bytes] = corpus[static_cast<std::size_t>(i) % corpus.size()];
            const std::string input = mutator.mutate(bytes);
            const auto result = entry(input, options);
            const auto problem = checkResult(result);
            QVERIFY2(problem.empty(), qPrintable(QString("%1, mutation %2 of %3: %4")
                                                     .arg(label)
                                                     .arg(i)
                                                     .arg(name, QString::fromStdString(problem))));
            ok += result.ok() ? 1 : 0;
        }
        qInfo("%s: %d of %d mutations still imported", label, ok, kMutationsPerImporter);
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        auto add = [&](const QString& name, std::string bytes) {
            const bool sqlite = bytes.rfind(std::string("SQLite format 3\0", 16), 0) == 0;
            (sqlite ? sqlite_ : json_).emplace_back(name, bytes);
            all_.emplace_back(name, std::move(bytes));
        };
        for (const QString& folder : {QString(), QString("broken/")}) {
            const QDir d(fixturePath(folder));
            for (const auto& file : d.entryList(QDir::Files)) {
                if (file == "expected.tsv")
                    continue;
                std::string bytes = readAll(d.filePath(file));
                if (file.endsWith(".sql")) {
                    const std::string db = dir_.filePath(file + ".sqlite").toStdString();
                    QVERIFY(buildSqliteDatabase(bytes, db).empty());
                    bytes = readAll(QString::fromStdString(db));
                }
                add(folder + file, std::move(bytes));
            }
        }
        // Gzip files belong to the generic entry point only (KinetoImporter takes JSON text).
        std::erase_if(json_, [](const auto& item) { return item.first.endsWith(".gz"); });
        QVERIFY(sqlite_.size() >= 5);
        QVERIFY(json_.size() >= 20);
    }

    void kinetoImporter() {
        run(
            "KinetoImporter",
            [](std::string_view b, const ImportOptions& o) {
                return test::importKinetoJson(b, "m.json", o);
            },
            json_);
    }
    void nsysImporter() {
        run(
            "NsysImporter",
            [](std::string_view b, const ImportOptions& o) {
                return NsysImporter::importBytes(b, "m.sqlite", o);
            },
            sqlite_);
    }
    void traceImporter() {
        run(
            "TraceImporter",
            [](std::string_view b, const ImportOptions& o) {
                return TraceImporter::importBytes(b, "m", o);
            },
            all_);
    }
};

QTEST_GUILESS_MAIN(TstImporterRobustness)
#include "tst_importer_robustness.moc"
