#include "core/scenario/expectation_reader.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/scenario/json_path.h"
#include "core/scenario/lesson_text_reader.h"
#include "core/scenario/step_ref_reader.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::typeName;

namespace {

constexpr std::size_t kMaxClaims = 1000;
constexpr double kMaxMicros = 3'600'000'000.0;  // an hour: far beyond any run, still exact in ns
constexpr std::size_t kMaxText = 1000;

// The fields each claim kind takes besides "claim", "text" and "instances".
std::vector<std::string_view> fieldsOf(ClaimKind kind) {
    switch (kind) {
        case ClaimKind::ReturnsBeforeEnd:
        case ClaimKind::ReturnsAfterEnd:
            return {"call", "gpu"};
        case ClaimKind::HostWait:
            return {"step", "min_us", "max_us"};
        case ClaimKind::Flag:
            return {"step", "flag"};
        case ClaimKind::Memory:
            return {"after", "series", "equals", "at_least", "at_most"};
        case ClaimKind::Idle:
            return {"lane", "min_us"};
        case ClaimKind::StartsAfterEnd:
            return {"gpu", "after"};
        case ClaimKind::Overlap:
            return {"gpu", "with"};
    }
    return {};
}

bool knownSeries(std::string_view s) {
    return s == "device_used" || s == "pool_reserved" || s == "pool_used" || s == "allocated" ||
           s == "reserved";
}

void count(const std::vector<Step>& program, std::uint64_t times,
           std::unordered_map<std::string, std::uint64_t>& out) {
    for (const Step& step : program) {
        if (!step.id.empty()) {
            std::uint64_t& n = out[step.id];
            n = n > UINT64_MAX - times ? UINT64_MAX : n + times;
        }
        if (step.kind == StepKind::Repeat) {
            const std::uint64_t inner = step.count != 0 && times > UINT64_MAX / step.count
                                            ? UINT64_MAX
                                            : times * step.count;
            count(step.body, inner, out);
        }
    }
}

}  // namespace

std::unordered_map<std::string, std::uint64_t> ExpectationReader::countInstances(
    const std::vector<Step>& program) {
    std::unordered_map<std::string, std::uint64_t> out;
    count(program, 1, out);
    return out;
}

std::vector<Expectation> ExpectationReader::read(const Json& expect, const std::string& path) {
    return json_path::readArray<Expectation>(
        expect, path, kMaxClaims, "claims", error_,
        [this](const Json& json, const std::string& at, Expectation& out) {
            return readClaim(json, at, out);
        });
}

