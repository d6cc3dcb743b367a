// HugePages: the advice reaches the kernel for the whole pages inside a buffer and nothing else,
// the switch and SYNCSCOPE_NO_HUGEPAGES turn it off, and a reserved vector behaves as before.
#include <sys/mman.h>

#include <QtTest>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/model/huge_pages.h"

using namespace syncscope;

namespace {

// The VmFlags of the mapping that holds `address` (/proc/self/smaps), or "" if none is found.
std::string vmFlagsAt(std::uintptr_t address) {
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        unsigned long long lo = 0, hi = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> lo >> dash >> hi && dash == '-' &&
            line.find(':') > line.find(' ')) {
            inside = address >= lo && address < hi;
            continue;
        }
        if (inside && line.rfind("VmFlags:", 0) == 0)
            return line;
    }
    return {};
}

// An anonymous mapping of its own, unmapped at the end of the test.
struct Mapping {
    explicit Mapping(std::size_t size) : bytes(size) {
        void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        data = p == MAP_FAILED ? nullptr : p;
    }
    ~Mapping() {
        if (data != nullptr)
            munmap(data, bytes);
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    void* data = nullptr;
    std::size_t bytes = 0;
};

bool hasHugePageFlag(const std::string& flags) {
    return flags.find(" hg") != std::string::npos;
}

std::uintptr_t firstWholePage(const void* data) {
    const auto p = reinterpret_cast<std::uintptr_t>(data);
    return (p + HugePages::kPageBytes - 1) & ~(std::uintptr_t{HugePages::kPageBytes} - 1);
}

}  // namespace

class TstHugePages : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { HugePages::useEnvironment(); }

    void environmentTurnsItOff() {
        qputenv("SYNCSCOPE_NO_HUGEPAGES", "1");
        HugePages::useEnvironment();
        QVERIFY(!HugePages::enabled());
        std::vector<char> buffer(8 * HugePages::kPageBytes);
        QVERIFY(!HugePages::advise(buffer.data(), buffer.size()));
        qputenv("SYNCSCOPE_NO_HUGEPAGES", "0");
        HugePages::useEnvironment();
        QCOMPARE(HugePages::enabled(), HugePages::supported());
        qunsetenv("SYNCSCOPE_NO_HUGEPAGES");
        HugePages::useEnvironment();
        QCOMPARE(HugePages::enabled(), HugePages::supported());
    }

    // On a mapping of its own, so what the allocator did in earlier tests cannot leak in.
    void adviceMarksTheWholePagesInsideOnly() {
        if (!HugePages::supported())
            QSKIP("no madvise(MADV_HUGEPAGE) on this platform");
        HugePages::setEnabled(true);
        Mapping map(8 * HugePages::kPageBytes);
        QVERIFY(map.data != nullptr);
        // A buffer that starts 4 KiB past a huge-page boundary and spans 3 MiB more than 2 pages.
        auto* const begin = reinterpret_cast<char*>(firstWholePage(map.data)) + 4096;
        const std::size_t bytes = 3 * HugePages::kPageBytes + (1u << 20);
        if (!HugePages::advise(begin, bytes))
            QSKIP("the kernel has no transparent huge pages (madvise refused)");
        const auto first = firstWholePage(begin);
        QVERIFY(hasHugePageFlag(vmFlagsAt(first)));
        QVERIFY(hasHugePageFlag(vmFlagsAt(first + HugePages::kPageBytes)));
        // The partial pages at either end are not the buffer's alone: left as they were.
        QVERIFY(!hasHugePageFlag(vmFlagsAt(reinterpret_cast<std::uintptr_t>(begin))));
        QVERIFY(!hasHugePageFlag(vmFlagsAt(first + 2 * HugePages::kPageBytes)));
        // Writing works as in any memory.
        std::memset(begin, 0x5a, bytes);
        QCOMPARE(static_cast<int>(begin[bytes - 1]), 0x5a);
    }

    void switchedOffLeavesTheBufferAlone() {
        if (!HugePages::supported())
            QSKIP("no madvise(MADV_HUGEPAGE) on this platform");
        HugePages::setEnabled(false);
        QVERIFY(!HugePages::enabled());
        Mapping map(8 * HugePages::kPageBytes);
        QVERIFY(map.data != nullptr);
        QVERIFY(!HugePages::advise(map.data, map.bytes));
        QVERIFY(!hasHugePageFlag(vmFlagsAt(firstWholePage(map.data))));
    }

    void reserveGivesTheCapacityAndAdvises() {
        HugePages::setEnabled(true);
        std::vector<std::uint64_t> events;
        const std::size_t count = 6 * HugePages::kPageBytes / sizeof(std::uint64_t);
        const bool advised = HugePages::reserve(events, count);
        QVERIFY(events.capacity() >= count);
        if (HugePages::supported() && !advised)
            QSKIP("the kernel has no transparent huge pages (madvise refused)");
        QCOMPARE(advised, HugePages::supported());
        for (std::size_t i = 0; i < count; ++i)
            events.push_back(i * 7);
        QCOMPARE(events.size(), count);
        QCOMPARE(events[count - 1], (count - 1) * 7);
    }

    void smallOrEmptyBuffersAreNotAdvised() {
        HugePages::setEnabled(true);
        std::vector<char> small(HugePages::kMinBytes - 1);
        QVERIFY(!HugePages::advise(small.data(), small.size()));
        QVERIFY(!HugePages::advise(nullptr, HugePages::kMinBytes * 4));
        std::vector<int> empty;
        QVERIFY(!HugePages::reserve(empty, 0));
    }
};

QTEST_GUILESS_MAIN(TstHugePages)
#include "tst_huge_pages.moc"
