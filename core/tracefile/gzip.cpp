#include "core/tracefile/gzip.h"

#include "core/tracefile/byte_source.h"
#include "core/tracefile/gzip_writer.h"

namespace syncscope {

namespace {
constexpr std::size_t kChunk = 1 << 20;
}  // namespace

bool Gzip::looksCompressed(std::string_view data) {
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
           static_cast<unsigned char>(data[1]) == 0x8b;
}

bool Gzip::compress(std::string_view data, std::string& out, std::string& error) {
    out.clear();
    GzipWriter writer([&out](std::string_view chunk) { out.append(chunk); });
    writer.write(data);
    if (!writer.finish()) {
        error = writer.error();
        return false;
    }
    return true;
}

bool Gzip::decompress(std::string_view data, std::string& out, std::string& error,
                      std::uint64_t max_bytes) {
    MemoryByteSource compressed(data);
    GzipByteSource inflated(compressed, max_bytes);
    out.clear();
    for (;;) {
        const std::size_t size = out.size();
        out.resize(size + kChunk);
        const std::size_t got = inflated.read(out.data() + size, kChunk);
        out.resize(size + got);
        if (got == 0)
            break;
    }
    if (!inflated.error().empty()) {
        error = inflated.error();
        out.clear();
        return false;
    }
    return true;
}

}  // namespace syncscope
