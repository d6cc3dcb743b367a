#include "core/interchange/kineto/raw_time_fields.h"

#include <utility>

#include "core/interchange/kineto/decimal_micros.h"

namespace syncscope {

namespace ondemand = simdjson::ondemand;

namespace {

std::string_view trimTrailingSpace(std::string_view text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' ||
                             text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

std::string convert(std::string_view field, std::string_view text, TimeNs& out) {
    if (text.empty())
        return "\"" + std::string(field) + "\" is missing from the event text";
    if (auto why = DecimalMicros::toNs(text, out); !why.empty()) {
        // A number can be thousands of digits long: quote enough to recognise it.
        // Built by appends: GCC 12 warns falsely (-Warray-bounds) on the chain of operator+.
        constexpr std::size_t kQuoted = 40;
        std::string message = "\"";
        message.append(field).append("\" ").append(why).append(" (");
        message.append(text.substr(0, kQuoted));
        if (text.size() > kQuoted)
            message.append("...");
        return message.append(" µs)");
    }
    return {};
}

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Past the string that starts at text[p] (its opening quote); npos if it does not end.
std::size_t skipString(std::string_view text, std::size_t p) {
    for (++p; p < text.size(); ++p) {
        if (text[p] == '\\')
            ++p;
        else if (text[p] == '"')
            return p + 1;
    }
    return std::string_view::npos;
}

// Past the value that starts at text[p]; npos if it does not end.
std::size_t skipValue(std::string_view text, std::size_t p) {
    if (text[p] == '"')
        return skipString(text, p);
    if (text[p] != '{' && text[p] != '[') {
        while (p < text.size() && text[p] != ',' && text[p] != '}' && text[p] != ']' &&
               !isSpace(text[p]))
            ++p;
        return p;
    }
    std::size_t depth = 0;
    while (p < text.size()) {
        const char c = text[p];
        if (c == '"') {
            p = skipString(text, p);
            continue;
        }
        if (c == '{' || c == '[')
            ++depth;
        else if ((c == '}' || c == ']') && --depth == 0)
            return p + 1;
        ++p;
    }
    return std::string_view::npos;
}

}  // namespace

// The DOM pass has validated the event, so finding where each top-level value ends only needs
// strings and nesting tracked. Keys with escapes ("t\u0073") need unescaping: simdjson does that.
bool RawTimeFields::scan(std::string_view text, std::string_view& ts, std::string_view& dur,
                         bool want_ts, bool want_dur, bool keys_unique) {
    std::size_t p = 0;
    auto skipSpace = [&] {
        while (p < text.size() && isSpace(text[p]))
            ++p;
    };
    skipSpace();
    if (p >= text.size() || text[p] != '{')
        return false;
    ++p;
    for (;;) {
        skipSpace();
        if (p < text.size() && text[p] == '}')
            return true;
        if (p >= text.size() || text[p] != '"')
            return false;
        const std::size_t key_begin = p + 1;
        const std::size_t key_end = skipString(text, p);
        if (key_end == std::string_view::npos)
            return false;
        const std::string_view key = text.substr(key_begin, key_end - 1 - key_begin);
        if (key.find('\\') != std::string_view::npos)
            return false;
        p = key_end;
        skipSpace();
        if (p >= text.size() || text[p] != ':')
            return false;
        ++p;
        skipSpace();
        if (p >= text.size())
            return false;
        const std::size_t value_begin = p;
        p = skipValue(text, p);
        if (p == std::string_view::npos)
            return false;
        // The last occurrence wins, as in the DOM pass (KinetoRecordReader).
        if (key == "ts")
            ts = text.substr(value_begin, p - value_begin);
        else if (key == "dur")
            dur = text.substr(value_begin, p - value_begin);
        // Without repeated keys the first occurrence is the last: stop before "args", which holds
        // most of an event's bytes.
        if (keys_unique && (!want_ts || !ts.empty()) && (!want_dur || !dur.empty()))
            return true;
        skipSpace();
        if (p < text.size() && text[p] == ',')
            ++p;
    }
}

std::string RawTimeFields::read(std::string_view event_json, std::size_t readable,
                                KinetoRecord& record) {
    std::string_view ts, dur;
    const bool keys_unique = record.duplicate_key.empty();
    if (!scan(event_json, ts, dur, record.ts_from_text, record.dur_from_text, keys_unique)) {
        ts = dur = {};
        if (auto err = readWithSimdjson(event_json, readable, ts, dur); !err.empty())
            return err;
    }
    if (record.ts_from_text)
        if (auto err = convert("ts", ts, record.ts_ns); !err.empty())
            return err;
    if (record.dur_from_text)
        if (auto err = convert("dur", dur, record.dur_ns); !err.empty())
            return err;
    return {};
}

std::string RawTimeFields::readWithSimdjson(std::string_view event_json, std::size_t readable,
                                            std::string_view& ts, std::string_view& dur) {
    auto broken = [](simdjson::error_code code) {
        return std::string("the event text does not parse again: ") + simdjson::error_message(code);
    };
    ondemand::document doc;
    if (auto code = parser_.iterate(event_json.data(), event_json.size(), readable).get(doc))
        return broken(code);
    ondemand::object object;
    if (auto code = doc.get_object().get(object))
        return broken(code);
    for (auto result : object) {
        ondemand::field field;
        if (auto code = std::move(result).get(field))
            return broken(code);
        std::string_view key;
        if (auto code = field.unescaped_key().get(key))
            return broken(code);
        if (key != "ts" && key != "dur")
            continue;  // the iteration skips the value
        (key == "ts" ? ts : dur) = trimTrailingSpace(field.value().raw_json_token());
    }
    return {};
}

}  // namespace syncscope
