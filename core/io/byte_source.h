#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace syncscope {

// Where a reader takes its bytes from: memory, a file, or (GzipByteSource) a gzip stream over
// either.
// Reading in chunks keeps peak memory near the size of the resulting Trace, not of the file.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Up to `n` bytes into `dst`; 0 at the end or on error (then error() says what).
    virtual std::size_t read(char* dst, std::size_t n) = 0;
    virtual const std::string& error() const { return error_; }
    // Fraction of the input consumed so far (0..1), for progress reports.
    virtual double progress() const = 0;
    // Bytes the whole input will yield, when known without reading it (0: unknown). Only a hint,
    // for sizing containers up front.
    virtual std::uint64_t sizeHint() const { return 0; }

protected:
    std::string error_;
};

class MemoryByteSource final : public ByteSource {
public:
    explicit MemoryByteSource(std::string_view bytes) : bytes_(bytes) {}
    std::size_t read(char* dst, std::size_t n) override;
    double progress() const override;
    std::uint64_t sizeHint() const override { return bytes_.size(); }

private:
    std::string_view bytes_;
    std::size_t pos_ = 0;
};

class FileByteSource final : public ByteSource {
public:
    // Check error() after construction: it names the file when it cannot be opened.
    explicit FileByteSource(const std::string& path);
    ~FileByteSource() override;
    FileByteSource(const FileByteSource&) = delete;
    FileByteSource& operator=(const FileByteSource&) = delete;
    std::size_t read(char* dst, std::size_t n) override;
    double progress() const override;
    std::uint64_t sizeHint() const override { return size_; }

private:
    std::FILE* file_ = nullptr;
    std::uint64_t size_ = 0, pos_ = 0;
};

}  // namespace syncscope
