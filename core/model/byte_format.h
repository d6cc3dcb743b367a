#pragma once

#include <cstdint>
#include <string>

namespace syncscope {

// One way to print byte counts, in binary units with the unit named (GB vs GiB is a classic
// source of confusion): "512 B", "64.0 MiB"; `decimals` digits after the point above 1 KiB.
std::string formatBytes(std::uint64_t bytes, int decimals = 1);
// Exact first, then readable, for messages where the number matters: "1073741824 bytes
// (1.0 GiB)"; below 1 KiB just "512 bytes".
std::string formatBytesExact(std::uint64_t bytes);

}  // namespace syncscope
