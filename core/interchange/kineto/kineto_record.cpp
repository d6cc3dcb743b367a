#include "core/interchange/kineto/kineto_record.h"

#include <charconv>
#include <cmath>
#include <cstring>

#include "core/model/checked_math.h"

namespace syncscope {

namespace dom = simdjson::dom;

namespace {

// Key comparison with the literal's length known at compile time: a size check and an inlined
// compare, this runs for every field of every event.
template <std::size_t N>
bool is(std::string_view key, const char (&literal)[N]) {
    return key.size() == N - 1 && std::memcmp(key.data(), literal, N - 1) == 0;
}

std::string notA(std::string_view field, std::string_view what) {
    return "\"" + std::string(field) + "\" is not " + std::string(what);
}

std::string readId(dom::element value, std::string_view field, KinetoId& out) {
    switch (value.type()) {
        case dom::element_type::STRING: {
            std::string_view text;
            if (value.get_string().get(text))
                return notA(field, "a valid string");
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
        case dom::element_type::INT64:
        case dom::element_type::UINT64:
        case dom::element_type::DOUBLE: {
            KinetoInt n;
            if (auto err = KinetoRecordReader::readInt(value, field, n); !err.empty())
                return err;
            out.type = KinetoId::Type::Number;
            out.number = n.value;
            return {};
        }
        case dom::element_type::NULL_VALUE:
            return {};
        default:
            return notA(field, "a number or a string");
    }
}

std::string readArgs(dom::object args, KinetoRecord& r) {
    // The iterator's key() and value() directly: a key_value_pair per field is a copy more.
    for (auto it = args.begin(), end = args.end(); it != end; ++it) {
        const std::string_view key = it.key();
        const dom::element v = it.value();
        const auto type = v.type();
        // Kineto writes null for absent numbers ("Python parent id": null): treat null as absent.
        if (type == dom::element_type::NULL_VALUE)
            continue;
        std::string err;
        // Only the keys we read are checked for repeats: a repeated key we ignore changes nothing.
        auto duplicate = [&] {
            if (r.duplicate_key.empty())
                r.duplicate_key = "args." + std::string(key);
        };
        auto commonInt = [&](KinetoInt& out) {
            if (out.present)
                duplicate();
            err = KinetoRecordReader::readInt(v, key, out);
        };
        // Any other field is one of KinetoRareFields: the next read must reset them.
        auto intArg = [&](KinetoInt& out) {
            r.rare_set = true;
            commonInt(out);
        };
        auto strArg = [&](std::string_view& out) {
            r.rare_set = true;
            if (out.data() != nullptr)
                duplicate();
            err = KinetoRecordReader::readString(v, key, out);
        };
        const bool is_string = type == dom::element_type::STRING;
        const bool is_number = type == dom::element_type::INT64 ||
                               type == dom::element_type::UINT64 ||
                               type == dom::element_type::DOUBLE;
        // By length first: most keys ("cbid", "Input Dims"...) are not ours and fall out here.
        switch (key.size()) {
            case 2:
                if (is(key, "to"))
                    intArg(r.to);
                break;
            case 3:
                if (is(key, "api"))
                    strArg(r.api);
                break;
            case 4:
                if (is(key, "name") && is_string)
                    strArg(r.arg_name);
                else if (is(key, "kind") && is_string)
                    strArg(r.kind);
                else if (is(key, "mode"))
                    strArg(r.mode);
                else if (is(key, "lane"))
                    intArg(r.lane);
                else if (is(key, "step"))
                    intArg(r.step);
                else if (is(key, "from"))
                    intArg(r.from);
                break;
            case 5:
                if (is(key, "bytes") && is_number)
                    commonInt(r.bytes);
                else if (is(key, "batch"))
                    intArg(r.batch);
                else if (is(key, "flags"))
                    intArg(r.flags);
                break;
            case 6:
                if (is(key, "stream"))
                    commonInt(r.stream);
                else if (is(key, "device"))
                    commonInt(r.device);
                else if (is(key, "cpu_ns"))
                    intArg(r.cpu_ns);
                break;
            case 7:
                if (is(key, "awaited"))
                    intArg(r.awaited);
                break;
            case 8:
                if (is(key, "reserved"))
                    intArg(r.reserved);
                break;
            case 9:
                if (is(key, "Device Id"))
                    intArg(r.device_id);
                else if (is(key, "pool_used"))
                    intArg(r.pool_used);
                else if (is(key, "allocated"))
                    intArg(r.allocated);
                break;
            case 10:
                if (is(key, "sort_index"))
                    intArg(r.sort_index);
                else if (is(key, "cuda_event"))
                    intArg(r.cuda_event);
                break;
            case 11:
                if (is(key, "correlation"))
                    commonInt(r.correlation);
                else if (is(key, "External id"))
                    commonInt(r.external_id);
                else if (is(key, "external id"))
                    commonInt(r.external_id);
                else if (is(key, "Device Type"))
                    intArg(r.device_type);
                else if (is(key, "target_lane"))
                    intArg(r.target_lane);
                else if (is(key, "device_used"))
                    intArg(r.device_used);
                break;
            case 13:
                if (is(key, "pool_reserved"))
                    intArg(r.pool_reserved);
                break;
            case 14:
                if (is(key, "wait_on_stream"))
                    intArg(r.wait_on_stream);
                else if (is(key, "Total Reserved"))
                    intArg(r.total_reserved);
                else if (is(key, "cuda_sync_kind"))
                    strArg(r.sync_kind);
                break;
            case 15:
                if (is(key, "Total Allocated"))
                    intArg(r.total_allocated);
                break;
            case 21:
                if (is(key, "wait_on_cuda_event_id"))
                    intArg(r.wait_on_event_id);
                break;
            case 33:
                if (is(key, "wait_on_cuda_event_record_corr_id"))
                    intArg(r.wait_on_record_corr);
                break;
            default:
                break;
        }
        // `"key" is ...` -> `"args.key" is ...`
        if (!err.empty())
            return "\"args." + err.substr(1);
    }
    return {};
}

}  // namespace

std::string KinetoRecordReader::readString(dom::element value, std::string_view field,
                                           std::string_view& out) {
    if (value.get_string().get(out))
        return notA(field, "a string");
    return {};
}

std::string KinetoRecordReader::readInt(dom::element value, std::string_view field,
                                        KinetoInt& out) {
    switch (value.type()) {
        case dom::element_type::INT64:
            out.value = value.get_int64().value_unsafe();
            break;
        case dom::element_type::UINT64:
            return "\"" + std::string(field) + "\" is out of range (" +
                   std::to_string(value.get_uint64().value_unsafe()) + ")";
        case dom::element_type::DOUBLE: {
            const double d = value.get_double().value_unsafe();
            // Integers written as 1.0 are fine; 1e300 is not.
            if (!std::isfinite(d) || std::fabs(d) > 9.0e18)
                return "\"" + std::string(field) + "\" is out of range";
            out.value = static_cast<std::int64_t>(std::llround(d));
            break;
        }
        default:
            return notA(field, "a number");
    }
    out.present = true;
    return {};
}

std::string KinetoRecordReader::microsToNs(dom::element value, std::string_view field, TimeNs& out,
                                           bool& from_text) {
    auto outside = [&](const std::string& text) {
        return "\"" + std::string(field) + "\" is outside ±(2^62 - 1) ns (" + text + " µs)";
    };
    from_text = false;
    switch (value.type()) {
        case dom::element_type::INT64: {
            const std::int64_t us = value.get_int64().value_unsafe();
            const auto ns = checkedMul(us, 1000);
            if (!ns || !inTimeRange(*ns))
                return outside(std::to_string(us));
            out = *ns;
            return {};
        }
        case dom::element_type::UINT64:
            return outside(std::to_string(value.get_uint64().value_unsafe()));
        case dom::element_type::DOUBLE:
            from_text = true;
            return {};
        default:
            return notA(field, "a number");
    }
}

namespace {

// The top-level keys read, as bits: a repeat of one of these is found by its bit, without
// comparing it to the keys before it.
constexpr std::uint32_t kPh = 1u << 0, kCat = 1u << 1, kName = 1u << 2, kPid = 1u << 3,
                        kTid = 1u << 4, kId = 1u << 5, kBp = 1u << 6, kS = 1u << 7, kTs = 1u << 8,
                        kDur = 1u << 9, kArgs = 1u << 10;

std::uint32_t knownKey(std::string_view key) {
    switch (key.size()) {
        case 1:
            return is(key, "s") ? kS : 0u;
        case 2:
            return is(key, "ph")   ? kPh
                   : is(key, "ts") ? kTs
                   : is(key, "id") ? kId
                   : is(key, "bp") ? kBp
                                   : 0u;
        case 3:
            return is(key, "cat")   ? kCat
                   : is(key, "pid") ? kPid
                   : is(key, "tid") ? kTid
                   : is(key, "dur") ? kDur
                                    : 0u;
        case 4:
            return is(key, "name") ? kName : is(key, "args") ? kArgs : 0u;
        default:
            return 0;
    }
}

}  // namespace

std::string KinetoRecordReader::read(dom::object object, KinetoRecord& r) {
    // Most events set none of the rare fields (some 450 of the record's 760 bytes): they are
    // cleared only after one that did. (Assigning a fresh record cleared all, twice over.)
    if (r.rare_set)
        static_cast<KinetoRareFields&>(r) = KinetoRareFields{};
    r.ph = r.cat = r.name = r.bp = r.scope = {};
    r.pid = r.tid = r.id = KinetoId{};
    r.has_ts = r.has_dur = r.ts_from_text = r.dur_from_text = r.rare_set = false;
    r.ts_ns = r.dur_ns = 0;
    r.duplicate_key.clear();
    r.correlation = r.stream = r.device = r.bytes = r.external_id = KinetoInt{};
    // An event has a handful of top-level keys. Those we read are checked for repeats by their
    // bit; the others by a linear scan over the others seen, which is short. Past kKeysChecked
    // keys (no real producer writes that many) no more are recorded, as before: a key is
    // checked against the first kKeysChecked only.
    constexpr std::size_t kKeysChecked = 32;
    // Left uninitialised (string_views would be zeroed, 512 bytes per event): only the first
    // seen_count are ever read.
    struct Key {
        const char* data;
        std::size_t size;
    };
    Key seen[kKeysChecked];
    std::size_t seen_count = 0, position = 0;
    std::uint32_t known_seen = 0;
    for (auto it = object.begin(), end = object.end(); it != end; ++it) {
        const std::string_view key = it.key();
        const dom::element v = it.value();
        const std::uint32_t known = knownKey(key);
        if (r.duplicate_key.empty()) {
            if (known != 0) {
                if ((known_seen & known) != 0)
                    r.duplicate_key = key;
                else if (position < kKeysChecked)
                    known_seen |= known;
            } else {
                for (std::size_t i = 0; i < seen_count; ++i)
                    if (std::string_view(seen[i].data, seen[i].size) == key) {
                        r.duplicate_key = key;
                        break;
                    }
                if (position < kKeysChecked)
                    seen[seen_count++] = {key.data(), key.size()};
            }
            ++position;
        }
        std::string err;
        switch (known) {
            case kPh:
                err = readString(v, key, r.ph);
                break;
            case kCat:
                if (v.type() != dom::element_type::NULL_VALUE)
                    err = readString(v, key, r.cat);
                break;
            case kName:
                err = readString(v, key, r.name);
                break;
            case kPid:
                err = readId(v, key, r.pid);
                break;
            case kTid:
                err = readId(v, key, r.tid);
                break;
            case kId:
                err = readId(v, key, r.id);
                break;
            case kBp:
                err = readString(v, key, r.bp);
                break;
            case kS:
                err = readString(v, key, r.scope);
                break;
            case kTs:
                err = microsToNs(v, key, r.ts_ns, r.ts_from_text);
                r.has_ts = err.empty();
                break;
            case kDur:
                err = microsToNs(v, key, r.dur_ns, r.dur_from_text);
                r.has_dur = err.empty();
                break;
            case kArgs:
                if (v.type() == dom::element_type::OBJECT)
                    err = readArgs(v.get_object().value_unsafe(), r);
                break;
            default:
                break;
        }
        if (!err.empty())
            return err;
    }
    return {};
}

}  // namespace syncscope
