// CachingAllocator on its own: PyTorch's size classes, the per-stream cache, splitting and merging,
// blocks held for other streams (record_stream) and what empty_cache can release.
#include <QtTest>

#include "core/engine/caching_allocator.h"

using namespace syncscope;

class TestCachingAllocator : public QObject {
    Q_OBJECT

private slots:
    void sizesFollowPyTorch_data();
    void sizesFollowPyTorch();
    void aFreedBlockIsReusedOnItsStreamOnly();
    void smallBlocksSplitAndMergeBack();
    void largeBlocksSplitOnlyWhenTheRestIsLarge();
    void recordStreamHoldsTheBlockUntilTheStreamPassed();
    void emptyCacheReleasesOnlyWhollyFreeSegments();
};

namespace {
constexpr std::uint64_t kMiB = 1ull << 20;
constexpr std::uint32_t kS0 = 0, kS1 = 1;
}  // namespace

void TestCachingAllocator::sizesFollowPyTorch_data() {
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<quint64>("rounded");
    QTest::addColumn<quint64>("segment");
    QTest::newRow("1 byte") << quint64(1) << quint64(512) << quint64(2 * kMiB);
    QTest::newRow("1000 bytes") << quint64(1000) << quint64(1024) << quint64(2 * kMiB);
    QTest::newRow("1 MiB, still small") << quint64(kMiB) << quint64(kMiB) << quint64(2 * kMiB);
    QTest::newRow("1 MiB + 1") << quint64(kMiB + 1) << quint64(kMiB + 512) << quint64(20 * kMiB);
    QTest::newRow("9 MiB") << quint64(9 * kMiB) << quint64(9 * kMiB) << quint64(20 * kMiB);
    QTest::newRow("10 MiB") << quint64(10 * kMiB) << quint64(10 * kMiB) << quint64(10 * kMiB);
    QTest::newRow("15 MiB") << quint64(15 * kMiB) << quint64(15 * kMiB) << quint64(16 * kMiB);
    QTest::newRow("1 GiB") << quint64(1024 * kMiB) << quint64(1024 * kMiB) << quint64(1024 * kMiB);
}

void TestCachingAllocator::sizesFollowPyTorch() {
    QFETCH(quint64, bytes);
    QFETCH(quint64, rounded);
    QFETCH(quint64, segment);
    QCOMPARE(CachingAllocator::roundSize(bytes), rounded);
    QCOMPARE(CachingAllocator::segmentSize(rounded), segment);
}

void TestCachingAllocator::aFreedBlockIsReusedOnItsStreamOnly() {
    CachingAllocator a(3);
    QCOMPARE(a.findCached(64 * kMiB, kS0), kNone);
    const std::uint32_t block = a.addSegment(64 * kMiB, 64 * kMiB, kS0);
    QCOMPARE(a.allocate(0, block, 64 * kMiB), 64 * kMiB);
    QCOMPARE(a.allocated(), 64 * kMiB);
    QVERIFY(a.free(0).empty());
    QCOMPARE(a.allocated(), std::uint64_t(0));
    QCOMPARE(a.reserved(), 64 * kMiB);  // cached, not returned
    QCOMPARE(a.findCached(64 * kMiB, kS1), kNone);
    QCOMPARE(a.findCached(64 * kMiB, kS0), block);
    QCOMPARE(a.findCached(65 * kMiB, kS0), kNone);
    // A smaller large request takes it too (the rest, 1 MiB, is too small to split off).
    QCOMPARE(a.findCached(63 * kMiB, kS0), block);
    QCOMPARE(a.allocate(1, block, 63 * kMiB), 64 * kMiB);
}

