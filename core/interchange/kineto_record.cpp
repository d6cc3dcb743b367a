#include "core/interchange/kineto_record.h"

#include <charconv>
#include <cmath>

namespace syncscope {

namespace od = simdjson::ondemand;

namespace {

// |µs| above 2^53 cannot be a real timestamp (and doubles stop being exact there).
constexpr std::int64_t kMaxMicros = std::int64_t{1} << 53;

std::string trimmed(std::string_view raw) {
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t'))
        raw.remove_suffix(1);
    return std::string(raw.substr(0, 40));
}

std::string notA(std::string_view field, std::string_view what) {
    return "\"" + std::string(field) + "\" is not " + std::string(what);
}

std::string readId(od::value value, std::string_view field, KinetoId& out) {
    od::json_type type;
    if (value.type().get(type)) return notA(field, "valid JSON");
    if (type == od::json_type::string) {
        std::string_view text;
        if (value.get_string().get(text)) return notA(field, "a valid string");
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) {
            out.type = KinetoId::Type::Number;
            out.number = n;
        } else {
            out.type = KinetoId::Type::Text;
            out.text = text;
        }
        return {};
    }
    if (type == od::json_type::number) {
        KinetoInt n;
        if (auto err = KinetoRecordReader::readInt(value, field, n); !err.empty()) return err;
        out.type = KinetoId::Type::Number;
        out.number = n.value;
        return {};
    }
    if (type == od::json_type::null) return {};
    return notA(field, "a number or a string");
}

std::string readArgs(od::object args, KinetoRecord& r) {
    for (auto field_result : args) {
        od::field field;
        if (std::move(field_result).get(field)) return "\"args\" is not a valid object";
        std::string_view key;
        if (field.unescaped_key().get(key)) return "an \"args\" key is not a valid string";
        od::value v = field.value();
        std::string err;
        // Kineto writes null for absent numbers ("Python parent id": null): treat null as absent.
        od::json_type type;
        if (v.type().get(type)) return "\"args." + std::string(key) + "\" is not valid JSON";
        if (type == od::json_type::null) continue;
        auto intArg = [&](KinetoInt& out) { err = KinetoRecordReader::readInt(v, key, out); };
        auto strArg = [&](std::string_view& out) { err = KinetoRecordReader::readString(v, key, out); };
        if (key == "correlation") intArg(r.correlation);
        else if (key == "stream") intArg(r.stream);
        else if (key == "device") intArg(r.device);
        else if (key == "bytes" && type == od::json_type::number) intArg(r.bytes);
        else if (key == "External id" || key == "external id") intArg(r.external_id);
        else if (key == "wait_on_stream") intArg(r.wait_on_stream);
        else if (key == "wait_on_cuda_event_record_corr_id") intArg(r.wait_on_record_corr);
        else if (key == "wait_on_cuda_event_id") intArg(r.wait_on_event_id);
        else if (key == "Total Allocated") intArg(r.total_allocated);
        else if (key == "Total Reserved") intArg(r.total_reserved);
        else if (key == "Device Type") intArg(r.device_type);
        else if (key == "Device Id") intArg(r.device_id);
        else if (key == "sort_index") intArg(r.sort_index);
        else if (key == "cuda_sync_kind") strArg(r.sync_kind);
        else if (key == "name" && type == od::json_type::string) strArg(r.arg_name);
        else if (key == "kind" && type == od::json_type::string) strArg(r.kind);
        else if (key == "api") strArg(r.api);
        else if (key == "mode") strArg(r.mode);
        else if (key == "lane") intArg(r.lane);
        else if (key == "target_lane") intArg(r.target_lane);
        else if (key == "step") intArg(r.step);
        else if (key == "batch") intArg(r.batch);
        else if (key == "awaited") intArg(r.awaited);
        else if (key == "cuda_event") intArg(r.cuda_event);
        else if (key == "flags") intArg(r.flags);
        else if (key == "cpu_ns") intArg(r.cpu_ns);
        else if (key == "from") intArg(r.from);
        else if (key == "to") intArg(r.to);
        else if (key == "device_used") intArg(r.device_used);
        else if (key == "pool_reserved") intArg(r.pool_reserved);
        else if (key == "pool_used") intArg(r.pool_used);
        else if (key == "allocated") intArg(r.allocated);
        else if (key == "reserved") intArg(r.reserved);
        // `"key" is ...` -> `"args.key" is ...`
        if (!err.empty()) return "\"args." + err.substr(1);
    }
    return {};
}

}  // namespace

std::string KinetoRecordReader::readString(od::value value, std::string_view field, std::string_view& out) {
    if (value.get_string().get(out)) return notA(field, "a string");
    return {};
}

