#include "core/interchange/nsys/nsys_importer.h"

#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

#include "core/interchange/nsys/sqlite_sandbox.h"
#include "core/interchange/nsys/sqlite_table_reader.h"
#include "core/interchange/sync_record_linker.h"
#include "core/interchange/text_encoding.h"
#include "core/interchange/trace_assembler.h"
#include "core/model/api_names.h"
#include "core/model/checked_math.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

namespace {

// Nanosecond stamps past the model's range (±(2^62 - 1) ns) are not a real recording, and the
// checker would refuse the trace: the same bound as every other reader.
constexpr std::int64_t kMaxNs = kMaxTimeNs;

struct DbCloser {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

class NsysImport {
public:
    NsysImport(sqlite3* db, std::string source, const ImportOptions& options)
        : db_(db), source_(std::move(source)), options_(options) {}
    ImportResult run();

private:
    bool hasTable(const std::string& name);
    std::string readStrings();
    std::string readRuntime();
    std::string readGpuOps(const std::string& table, EventKind kind);
    std::string readCudaEvents();
    std::string readSyncs();
    std::string readMemory();
    std::string readNvtx();
    void readDevice();
    std::string times(SqliteTableReader& r, TimeNs start, TimeNs end);
    std::string u32(SqliteTableReader& r, std::int64_t value, const char* name, std::uint32_t& out);
    std::string stringOf(std::int64_t id) const;
    std::uint16_t hostLaneOfTid(std::int64_t global_tid) {
        return assembler_.hostLane((global_tid >> 24) & 0xffffff, global_tid & 0xffffff);
    }
    void progress(double fraction) {
        if (options_.progress)
            options_.progress(fraction);
    }

