// CorrelationIndex: ids from the first one up to its bound in the vector, every other id in the
// map; either way a lookup finds the first event added for the id, and nothing for an id never
// added.

#include <QTest>
#include <map>
#include <vector>

#include "core/interchange/correlation_index.h"

using namespace syncscope;

class TestCorrelationIndex : public QObject {
    Q_OBJECT

private slots:
    void denseAndSparseIdsAreFound();
    void firstEventWins();
    void idsBelowTheFirstStillWork();
    void forEachVisitsEveryId();
};

void TestCorrelationIndex::denseAndSparseIdsAreFound() {
    CorrelationIndex index(10);  // bound: the 65536 minimum
    index.add(0, 100);
    index.add(7, 107);
    index.add(65535, 200);  // last dense slot
    index.add(65536, 201);  // first past the bound
    index.add(4'000'000'000u, 300);
    QCOMPARE(index.find(0), 100u);
    QCOMPARE(index.find(7), 107u);
    QCOMPARE(index.find(65535), 200u);
    QCOMPARE(index.find(65536), 201u);
    QCOMPARE(index.find(4'000'000'000u), 300u);
    QCOMPARE(index.find(8), kNone);  // inside the vector, never added
    QCOMPARE(index.find(70'000), kNone);
    QCOMPARE(index.find(kNone), kNone);
    index.add(kNone, 5);  // "no correlation" is never indexed
    QCOMPARE(index.find(kNone), kNone);
}

void TestCorrelationIndex::firstEventWins() {
    CorrelationIndex index(10);
    index.add(3, 1);
    index.add(3, 2);
    index.add(1'000'000, 1);
    index.add(1'000'000, 2);
    QCOMPARE(index.find(3), 1u);
    QCOMPARE(index.find(1'000'000), 1u);
}

// A long-running profiler numbers from millions: the vector starts at the first id.
void TestCorrelationIndex::idsBelowTheFirstStillWork() {
    CorrelationIndex index(1000, 5'000'000);
    index.add(5'000'000, 1);
    index.add(5'065'535, 2);
    index.add(4'999'999, 3);  // below the first: the map
    index.add(12, 4);
    QCOMPARE(index.find(5'000'000), 1u);
    QCOMPARE(index.find(5'065'535), 2u);
    QCOMPARE(index.find(4'999'999), 3u);
    QCOMPARE(index.find(12), 4u);
    QCOMPARE(index.find(5'000'001), kNone);
}

void TestCorrelationIndex::forEachVisitsEveryId() {
    CorrelationIndex index(10, 100);
    const std::map<std::uint32_t, std::uint32_t> added{
        {100, 1}, {150, 2}, {3, 3}, {900'000, 4}, {4'000'000'000u, 5}};
    for (const auto& [c, e] : added)
        index.add(c, e);
    std::map<std::uint32_t, std::uint32_t> seen;
    index.forEach([&](std::uint32_t c, std::uint32_t e) { QVERIFY(seen.emplace(c, e).second); });
    QCOMPARE(seen, added);
}

QTEST_GUILESS_MAIN(TestCorrelationIndex)
#include "tst_correlation_index.moc"
