#include "core/io/read_window.h"

#include <algorithm>
#include <cstring>

namespace syncscope {

void ReadWindow::reserve(std::size_t capacity) {
    if (capacity <= capacity_)
        return;
    // new char[] leaves the bytes uninitialised, unlike std::make_unique<char[]>.
    std::unique_ptr<char[]> bigger(new char[capacity]);
    if (size_ > 0)
        std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = capacity;
}

char* ReadWindow::grow(std::size_t n) {
    if (size_ + n > capacity_)
        reserve(std::max(size_ + n, capacity_ * 2));
    char* at = data_.get() + size_;
    size_ += n;
    return at;
}

void ReadWindow::dropFront(std::size_t n) {
    std::memmove(data_.get(), data_.get() + n, size_ - n);
    size_ -= n;
}

}  // namespace syncscope