std::string KinetoRecordReader::readInt(od::value value, std::string_view field, KinetoInt& out) {
    od::json_type type;
    if (value.type().get(type) || type != od::json_type::number) return notA(field, "a number");
    od::number_type nt;
    if (value.get_number_type().get(nt)) return notA(field, "a valid number");
    if (nt == od::number_type::signed_integer) {
        if (value.get_int64().get(out.value)) return notA(field, "a valid integer");
    } else if (nt == od::number_type::unsigned_integer) {
        return "\"" + std::string(field) + "\" is out of range (" + [&] {
            std::string_view raw;
            return (raw = value.raw_json_token(), trimmed(raw));
        }() + ")";
    } else {
        double d = 0;
        if (value.get_double().get(d)) return notA(field, "a valid number");
        // Integers written as 1.0 are fine; 1e300 is not.
        if (!std::isfinite(d) || std::fabs(d) > 9.0e18) return "\"" + std::string(field) + "\" is out of range";
        out.value = static_cast<std::int64_t>(std::llround(d));
    }
    out.present = true;
    return {};
}

std::string KinetoRecordReader::microsToNs(od::value value, std::string_view field, TimeNs& out) {
    od::json_type type;
    if (value.type().get(type) || type != od::json_type::number) return notA(field, "a number");
    std::string_view raw;
    raw = value.raw_json_token();
    // Parse the decimal text exactly: doubles lose nanoseconds on epoch-sized microsecond stamps.
    std::size_t i = 0;
    const bool negative = i < raw.size() && raw[i] == '-';
    if (negative) ++i;
    std::int64_t whole = 0;
    std::size_t digits = 0;
    for (; i < raw.size() && raw[i] >= '0' && raw[i] <= '9'; ++i, ++digits) {
        if (whole > kMaxMicros) break;
        whole = whole * 10 + (raw[i] - '0');
    }
    std::int64_t frac = 0;
    int frac_digits = 0;
    bool round_up = false;
    bool exponent = false;
    if (i < raw.size() && raw[i] == '.') {
        for (++i; i < raw.size() && raw[i] >= '0' && raw[i] <= '9'; ++i) {
            if (frac_digits < 3) {
                frac = frac * 10 + (raw[i] - '0');
                ++frac_digits;
            } else if (frac_digits == 3) {
                round_up = raw[i] >= '5';
                ++frac_digits;
            }
        }
    }
    if (i < raw.size() && (raw[i] == 'e' || raw[i] == 'E')) exponent = true;
    if (exponent) {
        double d = 0;
        if (value.get_double().get(d)) return notA(field, "a valid number");
        if (!std::isfinite(d) || std::fabs(d) > static_cast<double>(kMaxMicros))
            return "\"" + std::string(field) + "\" is beyond 2^53 microseconds (" + trimmed(raw) + ")";
        out = static_cast<TimeNs>(std::llround(d * 1000.0));
        return {};
    }
    if (digits == 0) return notA(field, "a valid number");
    if (whole > kMaxMicros || digits > 16)
        return "\"" + std::string(field) + "\" is beyond 2^53 microseconds (" + trimmed(raw) + ")";
    for (; frac_digits < 3; ++frac_digits) frac *= 10;
    TimeNs ns = whole * 1000 + frac + (round_up ? 1 : 0);
    out = negative ? -ns : ns;
    return {};
}

std::string KinetoRecordReader::read(od::object object, KinetoRecord& r) {
    r = KinetoRecord{};
    for (auto field_result : object) {
        od::field field;
        if (std::move(field_result).get(field)) return "the event is not a valid object";
        std::string_view key;
        if (field.unescaped_key().get(key)) return "an event key is not a valid string";
        od::value v = field.value();
        std::string err;
        if (key == "ph") err = readString(v, key, r.ph);
        else if (key == "cat") {
            od::json_type type;
            if (v.type().get(type)) err = notA(key, "valid JSON");
            else if (type != od::json_type::null) err = readString(v, key, r.cat);
        } else if (key == "name") err = readString(v, key, r.name);
        else if (key == "pid") err = readId(v, key, r.pid);
        else if (key == "tid") err = readId(v, key, r.tid);
        else if (key == "id") err = readId(v, key, r.id);
        else if (key == "bp") err = readString(v, key, r.bp);
        else if (key == "s") err = readString(v, key, r.scope);
        else if (key == "ts") {
            err = microsToNs(v, key, r.ts_ns);
            r.has_ts = err.empty();
        } else if (key == "dur") {
            err = microsToNs(v, key, r.dur_ns);
            r.has_dur = err.empty();
        } else if (key == "args") {
            od::object args;
            od::json_type type;
            if (v.type().get(type)) err = notA(key, "valid JSON");
            else if (type == od::json_type::object) {
                if (v.get_object().get(args)) err = notA(key, "an object");
                else err = readArgs(args, r);
            }
        }
        if (!err.empty()) return err;
    }
    return {};
}

}  // namespace syncscope
