#include "core/interchange/trace_importer.h"

#include <simdjson.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/interchange/gzip_inflater.h"
#include "core/interchange/kineto_importer.h"
#include "core/interchange/nsys_importer.h"

namespace syncscope {

namespace {

constexpr std::string_view kSqliteMagic{"SQLite format 3\0", 16};

ImportResult failure(std::string message) {
    ImportResult result;
    result.error = std::move(message);
    return result;
}

// Reads a whole file into a string with spare capacity for the JSON parser's padding.
std::string readFile(const std::string& path, std::string& error) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        error = path + ": cannot open: " + std::strerror(errno);
        return {};
    }
    std::string data;
    if (std::fseek(file.get(), 0, SEEK_END) == 0) {
        const long size = std::ftell(file.get());
        if (size > 0) data.reserve(static_cast<std::size_t>(size) + simdjson::SIMDJSON_PADDING);
        std::fseek(file.get(), 0, SEEK_SET);
    }
    char chunk[1 << 16];
    while (true) {
        const auto n = std::fread(chunk, 1, sizeof(chunk), file.get());
        data.append(chunk, n);
        if (n < sizeof(chunk)) break;
    }
    if (std::ferror(file.get())) error = path + ": cannot read: " + std::strerror(errno);
    return data;
}

ImportResult importOwned(std::string& bytes, std::string_view source, const ImportOptions& options, int depth) {
    switch (TraceImporter::sniff(bytes)) {
    case TraceFormat::Json: return KinetoImporter::importBuffer(bytes, source, options);
    case TraceFormat::Sqlite: return NsysImporter::importBytes(bytes, source, options);
    case TraceFormat::Gzip: {
        if (depth > 0) return failure(std::string(source) + ": gzip inside gzip is not supported");
        auto inflated = GzipInflater::inflate(bytes, options.max_inflated_bytes, simdjson::SIMDJSON_PADDING);
        if (!inflated.error.empty()) return failure(std::string(source) + ": " + inflated.error);
        std::string().swap(bytes);  // the compressed copy is no longer needed
        const std::string inner = std::string(source) + " (inflated)";
        return importOwned(inflated.data, inner, options, depth + 1);
    }
    case TraceFormat::Unknown: break;
    }
    if (bytes.empty()) return failure(std::string(source) + ": empty file");
    return failure(std::string(source) +
                   ": unknown format (expected Kineto/Chrome JSON, .json.gz or an Nsight Systems SQLite export)");
}

}  // namespace

TraceFormat TraceImporter::sniff(std::string_view head) {
    if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b)
        return TraceFormat::Gzip;
    if (head.substr(0, kSqliteMagic.size()) == kSqliteMagic) return TraceFormat::Sqlite;
    if (head.substr(0, 3) == "\xEF\xBB\xBF") head.remove_prefix(3);
    const auto first = head.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (head[first] == '{' || head[first] == '[')) return TraceFormat::Json;
    return TraceFormat::Unknown;
}

ImportResult TraceImporter::importFile(const std::string& path, const ImportOptions& options) {
    char head[16] = {};
    std::size_t got = 0;
    {
        std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
        if (!file) return failure(path + ": cannot open: " + std::strerror(errno));
        got = std::fread(head, 1, sizeof(head), file.get());
    }
    // SQLite reads the file itself (no copy in memory).
    if (sniff(std::string_view(head, got)) == TraceFormat::Sqlite) return NsysImporter::importFile(path, options);
    std::string error;
    std::string bytes = readFile(path, error);
    if (!error.empty()) return failure(error);
    return importOwned(bytes, path, options, 0);
}

ImportResult TraceImporter::importBytes(std::string_view bytes, std::string_view source_name,
                                        const ImportOptions& options) {
    std::string copy;
    copy.reserve(bytes.size() + simdjson::SIMDJSON_PADDING);
    copy.assign(bytes);
    return importOwned(copy, source_name, options, 0);
}

ImportResult importTrace(const std::string& path, const ImportOptions& options) {
    return TraceImporter::importFile(path, options);
}

}  // namespace syncscope
