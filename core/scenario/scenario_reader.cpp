#include "core/scenario/scenario_reader.h"

#include <new>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "core/io/regular_file.h"
#include "core/model/terminal_text.h"
#include "core/scenario/scenario_validator.h"

namespace syncscope {

namespace {

using Json = nlohmann::json;

// A message is always safe to print: invalid UTF-8, control characters and bidirectional overrides
// become \xNN (the one escaping function, core/model/terminal_text.h); line breaks stay.
std::string sanitizeUtf8(std::string_view text) {
    return escapeForTerminal(text, LineBreaks::Keep);
}

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line 1, column 5: <what>";
// keep <what>, since the line and column are computed by us from the byte offset.
std::string cleanMessage(std::string_view what) {
    if (what.starts_with("[json.exception.")) {
        if (auto close = what.find("] "); close != std::string_view::npos)
            what.remove_prefix(close + 2);
    }
    if (what.starts_with("parse error")) {
        if (auto column = what.find("column "); column != std::string_view::npos) {
            if (auto colon = what.find(": ", column); colon != std::string_view::npos)
                what.remove_prefix(colon + 2);
        }
    }
    return sanitizeUtf8(what);
}

// 1-based line and column (in characters) of the byte just before `position`.
std::pair<std::size_t, std::size_t> lineAndColumn(std::string_view text, std::size_t position) {
    const std::size_t end = std::min(position > 0 ? position - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    std::size_t column = 1;
    for (std::size_t i = line_start; i < end; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;
    return {line, column};
}

// nlohmann's DOM builder plus what a hostile file needs: a nesting limit (checked before the
// document grows deeper), limits on how many values an array holds (checked as each value is read,
// so that a file of 4 million steps is refused at its millionth-and-first instead of after its
// whole document was built, gigabytes later), duplicate keys reported instead of silently
// overwritten, and the byte offset of a syntax error.
class LimitedSax {
public:
    explicit LimitedSax(Json& root, std::vector<ScenarioError>& errors)
        : dom_(root, false), errors_(errors) {}

    bool null() { return value() && dom_.null(); }
    bool boolean(bool v) { return value() && dom_.boolean(v); }
    bool number_integer(Json::number_integer_t v) { return value() && dom_.number_integer(v); }
    bool number_unsigned(Json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
    bool number_float(Json::number_float_t v, const std::string& s) {
        return value() && dom_.number_float(v, s);
    }
    bool string(std::string& v) { return value() && dom_.string(v); }
    bool binary(Json::binary_t& v) { return value() && dom_.binary(v); }
    bool start_object(std::size_t n) {
        if (!value() || !enter(false))
            return false;
        return dom_.start_object(n);
    }
    bool key(std::string& k) {
        Frame& frame = frames_.back();
        frame.key = k;
        if (!frame.addKey(k) && errors_.size() < ScenarioReader::kMaxErrors)
            errors_.push_back({pathHere(), "duplicate field"});
        return dom_.key(k);
    }
    bool end_object() {
        frames_.pop_back();
        return dom_.end_object();
    }
    bool start_array(std::size_t n) {
        if (!value() || !enter(true))
            return false;
        return dom_.start_array(n);
    }
    bool end_array() {
        frames_.pop_back();
        return dom_.end_array();
    }
    template <typename Exception>
    bool parse_error(std::size_t position, const std::string& /*last_token*/, const Exception& ex) {
        failed_at_ = position;
        message_ = cleanMessage(ex.what());
        return false;
    }

    std::optional<std::size_t> failedAt() const { return failed_at_; }
    const std::string& message() const { return message_; }
    // A limit stopped the reading; the error is already in the list.
    bool refused() const { return refused_; }

private:
    struct Frame {
        bool array = false;
        std::size_t count = 0;  // values seen so far (arrays)
        std::string key;        // current key (objects)
        // Keys seen so far: a short list for the usual small objects, a hash set for big ones.
        std::vector<std::string> few;
        std::unordered_set<std::string> many;

        bool addKey(const std::string& k) {
            constexpr std::size_t kFew = 32;
            if (!many.empty())
                return many.insert(k).second;
            for (const auto& seen : few)
                if (seen == k)
                    return false;
            few.push_back(k);
            if (few.size() > kFew) {
                many.insert(few.begin(), few.end());
                few.clear();
            }
            return true;
        }
    };

    bool value() {
        if (frames_.empty() || !frames_.back().array)
            return true;
        const std::size_t count = ++frames_.back().count;
        // Steps, in `steps` and in every repeat's `steps`: no file may hold more than the run may.
        if (frames_.size() >= 2 && !frames_[frames_.size() - 2].array &&
            frames_[frames_.size() - 2].key == "steps") {
            if (++steps_ > Scenario::kMaxExpandedSteps)
                return refuse(
                    "more than 1000000 steps in the file (a scenario has at most "
                    "1000000 steps once repeats are unrolled)");
            return true;
        }
        if (count > ScenarioReader::kMaxArrayValues)
            return refuse(
                "more than 10000 values in one array (no field of a scenario takes "
                "that many)");
        return true;
    }
    bool refuse(std::string message) {
        refused_ = true;
        errors_.push_back({pathHere(), std::move(message)});
        return false;
    }
    bool enter(bool array) {
        if (frames_.size() >= static_cast<std::size_t>(ScenarioReader::kMaxJsonDepth))
            return refuse("nesting is deeper than 100 levels");
        frames_.push_back(Frame{array, 0, {}, {}, {}});
        return true;
    }
    // Path of the value being read, in the scenario's field-path style.
    std::string pathHere() const {
        std::string path;
        // Appends, not "[" + ... + "]": GCC 12 at -O3 warns falsely (-Wrestrict) on that.
        for (const Frame& frame : frames_) {
            if (frame.array) {
                path += '[';
                path += std::to_string(frame.count - 1);
                path += ']';
            } else {
                if (!path.empty())
                    path += '.';
                path += frame.key;
            }
        }
        return path;
    }

    nlohmann::detail::json_sax_dom_parser<Json> dom_;
    std::vector<ScenarioError>& errors_;
    std::vector<Frame> frames_;
    std::optional<std::size_t> failed_at_;
    std::string message_;
    std::size_t steps_ = 0;  // in every steps array so far
    bool refused_ = false;
};

ScenarioParseResult parseUnchecked(std::string_view text) {
    ScenarioParseResult result;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        result.errors.push_back({"", "the input is empty; expected a scenario object"});
        return result;
    }
    Json root;
    LimitedSax sax(root, result.errors);
    const bool parsed = Json::sax_parse(text, &sax);
    if (!parsed) {
        if (sax.failedAt()) {
            const auto [line, column] = lineAndColumn(text, *sax.failedAt());
            result.errors.push_back({"", sax.message(), line, column});
        } else if (!sax.refused()) {
            result.errors.push_back({"", "the JSON text could not be read"});
        }
        return result;
    }
    if (!result.errors.empty())
        return result;  // duplicate fields
    ScenarioValidator validator(result.errors, result.warnings);
    result.scenario = validator.validate(root);
    if (!result.errors.empty())
        result.scenario.reset();
    return result;
}

}  // namespace

std::string ScenarioError::toString() const {
    if (line > 0)
        return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
               message;
    if (path.empty())
        return message;
    return path + ": " + message;
}

std::string ScenarioParseResult::errorText() const {
    std::string out;
    for (const auto& e : errors) {
        if (!out.empty())
            out += '\n';
        out += e.toString();
    }
    return out;
}

ScenarioParseResult ScenarioReader::parse(std::string_view text) {
    try {
        return parseUnchecked(text);
    } catch (const std::bad_alloc&) {
        ScenarioParseResult result;
        result.errors.push_back({"", "out of memory while reading the scenario"});
        return result;
    } catch (const std::exception& e) {
        ScenarioParseResult result;
        result.errors.push_back(
            {"", std::string("could not read the scenario: ") + sanitizeUtf8(e.what())});
        return result;
    }
}

ScenarioParseResult ScenarioReader::readFile(const std::string& path) {
    ScenarioParseResult result;
    // Regular files only, as traces (RegularFile): a FIFO would hang the reader, a device such as
    // /dev/zero would be read without end.
    RegularFile file = RegularFile::open(path);
    std::string text;
    if (!file.readAll(text, kMaxFileBytes, "512 MiB; not a scenario")) {
        result.errors.push_back({"", file.reason()});
        return result;
    }
    return parse(text);
}

}  // namespace syncscope
