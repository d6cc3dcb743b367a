#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace syncscope::json_path {

// Field paths and values in scenario error messages: "steps[2].duration_us", 'a name'.
std::string child(const std::string& path, std::string_view key);
std::string item(const std::string& path, std::size_t index);
// A user string inside a message: quoted, shortened, control characters escaped.
std::string inQuotes(std::string_view text);
// "an object", "a string", ... for "must be X, not Y" messages.
std::string typeName(const nlohmann::json& value);

}  // namespace syncscope::json_path
