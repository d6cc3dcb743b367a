#include "core/io/gzip.h"

#include <cstdio>
#include <memory>

#include "core/io/byte_source.h"
#include "core/io/gzip_writer.h"

namespace syncscope {

namespace {
constexpr std::size_t kChunk = 1 << 20;
}  // namespace

bool Gzip::looksCompressed(std::string_view data) {
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
           static_cast<unsigned char>(data[1]) == 0x8b;
}

std::uint64_t Gzip::inflatedSizeHint(std::string_view tail, std::uint64_t compressed_size) {
    // A member is at least a 10-byte header, an empty deflate block and the 8-byte trailer.
    constexpr std::uint64_t kSmallestMember = 20;
    constexpr std::uint64_t kMaxRatio = 1032;
    if (tail.size() < 4 || compressed_size < kSmallestMember)
        return 0;
    const auto* b = reinterpret_cast<const unsigned char*>(tail.data() + tail.size() - 4);
    const std::uint64_t size = std::uint64_t{b[0]} | std::uint64_t{b[1]} << 8 |
                               std::uint64_t{b[2]} << 16 | std::uint64_t{b[3]} << 24;
    return size <= compressed_size * kMaxRatio ? size : 0;
}

std::uint64_t Gzip::inflatedSizeHint(const std::string& path) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                               &std::fclose);
    if (!file || std::fseek(file.get(), 0, SEEK_END) != 0)
        return 0;
    const long size = std::ftell(file.get());
    char tail[4];
    if (size < 4 || std::fseek(file.get(), size - 4, SEEK_SET) != 0 ||
        std::fread(tail, 1, sizeof tail, file.get()) != sizeof tail)
        return 0;
    return inflatedSizeHint(std::string_view(tail, sizeof tail), static_cast<std::uint64_t>(size));
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
