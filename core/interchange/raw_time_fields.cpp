#include "core/interchange/raw_time_fields.h"

#include <utility>

#include "core/interchange/decimal_micros.h"

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
        constexpr std::size_t kQuoted = 40;
        const std::string quoted = text.size() > kQuoted
                                       ? std::string(text.substr(0, kQuoted)) + "..."
                                       : std::string(text);
        return "\"" + std::string(field) + "\" " + why + " (" + quoted + " µs)";
    }
    return {};
}

}  // namespace

std::string RawTimeFields::read(std::string_view event_json, std::size_t readable,
                                KinetoRecord& record) {
    auto broken = [](simdjson::error_code code) {
        return std::string("the event text does not parse again: ") + simdjson::error_message(code);
    };
    ondemand::document doc;
    if (auto code = parser_.iterate(event_json.data(), event_json.size(), readable).get(doc))
        return broken(code);
    ondemand::object object;
    if (auto code = doc.get_object().get(object))
        return broken(code);
    // The last occurrence wins, as in the DOM pass (KinetoRecordReader).
    std::string_view ts, dur;
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
    if (record.ts_from_text)
        if (auto err = convert("ts", ts, record.ts_ns); !err.empty())
            return err;
    if (record.dur_from_text)
        if (auto err = convert("dur", dur, record.dur_ns); !err.empty())
            return err;
    return {};
}

}  // namespace syncscope
