#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace syncscope {

// The bytes a streaming reader holds of its input: appended at the end by reads, dropped from the
// front once handled. Unlike std::string it grows without zero-filling the room a read is about
// to overwrite: a streamed import writes every byte of its input there, and clearing each chunk
// first was a pass over the whole file for nothing.
class ReadWindow {
public:
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
    char* data() { return data_.get(); }
    const char* data() const { return data_.get(); }
    char& operator[](std::size_t i) { return data_[i]; }
    char operator[](std::size_t i) const { return data_[i]; }

    void reserve(std::size_t capacity);
    // `n` more bytes at the end, left as they are (uninitialised): the caller writes them, then
    // truncate()s to what it wrote. Returns where they start.
    char* grow(std::size_t n);
    // Keeps the first `size` bytes (size <= size()).
    void truncate(std::size_t size) { size_ = size; }
    // Drops the first `n` bytes (n <= size()), moving the rest to the front.
    void dropFront(std::size_t n);
    std::string substr(std::size_t pos, std::size_t n) const {
        return std::string(data_.get() + pos, n);
    }

private:
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0, capacity_ = 0;
};

}  // namespace syncscope