bool ExpectationReader::readClaim(const Json& json, const std::string& path, Expectation& out) {
    if (!json.is_object()) {
        error_(path, "must be an object, not " + typeName(json));
        return false;
    }
    std::string kind_name;
    if (!readString(json, "claim", path, kind_name))
        return false;
    if (kind_name.empty()) {
        error_(child(path, "claim"), "is required");
        return false;
    }
    bool known = false;
    for (int k = 0; k < kClaimKindCount && !known; ++k) {
        if (toString(static_cast<ClaimKind>(k)) == kind_name) {
            out.kind = static_cast<ClaimKind>(k);
            known = true;
        }
    }
    if (!known) {
        std::string allowed;
        for (int k = 0; k < kClaimKindCount; ++k)
            allowed += (k ? ", " : "") + std::string(toString(static_cast<ClaimKind>(k)));
        error_(child(path, "claim"),
               "unknown claim " + inQuotes(kind_name) + " (allowed: " + allowed + ")");
        return false;
    }

    bool ok = true;
    const std::vector<std::string_view> own = fieldsOf(out.kind);
    for (const auto& [key, value] : json.items()) {
        if (key == "claim" || key == "text" || key == "instances")
            continue;
        if (std::find(own.begin(), own.end(), key) == own.end()) {
            std::string allowed = "claim, text, instances";
            for (const auto f : own)
                allowed += ", " + std::string(f);
            error_(child(path, key), "is not a field of the claim " + inQuotes(kind_name) +
                                         " (allowed: " + allowed + ")");
            ok = false;
        }
    }
    if (json.contains("text")) {
        LessonTextReader::Rules rules;
        rules.max_bytes = kMaxText;
        rules.en_required = false;  // "text": "" has always meant a claim without words
        ok =
            LessonTextReader::read(json.at("text"), child(path, "text"), rules, error_, out.text) &&
            ok;
    }
    out.instances = out.kind == ClaimKind::Flag ? Instances::Any : Instances::All;
    std::string instances;
    if (readString(json, "instances", path, instances) && !instances.empty()) {
        if (instances == "all")
            out.instances = Instances::All;
        else if (instances == "any")
            out.instances = Instances::Any;
        else {
            error_(child(path, "instances"), "must be 'all' or 'any', not " + inQuotes(instances));
            ok = false;
        }
    }

    auto required = [&](std::string_view key) {
        if (json.contains(key))
            return true;
        error_(child(path, key), "is required by the claim " + inQuotes(kind_name));
        return false;
    };
    switch (out.kind) {
        case ClaimKind::ReturnsBeforeEnd:
        case ClaimKind::ReturnsAfterEnd:
            ok = required("call") && readRef(json, "call", path, out.a) && ok;
            ok = required("gpu") && readRef(json, "gpu", path, out.b) && ok;
            break;
        case ClaimKind::HostWait:
            ok = required("step") && readRef(json, "step", path, out.a) && ok;
            ok = readMicros(json, "min_us", path, out.min_ns) && ok;
            ok = readMicros(json, "max_us", path, out.max_ns) && ok;
            if (!out.min_ns && !out.max_ns && json.contains("step")) {
                error_(path, "a host-wait claim needs min_us, max_us or both");
                ok = false;
            }
            break;
        case ClaimKind::Flag:
            ok = required("step") && readRef(json, "step", path, out.a) && ok;
            if (required("flag") && readString(json, "flag", path, out.flag) &&
                flagByName(out.flag) == 0) {
                error_(child(path, "flag"), "unknown flag " + inQuotes(out.flag) +
                                                " (allowed: " + std::string(flagNames()) + ")");
                ok = false;
            } else if (out.flag.empty()) {
                ok = false;
            }
            break;
        case ClaimKind::Memory:
            ok = required("after") && readRef(json, "after", path, out.a) && ok;
            if (required("series") && readString(json, "series", path, out.series) &&
                !knownSeries(out.series)) {
                error_(
                    child(path, "series"),
                    "unknown series " + inQuotes(out.series) +
                        " (allowed: device_used, pool_reserved, pool_used, allocated, reserved)");
                ok = false;
            } else if (out.series.empty()) {
                ok = false;
            }
            ok = readBytes(json, "equals", path, out.equals) && ok;
            ok = readBytes(json, "at_least", path, out.at_least) && ok;
            ok = readBytes(json, "at_most", path, out.at_most) && ok;
            if (!out.equals && !out.at_least && !out.at_most) {
                error_(path, "a memory claim needs equals, at_least or at_most");
                ok = false;
            }
            break;
        case ClaimKind::Idle: {
            if (required("lane") && readString(json, "lane", path, out.lane)) {
                const bool found =
                    std::any_of(streams_.begin(), streams_.end(),
                                [&](const StreamSpec& s) { return s.name == out.lane; });
                if (!found) {
                    error_(child(path, "lane"), "no stream named " + inQuotes(out.lane));
                    ok = false;
                }
            } else {
                ok = false;
            }
            ok = required("min_us") && readMicros(json, "min_us", path, out.min_ns) && ok;
            break;
        }
        case ClaimKind::StartsAfterEnd:
            ok = required("gpu") && readRef(json, "gpu", path, out.a) && ok;
            ok = required("after") && readRef(json, "after", path, out.b) && ok;
            break;
        case ClaimKind::Overlap:
            ok = required("gpu") && readRef(json, "gpu", path, out.a) && ok;
            ok = required("with") && readRef(json, "with", path, out.b) && ok;
            break;
    }
    return ok;
}

bool ExpectationReader::readRef(const Json& json, std::string_view key, const std::string& path,
                                StepRef& out) {
    return StepRefReader(error_, instances_).read(json, key, path, out);
}

bool ExpectationReader::readMicros(const Json& json, std::string_view key, const std::string& path,
                                   std::optional<TimeNs>& out) {
    if (!json.contains(key))
        return true;
    const Json& value = json.at(std::string(key));
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0 ||
        value.get<double>() > kMaxMicros) {
        error_(child(path, key), "must be a number of µs between 0 and 3600000000");
        return false;
    }
    out = static_cast<TimeNs>(std::llround(value.get<double>() * 1000.0));
    return true;
}

bool ExpectationReader::readBytes(const Json& json, std::string_view key, const std::string& path,
                                  std::optional<std::int64_t>& out) {
    if (!json.contains(key))
        return true;
    const Json& value = json.at(std::string(key));
    if (!value.is_number_integer() ||
        (value.is_number_unsigned() &&
         value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) ||
        value.get<std::int64_t>() < 0) {
        error_(child(path, key), "must be a whole number of bytes >= 0");
        return false;
    }
    out = value.get<std::int64_t>();
    return true;
}

bool ExpectationReader::readString(const Json& json, std::string_view key, const std::string& path,
                                   std::string& out) {
    if (!json.contains(key))
        return true;
    const Json& value = json.at(std::string(key));
    if (!value.is_string()) {
        error_(child(path, key), "must be a string, not " + typeName(value));
        return false;
    }
    out = value.get<std::string>();
    return true;
}

}  // namespace syncscope