void TestCachingAllocator::smallBlocksSplitAndMergeBack() {
    CachingAllocator a(3);
    const std::uint32_t seg = a.addSegment(2 * kMiB, 1000, kS0);
    QCOMPARE(a.allocate(0, seg, 1000), std::uint64_t(1024));
    const std::uint32_t rest = a.findCached(4096, kS0);
    QVERIFY(rest != kNone);
    QVERIFY(rest != seg);
    QCOMPARE(a.allocate(1, rest, 4096), std::uint64_t(4096));
    QCOMPARE(a.allocated(), std::uint64_t(1024 + 4096));
    QCOMPARE(a.reserved(), 2 * kMiB);
    // While a piece is in use the segment cannot be released.
    QVERIFY(a.free(0).empty());
    QVERIFY(a.releaseFreeSegments().empty());
    // Freeing the middle piece merges all three pieces into one free segment again.
    QVERIFY(a.free(1).empty());
    QCOMPARE(a.releaseFreeSegments(), std::vector<std::uint64_t>{2 * kMiB});
    QCOMPARE(a.reserved(), std::uint64_t(0));
}

void TestCachingAllocator::largeBlocksSplitOnlyWhenTheRestIsLarge() {
    CachingAllocator a(3);
    const std::uint32_t seg = a.addSegment(20 * kMiB, 5 * kMiB, kS0);
    QCOMPARE(a.allocate(0, seg, 5 * kMiB), 5 * kMiB);  // 15 MiB rest: split
    const std::uint32_t rest = a.findCached(14 * kMiB, kS0);
    QVERIFY(rest != kNone);
    // 15 MiB block for 14 MiB: the 1 MiB rest is not more than 1 MiB, so no split.
    QCOMPARE(a.allocate(1, rest, 14 * kMiB), 15 * kMiB);
    QCOMPARE(a.allocated(), 20 * kMiB);
}

void TestCachingAllocator::recordStreamHoldsTheBlockUntilTheStreamPassed() {
    CachingAllocator a(2);
    const std::uint32_t seg = a.addSegment(64 * kMiB, 64 * kMiB, kS0);
    a.allocate(0, seg, 64 * kMiB);
    QVERIFY(!a.recordStream(0, kS0));  // its own stream: nothing to do
    QVERIFY(a.recordStream(0, kS1));
    QVERIFY(!a.recordStream(0, kS1));  // once is enough
    const std::vector<std::uint32_t> others = a.free(0);
    QCOMPARE(others, std::vector<std::uint32_t>{kS1});
    QCOMPARE(a.allocated(), std::uint64_t(0));  // at once
    a.holdUntil(a.lastFreedBlock(), {{kS1, 7}});
    QCOMPARE(a.findCached(64 * kMiB, kS0), kNone);  // held: not in the cache
    QVERIFY(a.releaseFreeSegments().empty());
    bool reached = false;
    auto check = [&](const CachingAllocator::Use& u) { return u.stream == kS1 && reached; };
    QCOMPARE(a.processHeld(check), std::size_t(0));
    QCOMPARE(a.heldUses().size(), std::size_t(1));
    reached = true;
    QCOMPARE(a.processHeld(check), std::size_t(1));
    QCOMPARE(a.heldCount(), std::size_t(0));
    QCOMPARE(a.findCached(64 * kMiB, kS0), seg);
}

void TestCachingAllocator::emptyCacheReleasesOnlyWhollyFreeSegments() {
    CachingAllocator a(3);
    const std::uint32_t s0 = a.addSegment(512 * kMiB, 512 * kMiB, kS0);
    a.allocate(0, s0, 512 * kMiB);
    const std::uint32_t s1 = a.addSegment(256 * kMiB, 256 * kMiB, kS0);
    a.allocate(1, s1, 256 * kMiB);
    QCOMPARE(a.reserved(), 768 * kMiB);
    QCOMPARE(a.segmentOf(s0), 0u);
    QCOMPARE(a.segmentOf(s1), 1u);
    a.free(1);
    std::vector<std::uint32_t> released;  // which cudaMalloc the CUDA engine gives back
    QCOMPARE(a.releaseFreeSegments(&released), std::vector<std::uint64_t>{256 * kMiB});
    QCOMPARE(released, std::vector<std::uint32_t>{1});
    QCOMPARE(a.reserved(), 512 * kMiB);
    QCOMPARE(a.allocated(), 512 * kMiB);
    QVERIFY(a.releaseFreeSegments().empty());  // nothing else is free
}

QTEST_GUILESS_MAIN(TestCachingAllocator)
#include "tst_caching_allocator.moc"
