#pragma once

#include <sqlite3.h>

#include <atomic>
#include <cstdint>
#include <string>

namespace syncscope {

// SQLite set up to read a database somebody else made, in bounded memory, time and disk. A crafted
// file of a few KB can otherwise ask for gigabytes (huge generated values, recursive views) or
// fill the disk with temporary sort files. Limits are documented in docs/interchange.md.
class SqliteSandbox {
public:
    static constexpr int kMaxValueBytes = 16 << 20;  // one string or blob
    static constexpr std::int64_t kHeapLimitBytes = std::int64_t{4} << 30;

    // A read-only "file:" URI that also skips locking and journals (immutable=1).
    static std::string readOnlyUri(const std::string& path);
    // Length, SQL and attach limits, in-memory temporary storage, a process-wide heap cap, and a
    // progress handler that stops any statement once `cancel` becomes true.
    static void harden(sqlite3* db, const std::atomic<bool>* cancel);
    // Whether `name` is a real table we may read. "" and exists=false when there is no such
    // object; otherwise an error for what is refused: a view (its query could be anything), a
    // virtual table, or a table with generated columns (computed on every read).
    static std::string checkTable(sqlite3* db, const std::string& name, bool& exists);
};

}  // namespace syncscope
