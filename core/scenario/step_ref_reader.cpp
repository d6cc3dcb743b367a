#include "core/scenario/step_ref_reader.h"

#include <charconv>

#include "core/scenario/json_path.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::typeName;

bool StepRefReader::read(const nlohmann::json& json, std::string_view key, const std::string& path,
                         StepRef& out) const {
    const std::string where = child(path, key);
    const nlohmann::json& value = json.at(std::string(key));
    if (!value.is_string()) {
        error_(where, "must be a string, not " + typeName(value));
        return false;
    }
    const std::string text = value.get<std::string>();
    const std::size_t hash = text.find('#');
    out.id = text.substr(0, hash);
    out.instance = kNone;
    if (hash != std::string::npos) {
        const std::string number = text.substr(hash + 1);
        std::uint32_t n = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
        if (number.empty() || ec != std::errc() || end != number.data() + number.size() ||
            n == kNone) {
            error_(where, "the instance after '#' must be a number, in " + inQuotes(text));
            return false;
        }
        out.instance = n;
    }
    const auto it = instances_.find(out.id);
    if (out.id.empty() || it == instances_.end()) {
        error_(where, "no step has the id " + inQuotes(out.id));
        return false;
    }
    if (out.instance != kNone && out.instance >= it->second) {
        error_(where, "step " + inQuotes(out.id) + " runs " + std::to_string(it->second) +
                          (it->second == 1 ? " time" : " times") + "; there is no instance #" +
                          std::to_string(out.instance));
        return false;
    }
    return true;
}

}  // namespace syncscope
