#include "core/tracefile/gzip.h"

#include <zlib.h>

#include <limits>

namespace syncscope {

namespace {
constexpr int kGzipWindow = 15 + 16;  // max window, gzip wrapper
constexpr std::size_t kChunk = 1 << 20;
constexpr uInt kMaxIn = std::numeric_limits<uInt>::max() / 2;
}  // namespace

bool Gzip::looksCompressed(std::string_view data) {
    return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
           static_cast<unsigned char>(data[1]) == 0x8b;
}

bool Gzip::compress(std::string_view data, std::string& out, std::string& error) {
    z_stream z{};
    if (deflateInit2(&z, 6, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        error = "cannot start gzip compression";
        return false;
    }
    out.clear();
    std::size_t offset = 0;
    int rc = Z_OK;
    do {
        const std::size_t in = std::min<std::size_t>(data.size() - offset, kMaxIn);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + offset));
        z.avail_in = static_cast<uInt>(in);
        offset += in;
        const int flush = offset == data.size() ? Z_FINISH : Z_NO_FLUSH;
        do {
            const std::size_t size = out.size();
            out.resize(size + kChunk);
            z.next_out = reinterpret_cast<Bytef*>(out.data() + size);
            z.avail_out = static_cast<uInt>(kChunk);
            rc = deflate(&z, flush);
            out.resize(size + kChunk - z.avail_out);
        } while (z.avail_out == 0 && rc != Z_STREAM_END);
    } while (offset < data.size() && rc == Z_OK);
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        error = "gzip compression failed";
        return false;
    }
    return true;
}

bool Gzip::decompress(std::string_view data, std::string& out, std::string& error,
                      std::size_t max_bytes) {
    z_stream z{};
    if (inflateInit2(&z, kGzipWindow) != Z_OK) {
        error = "cannot start gzip decompression";
        return false;
    }
    out.clear();
    std::size_t offset = 0;  // input handed to zlib so far
    bool done = false;
    while (!done) {
        if (z.avail_in == 0) {
            if (offset >= data.size())
                break;  // input ended inside a member
            const std::size_t in = std::min<std::size_t>(data.size() - offset, kMaxIn);
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + offset));
            z.avail_in = static_cast<uInt>(in);
            offset += in;
        }
        const std::size_t size = out.size();
        if (size >= max_bytes) {
            inflateEnd(&z);
            error =
                "the decompressed data is larger than " + std::to_string(max_bytes >> 20) + " MiB";
            return false;
        }
        out.resize(size + kChunk);
        z.next_out = reinterpret_cast<Bytef*>(out.data() + size);
        z.avail_out = static_cast<uInt>(kChunk);
        const int rc = inflate(&z, Z_NO_FLUSH);
        out.resize(size + kChunk - z.avail_out);
        if (rc == Z_STREAM_END) {
            // Another gzip member may follow (concatenated .gz files); anything else is ignored.
            const auto pos =
                static_cast<std::size_t>(reinterpret_cast<const char*>(z.next_in) - data.data());
            if (looksCompressed(data.substr(std::min(pos, data.size())))) {
                inflateReset(&z);
                continue;
            }
            done = true;
        } else if (rc == Z_BUF_ERROR && z.avail_in == 0) {
            continue;  // needs more input
        } else if (rc != Z_OK) {
            error =
                std::string("the gzip data is damaged (") + (z.msg ? z.msg : "unknown error") + ")";
            inflateEnd(&z);
            return false;
        }
    }
    inflateEnd(&z);
    if (!done) {
        error = "the gzip data ends too early";
        return false;
    }
    return true;
}

}  // namespace syncscope
