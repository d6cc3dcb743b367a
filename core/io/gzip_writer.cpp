#include "core/io/gzip_writer.h"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace syncscope {

namespace {
constexpr int kGzipWindow = 15 + 16;  // max window, gzip wrapper
constexpr std::size_t kMaxIn = std::numeric_limits<uInt>::max() / 2;
}  // namespace

struct GzipWriter::State {
    z_stream z{};
    bool started = false;
    std::string out;
};

GzipWriter::GzipWriter(Sink sink) : sink_(std::move(sink)), state_(std::make_unique<State>()) {
    if (deflateInit2(&state_->z, 6, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        error_ = "cannot start gzip compression";
        return;
    }
    state_->started = true;
    state_->out.resize(kOutChunk);
}

GzipWriter::~GzipWriter() {
    if (state_->started)
        deflateEnd(&state_->z);
}

void GzipWriter::deflateSome(const char* data, std::size_t size, int flush) {
    z_stream& z = state_->z;
    do {
        const std::size_t in = std::min(size, kMaxIn);
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
        z.avail_in = static_cast<uInt>(in);
        data += in;
        size -= in;
        const int mode = size == 0 ? flush : Z_NO_FLUSH;
        int rc = Z_OK;
        do {
            z.next_out = reinterpret_cast<Bytef*>(state_->out.data());
            z.avail_out = static_cast<uInt>(kOutChunk);
            rc = deflate(&z, mode);
            if (rc == Z_STREAM_ERROR) {
                error_ = "gzip compression failed";
                return;
            }
            const std::size_t produced = kOutChunk - z.avail_out;
            if (produced > 0)
                sink_(std::string_view(state_->out.data(), produced));
        } while (z.avail_out == 0 || (mode == Z_FINISH && rc != Z_STREAM_END));
    } while (size > 0);
}

void GzipWriter::write(std::string_view bytes) {
    if (!error_.empty() || finished_ || bytes.empty())
        return;
    deflateSome(bytes.data(), bytes.size(), Z_NO_FLUSH);
}

bool GzipWriter::finish() {
    if (error_.empty() && !finished_) {
        finished_ = true;
        deflateSome("", 0, Z_FINISH);
    }
    return error_.empty();
}

}  // namespace syncscope
