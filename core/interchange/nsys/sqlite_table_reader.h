#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>

#include "core/interchange/text_encoding.h"

namespace syncscope {

// One query over one table, with typed, checked column access and row numbers for errors.
class SqliteTableReader {
public:
    static constexpr std::int64_t kMaxRows = std::int64_t{100} << 20;

    SqliteTableReader(sqlite3* db, std::string table, const std::string& sql)
        : table_(std::move(table)) {
        sqlite3_stmt* raw = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
            error_ = "table " + table_ + ": " + sqlite3_errmsg(db);
        stmt_.reset(raw);
        db_ = db;
    }
    bool next() {
        if (!error_.empty())
            return false;
        const int rc = sqlite3_step(stmt_.get());
        if (rc == SQLITE_ROW) {
            // Memory grows with rows read; a real export stays far below this.
            if (++row_ > kMaxRows) {
                error_ = "table " + table_ + ": more than " + std::to_string(kMaxRows) +
                         " rows (the import limit)";
                return false;
            }
            return true;
        }
        if (rc != SQLITE_DONE)
            error_ = "table " + table_ + ", row " + std::to_string(row_ + 1) + ": " +
                     sqlite3_errmsg(db_);
        return false;
    }
    // An integer column; NULL gives `fallback` when `optional`, else an error.
    std::int64_t integer(int column, const char* name, bool optional = false,
                         std::int64_t fallback = -1) {
        const int type = sqlite3_column_type(stmt_.get(), column);
        if (type == SQLITE_INTEGER)
            return sqlite3_column_int64(stmt_.get(), column);
        if (type == SQLITE_NULL && optional)
            return fallback;
        fail(std::string("column ") + name +
             (type == SQLITE_NULL ? " is missing (NULL)" : " is not an integer"));
        return fallback;
    }
    // Text as stored (any encoding), made UTF-8.
    std::string text(int column) {
        const auto* bytes = static_cast<const char*>(sqlite3_column_blob(stmt_.get(), column));
        const int size = sqlite3_column_bytes(stmt_.get(), column);
        if (bytes == nullptr || size <= 0)
            return {};
        return TextEncoding::toUtf8(std::string_view(bytes, static_cast<std::size_t>(size)));
    }
    bool isNull(int column) { return sqlite3_column_type(stmt_.get(), column) == SQLITE_NULL; }
    void fail(const std::string& what) {
        if (error_.empty())
            error_ = "table " + table_ + ", row " + std::to_string(row_) + ": " + what;
    }
    const std::string& error() const { return error_; }

private:
    std::string table_;
    sqlite3* db_ = nullptr;
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
    };
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
    std::string error_;
    std::int64_t row_ = 0;
};

}  // namespace syncscope
