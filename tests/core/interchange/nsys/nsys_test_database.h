#pragma once

// Builds an Nsight-style SQLite file from SQL text, so nsys tests run from a fresh clone.

#include <sqlite3.h>

#include <string>

namespace syncscope::test {

// Returns "" or the SQLite error.
inline std::string buildSqliteDatabase(const std::string& sql, const std::string& path) {
    std::remove(path.c_str());
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        std::string err = db != nullptr ? sqlite3_errmsg(db) : "cannot open";
        sqlite3_close(db);
        return err;
    }
    char* message = nullptr;
    std::string err;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        err = message != nullptr ? message : "sqlite3_exec failed";
        sqlite3_free(message);
    }
    sqlite3_close(db);
    return err;
}

}  // namespace syncscope::test
