#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace syncscope {

// Interned strings: events store a 32-bit index instead of a name. Index 0 is always "".
class StringTable {
public:
    StringTable();
    StringTable(const StringTable& other);
    StringTable& operator=(const StringTable& other);
    StringTable(StringTable&&) noexcept = default;
    StringTable& operator=(StringTable&&) noexcept = default;

    std::uint32_t intern(std::string_view text);
    std::string_view at(std::uint32_t index) const;
    std::size_t size() const { return strings_.size(); }
    std::size_t memoryFootprint() const;
    bool operator==(const StringTable& other) const { return strings_ == other.strings_; }

private:
    void rebuildIndex();

    // deque: growing never moves the strings the index's string_views point into.
    std::deque<std::string> strings_;
    std::unordered_map<std::string_view, std::uint32_t> index_;
};

}  // namespace syncscope
