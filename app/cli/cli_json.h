#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace syncscope::cli {

// What every --json output of the CLI is printed with: never an exception for text that is not
// UTF-8 (a file name, a name taken from a trace), which was "internal error: invalid UTF-8 byte",
// exit 70, and no output at all.
class CliJson {
public:
    // Indented by 2; a byte that starts no well-formed UTF-8 sequence becomes U+FFFD.
    static std::string text(const nlohmann::json& document);
    // `value` as text() writes it, every line after the first moved right by `indent` spaces, and
    // the first too where `first_line` is true: a piece of a document written a part at a time.
    static std::string indented(const nlohmann::json& value, int indent, bool first_line = true);
    // Sets document[key] to `path` as valid UTF-8 (U+FFFD for each bad byte); where the name
    // was not UTF-8, document[key + "_bytes"] holds it exactly, each byte ≥ 0x80 as "\xNN" (and
    // a backslash as "\\"), so a script can still find the file.
    static void setPath(nlohmann::json& document, const std::string& key, const std::string& path);
};

}  // namespace syncscope::cli