    sqlite3* db_;
    std::string source_;
    const ImportOptions& options_;
    ImportResult result_;
    TraceAssembler assembler_{"import:nsys"};
    std::unordered_map<std::int64_t, std::string> strings_;
    SyncRecordLinker syncs_{assembler_, result_.stats};
    std::int64_t first_device_ = -1;
    std::string schema_error_;  // a table we would read that is not a real table
};

std::string NsysImport::times(SqliteTableReader& r, TimeNs start, TimeNs end) {
    if (start < 0 || start > kMaxNs)
        return "start " + std::to_string(start) + " is out of range";
    if (end < 0 || end > kMaxNs)
        return "end " + std::to_string(end) + " is out of range";
    if (end < start)
        return "negative duration (start " + std::to_string(start) + ", end " +
               std::to_string(end) + ")";
    (void)r;
    return {};
}

std::string NsysImport::u32(SqliteTableReader&, std::int64_t value, const char* name,
                            std::uint32_t& out) {
    if (value < 0) {
        out = kNone;
        return {};
    }
    if (value >= static_cast<std::int64_t>(kNone))
        return std::string(name) + " " + std::to_string(value) + " is out of range";
    out = static_cast<std::uint32_t>(value);
    return {};
}

std::string NsysImport::stringOf(std::int64_t id) const {
    const auto it = strings_.find(id);
    return it == strings_.end() ? "string " + std::to_string(id) : it->second;
}

bool NsysImport::hasTable(const std::string& name) {
    bool exists = false;
    if (std::string err = SqliteSandbox::checkTable(db_, name, exists);
        !err.empty() && schema_error_.empty())
        schema_error_ = std::move(err);
    return exists;
}

std::string NsysImport::readStrings() {
    if (!hasTable("StringIds"))
        return {};
    SqliteTableReader r(db_, "StringIds", "SELECT id, value FROM StringIds");
    while (r.next()) {
        const auto id = r.integer(0, "id");
        if (!r.error().empty())
            break;
        strings_[id] = r.text(1);
    }
    return r.error();
}

std::string NsysImport::readRuntime() {
    if (!hasTable("CUPTI_ACTIVITY_KIND_RUNTIME"))
        return {};
    const std::string table = "CUPTI_ACTIVITY_KIND_RUNTIME";
    SqliteTableReader r(
        db_, table,
        "SELECT start, end, globalTid, correlationId, nameId FROM " + table + " ORDER BY start");
    auto& trace = assembler_.trace();
    while (r.next()) {
        ++result_.stats.categories[table];
        TraceEvent e;
        e.kind = EventKind::ApiCall;
        e.start_ns = r.integer(0, "start");
        e.end_ns = r.integer(1, "end");
        const auto tid = r.integer(2, "globalTid", true, 0);
        const auto corr = r.integer(3, "correlationId", true, -1);
        const auto name_id = r.integer(4, "nameId");
        if (!r.error().empty())
            break;
        std::string err = times(r, e.start_ns, e.end_ns);
        if (err.empty())
            err = u32(r, corr, "correlationId", e.correlation);
        if (!err.empty()) {
            r.fail(err);
            break;
        }
        const std::string full = stringOf(name_id);
        const auto name = stripApiVersionSuffix(full);
        e.name = trace.strings.intern(name);
        e.api = apiIdFromName(name);
        e.mode = syncModeOfCall(e.api);
        e.lane = hostLaneOfTid(tid);
        ++result_.stats.names[std::string(name)];
        assembler_.addEvent(e);
        if (e.correlation != kNone)
            syncs_.addCall(e.correlation, e.api, e.start_ns);
    }
    return r.error();
}

std::string NsysImport::readGpuOps(const std::string& table, EventKind kind) {
    if (!hasTable(table))
        return {};
    std::string sql = "SELECT start, end, deviceId, streamId, correlationId, ";
    if (kind == EventKind::Kernel)
        sql += "demangledName, 0, 0";
    else if (kind == EventKind::Memcpy)
        sql += "bytes, copyKind, srcKind";
    else
        sql += "bytes, 0, 0";
    SqliteTableReader r(db_, table, sql + " FROM " + table + " ORDER BY start");
    auto& trace = assembler_.trace();
    while (r.next()) {
        ++result_.stats.categories[table];
        TraceEvent e;
        e.kind = kind;
        e.start_ns = r.integer(0, "start");
        e.end_ns = r.integer(1, "end");
        const auto device = r.integer(2, "deviceId");
        const auto stream = r.integer(3, "streamId");
        const auto corr = r.integer(4, "correlationId", true, -1);
        const auto value = r.integer(5, kind == EventKind::Kernel ? "demangledName" : "bytes");
        const auto copy_kind = r.integer(6, "copyKind", true, 0);
        const auto src_kind = r.integer(7, "srcKind", true, -1);
        if (!r.error().empty())
            break;
        std::string err = times(r, e.start_ns, e.end_ns);
        if (err.empty())
            err = u32(r, corr, "correlationId", e.correlation);
        if (err.empty() && (device < 0 || device > 0xffff))
            err = "deviceId " + std::to_string(device) + " is out of range";
        if (err.empty() && (stream < 0 || stream > 0xffffffffll))
            err = "streamId " + std::to_string(stream) + " is out of range";
        if (err.empty() && kind != EventKind::Kernel && value < 0)
            err = "bytes " + std::to_string(value) + " is negative";
        if (!err.empty()) {
            r.fail(err);
            break;
        }
        if (kind == EventKind::Kernel) {
            e.name = trace.strings.intern(stringOf(value));
        } else {
            e.setBytes(static_cast<std::uint64_t>(value));
            e.name = trace.strings.intern(kind == EventKind::Memcpy ? memcpyKindName(copy_kind)
                                                                    : "Memset");
            if (kind == EventKind::Memcpy && src_kind == 0)
                e.flags |= event_flags::kPageable;
        }
        if (first_device_ < 0)
            first_device_ = device;
        e.lane = assembler_.streamLane(device, stream);
        assembler_.addEvent(e);
    }
    return r.error();
}

std::string NsysImport::readCudaEvents() {
    const std::string table = "CUPTI_ACTIVITY_KIND_CUDA_EVENT";
    if (!hasTable(table))
        return {};
    SqliteTableReader r(db_, table, "SELECT correlationId, eventId, streamId FROM " + table);
    while (r.next()) {
        ++result_.stats.categories[table];
        const auto corr = r.integer(0, "correlationId", true, -1);
        const auto event = r.integer(1, "eventId");
        const auto stream = r.integer(2, "streamId");
        if (!r.error().empty())
            break;
        std::uint32_t c = kNone;
        if (auto err = u32(r, corr, "correlationId", c); !err.empty()) {
            r.fail(err);
            break;
        }
        if (c != kNone)
            syncs_.addEventRecord(event, c, stream);
    }
    return r.error();
}

std::string NsysImport::readSyncs() {
    const std::string table = "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION";
    if (!hasTable(table))
        return {};
    SqliteTableReader r(
        db_, table,
        "SELECT start, end, deviceId, streamId, correlationId, syncType, eventId FROM " + table +
            " ORDER BY start");
    std::uint64_t by_type = 0;
    while (r.next()) {
        ++result_.stats.categories[table];
        TraceEvent e;
        e.start_ns = r.integer(0, "start");
        e.end_ns = r.integer(1, "end");
        const auto device = r.integer(2, "deviceId");
        const auto stream = r.integer(3, "streamId");
        const auto corr = r.integer(4, "correlationId", true, -1);
        const auto sync_type = r.integer(5, "syncType");
        const auto event_id = r.integer(6, "eventId", true, -1);
        if (!r.error().empty())
            break;
        std::string err = times(r, e.start_ns, e.end_ns);
        if (err.empty())
            err = u32(r, corr, "correlationId", e.correlation);
        if (!err.empty()) {
            r.fail(err);
            break;
        }
        // The runtime call decides what this record is; syncType is only a fallback (its numbers
        // do not match the ENUM_CUPTI_SYNC_TYPE labels in real exports).
        ApiId api = syncs_.apiOf(e.correlation);
        if (!SyncRecordLinker::isSyncApi(api)) {
            ++by_type;
            api = sync_type == 1   ? ApiId::DeviceSynchronize
                  : sync_type == 2 ? ApiId::EventSynchronize
                  : sync_type == 3 ? ApiId::StreamSynchronize
                                   : ApiId::DeviceSynchronize;
        }
        if (auto why =
                syncs_.add(e.start_ns, e.end_ns, device, stream, e.correlation, event_id, api);
            !why.empty()) {
            r.fail(why);
            break;
        }
    }
    if (by_type > 0)
        result_.warnings.push_back(
            std::to_string(by_type) +
            " sync record(s) without a known runtime call were classified by syncType");
    return r.error();
}

std::string NsysImport::readMemory() {
    const std::string table = "CUDA_GPU_MEMORY_USAGE_EVENTS";
    if (!hasTable(table))
        return {};
    SqliteTableReader r(
        db_, table,
        "SELECT start, bytes, memKind, memoryOperationType FROM " + table + " ORDER BY start");
    std::int64_t device_used = 0;
    while (r.next()) {
        ++result_.stats.categories[table];
        const auto t = r.integer(0, "start");
        const auto bytes = r.integer(1, "bytes");
        const auto kind = r.integer(2, "memKind");
        const auto op = r.integer(3, "memoryOperationType");
        if (!r.error().empty())
            break;
        if (t < 0 || t > kMaxNs)
            r.fail("start " + std::to_string(t) + " is out of range");
        else if (bytes < 0 || bytes > kMaxNs)
            r.fail("bytes " + std::to_string(bytes) + " is out of range");
        else if (op != 0 && op != 1)
            r.fail("memoryOperationType " + std::to_string(op) + " is neither 0 nor 1");
        if (!r.error().empty())
            break;
        // CUDA_MEMOPR_MEMORY_KIND: 0 pageable and 1 pinned live on the host; the rest on the
        // device.
        if (kind >= 2)
            device_used = std::max<std::int64_t>(0, device_used + (op == 0 ? bytes : -bytes));
        MemorySample m;
        m.t_ns = t;
        m.device_used = device_used;
        assembler_.addMemory(m);
    }
    return r.error();
}

std::string NsysImport::readNvtx() {
    const std::string table = "NVTX_EVENTS";
    if (!hasTable(table))
        return {};
    SqliteTableReader r(
        db_, table,
        "SELECT start, end, eventType, text, textId, globalTid FROM " + table + " ORDER BY start");
    auto& trace = assembler_.trace();
    while (r.next()) {
        ++result_.stats.categories[table];
        const auto start = r.integer(0, "start");
        const auto end = r.integer(1, "end", true, -1);
        const auto type = r.integer(2, "eventType");
        const auto text_id = r.integer(4, "textId", true, -1);
        const auto tid = r.integer(5, "globalTid", true, 0);
        if (!r.error().empty())
            break;
        // 59 push/pop range, 60 start/end range, 34 mark; the rest (domains, categories) are not
        // drawn.
        if (type != 59 && type != 60 && type != 34) {
            ++result_.stats.skipped["NVTX eventType " + std::to_string(type)];
            continue;
        }
        const TimeNs stop = type == 34 || end < 0 ? start : end;
        if (auto err = times(r, start, stop); !err.empty()) {
            r.fail(err);
            break;
        }
        TraceEvent e;
        e.kind = EventKind::Annotation;
        e.start_ns = start;
        e.end_ns = stop;
        e.name = trace.strings.intern(
            r.isNull(3) ? (text_id >= 0 ? stringOf(text_id) : std::string()) : r.text(3));
        e.lane = assembler_.annotationLane(hostLaneOfTid(tid));
        assembler_.addEvent(e);
    }
    return r.error();
}

void NsysImport::readDevice() {
    if (!hasTable("TARGET_INFO_GPU"))
        return;
    SqliteTableReader r(db_, "TARGET_INFO_GPU",
                        "SELECT id, name, totalMemory, smCount FROM TARGET_INFO_GPU");
    auto& d = assembler_.trace().device;
    bool found = false;
    while (r.next()) {
        const auto id = r.integer(0, "id", true, -1);
        if (found || (first_device_ >= 0 && id != first_device_))
            continue;
        d.name = r.text(1);
        d.memory_bytes = static_cast<std::uint64_t>(
            std::max<std::int64_t>(0, r.integer(2, "totalMemory", true, 0)));
        d.sm_count = static_cast<int>(
            std::clamp<std::int64_t>(r.integer(3, "smCount", true, 0), 0, 1 << 20));
        found = true;
    }
}

ImportResult NsysImport::run() {
    auto fail = [&](const std::string& what) {
        result_.error = source_ + ": " + what;
        return std::move(result_);
    };
    auto cancelled = [&] { return options_.cancel != nullptr && options_.cancel->load(); };
    {
        // Is this an Nsight export at all? A SQLite file without any CUPTI/NVTX table is not.
        SqliteTableReader r(db_, "sqlite_master", "SELECT count(*) FROM sqlite_master");
        if (!r.next()) {
            const auto& err = r.error();
            const auto colon = err.find(": ");
            return fail("not a readable SQLite database" +
                        (colon == std::string::npos ? std::string() : err.substr(colon)));
        }
    }
    const std::string tables[] = {"CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_KERNEL",
                                  "CUPTI_ACTIVITY_KIND_MEMCPY", "CUPTI_ACTIVITY_KIND_MEMSET",
                                  "NVTX_EVENTS"};
    const bool any = std::any_of(std::begin(tables), std::end(tables),
                                 [&](const std::string& t) { return hasTable(t); });
    if (!schema_error_.empty())
        return fail(schema_error_);
    if (!any)
        return fail("not an Nsight Systems export (no CUPTI_ACTIVITY_KIND_* or NVTX_EVENTS table)");
    const std::pair<const char*, std::string (NsysImport::*)()> steps[] = {
        {"strings", &NsysImport::readStrings},   {"runtime", &NsysImport::readRuntime},
        {"events", &NsysImport::readCudaEvents}, {"syncs", &NsysImport::readSyncs},
        {"memory", &NsysImport::readMemory},     {"nvtx", &NsysImport::readNvtx}};
    int done = 0;
    for (const auto& [label, read] : steps) {
        (void)label;
        if (cancelled())
            return fail("cancelled");
        if (auto err = (this->*read)(); !err.empty())
            return fail(cancelled() ? "cancelled" : err);
        if (!schema_error_.empty())
            return fail(schema_error_);
        progress(++done / 10.0);
        if (done == 2) {
            // GPU ops after the runtime calls, before syncs (which look them up).
            const std::pair<const char*, EventKind> ops[] = {
                {"CUPTI_ACTIVITY_KIND_KERNEL", EventKind::Kernel},
                {"CUPTI_ACTIVITY_KIND_MEMCPY", EventKind::Memcpy},
                {"CUPTI_ACTIVITY_KIND_MEMSET", EventKind::Memset}};
            for (const auto& [table, kind] : ops) {
                if (cancelled())
                    return fail("cancelled");
                if (auto err = readGpuOps(table, kind); !err.empty())
                    return fail(cancelled() ? "cancelled" : err);
                if (!schema_error_.empty())
                    return fail(schema_error_);
                progress(++done / 10.0);
            }
        }
    }
    readDevice();
    assembler_.linkAllLaunches();
    Trace trace = assembler_.finish(result_.stats);
    trace.title = source_;
    trace.source = source_;
    result_.trace = std::move(trace);
    for (const auto& [reason, count] : result_.stats.skipped)
        result_.warnings.push_back(std::to_string(count) + " record(s) not shown: " + reason);
    progress(1.0);
    return std::move(result_);
}

ImportResult importFromDb(sqlite3* db, std::string_view source, const ImportOptions& options) {
    SqliteSandbox::harden(db, options.cancel);
    NsysImport import(db, std::string(source), options);
    return import.run();
}

}  // namespace

ImportResult NsysImporter::importFile(const std::string& path, const ImportOptions& options) {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(SqliteSandbox::readOnlyUri(path).c_str(), &raw,
                                   SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    Db db(raw);
    if (rc != SQLITE_OK) {
        ImportResult result;
        result.error = path + ": cannot open as SQLite: " +
                       (raw != nullptr ? sqlite3_errmsg(raw) : "out of memory");
        return result;
    }
    return importFromDb(db.get(), path, options);
}

ImportResult NsysImporter::importBytes(std::string_view bytes, std::string_view source_name,
                                       const ImportOptions& options) {
    ImportResult result;
    sqlite3* raw = nullptr;
    if (sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nullptr) !=
        SQLITE_OK) {
        sqlite3_close_v2(raw);
        result.error = std::string(source_name) + ": cannot open an in-memory SQLite database";
        return result;
    }
    Db db(raw);
    // SQLite takes ownership of a sqlite3_malloc'ed copy (freed on close).
    auto* copy = static_cast<unsigned char*>(sqlite3_malloc64(bytes.empty() ? 1 : bytes.size()));
    if (copy == nullptr) {
        result.error = std::string(source_name) + ": out of memory";
        return result;
    }
    std::copy(bytes.begin(), bytes.end(), copy);
    const int rc =
        sqlite3_deserialize(db.get(), "main", copy, static_cast<sqlite3_int64>(bytes.size()),
                            static_cast<sqlite3_int64>(bytes.size()),
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY);
    if (rc != SQLITE_OK) {
        result.error =
            std::string(source_name) + ": not a SQLite database: " + sqlite3_errmsg(db.get());
        return result;
    }
    return importFromDb(db.get(), source_name, options);
}

}  // namespace syncscope
