#include "core/model/string_table.h"

#include <stdexcept>

namespace syncscope {

StringTable::StringTable() {
    intern("");
}

StringTable::StringTable(const StringTable& other) : strings_(other.strings_) {
    rebuildIndex();
}

StringTable& StringTable::operator=(const StringTable& other) {
    if (this != &other) {
        strings_ = other.strings_;
        rebuildIndex();
    }
    return *this;
}

void StringTable::rebuildIndex() {
    index_.clear();
    for (std::uint32_t i = 0; i < strings_.size(); ++i)
        index_.emplace(strings_[i], i);
}

std::uint32_t StringTable::intern(std::string_view text) {
    if (auto it = index_.find(text); it != index_.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(strings_.size());
    strings_.emplace_back(text);
    index_.emplace(strings_.back(), id);
    return id;
}

std::string_view StringTable::at(std::uint32_t index) const {
    if (index >= strings_.size())
        return {};
    return strings_[index];
}

std::size_t StringTable::memoryFootprint() const {
    std::size_t bytes = 0;
    for (const auto& s : strings_)
        bytes += sizeof(std::string) + (s.size() > 15 ? s.capacity() : 0);
    return bytes + index_.size() * (sizeof(std::string_view) + sizeof(std::uint32_t) + 16);
}

}  // namespace syncscope
