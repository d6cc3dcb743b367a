#include "core/interchange/nsys/sqlite_sandbox.h"

#include <cstdio>

#include "core/interchange/nsys/sqlite_table_reader.h"

namespace syncscope {

namespace {

int onProgress(void* data) {
    const auto* cancel = static_cast<const std::atomic<bool>*>(data);
    return cancel != nullptr && cancel->load() ? 1 : 0;
}

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (const char c : text) {
        out += c;
        if (c == '\'')
            out += '\'';
    }
    return out + "'";
}

}  // namespace

std::string SqliteSandbox::readOnlyUri(const std::string& path) {
    std::string uri = "file:";
    for (const char c : path) {
        const auto u = static_cast<unsigned char>(c);
        // RFC 3986 unreserved characters and '/' pass; everything else is escaped, so that '?',
        // '#' and '%' in a file name are not read as URI syntax.
        if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') ||
            c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
            uri += c;
        } else {
            char hex[4];
            std::snprintf(hex, sizeof hex, "%%%02X", u);
            uri += hex;
        }
    }
    return uri + "?mode=ro&immutable=1";
}

void SqliteSandbox::harden(sqlite3* db, const std::atomic<bool>* cancel) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, kMaxValueBytes);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1 << 16);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 10);
    sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 1);
    // Sorts stay in memory, where the heap limit bounds them, instead of filling the disk.
    sqlite3_exec(db, "PRAGMA temp_store=MEMORY", nullptr, nullptr, nullptr);
    // Process-wide: importing is the only use of SQLite in this program. Never raise a limit the
    // embedding application set lower.
    const sqlite3_int64 current = sqlite3_hard_heap_limit64(-1);
    if (current == 0 || current > kHeapLimitBytes)
        sqlite3_hard_heap_limit64(kHeapLimitBytes);
    // Every 100,000 virtual-machine steps: a slow statement stops soon after a cancel.
    sqlite3_progress_handler(db, 100000, onProgress, const_cast<std::atomic<bool>*>(cancel));
}

std::string SqliteSandbox::checkTable(sqlite3* db, const std::string& name, bool& exists) {
    exists = false;
    std::string type, sql;
    {
        SqliteTableReader r(db, "sqlite_master",
                            "SELECT type, sql FROM sqlite_master WHERE type IN ('table','view') "
                            "AND name = " +
                                quoted(name));
        if (!r.next())
            return {};
        type = r.text(0);
        sql = r.text(1);
    }
    if (type == "view")
        return name + " is a view, not a table; views are refused (their query could be anything)";
    if (sql.rfind("CREATE VIRTUAL", 0) == 0)
        return name + " is a virtual table; only real tables are read";
    SqliteTableReader columns(
        db, name, "SELECT count(*) FROM pragma_table_xinfo(" + quoted(name) + ") WHERE hidden > 1");
    if (!columns.next())
        return columns.error().empty() ? name + ": cannot read its columns" : columns.error();
    if (columns.integer(0, "count") > 0)
        return name + " has generated columns; only stored values are read";
    exists = true;
    return {};
}

}  // namespace syncscope
