#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace syncscope::json_path {

// Field paths and values in scenario error messages: "steps[2].duration_us", 'a name'.
std::string child(const std::string& path, std::string_view key);
std::string item(const std::string& path, std::size_t index);
// A user string inside a message: quoted, shortened, control characters escaped.
std::string inQuotes(std::string_view text);
// "an object", "a string", ... for "must be X, not Y" messages.
std::string typeName(const nlohmann::json& value);

// Reads a JSON array of at most `max` items named `plural` ("claims", "callouts"): an error at
// `path` when it is no array or too long, else read(item, item path, T&) for each, keeping those
// it accepts.
template <typename T, typename Error, typename Read>
std::vector<T> readArray(const nlohmann::json& json, const std::string& path, std::size_t max,
                         std::string_view plural, const Error& error, Read read) {
    std::vector<T> out;
    if (!json.is_array()) {
        error(path, "must be an array of " + std::string(plural) + ", not " + typeName(json));
        return out;
    }
    if (json.size() > max) {
        error(path, "has " + std::to_string(json.size()) + " " + std::string(plural) +
                        "; at most " + std::to_string(max) + " are allowed");
        return out;
    }
    for (std::size_t i = 0; i < json.size(); ++i) {
        T value;
        if (read(json[i], item(path, i), value))
            out.push_back(std::move(value));
    }
    return out;
}

}  // namespace syncscope::json_path
