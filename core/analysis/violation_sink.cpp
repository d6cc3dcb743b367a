#include "core/analysis/violation_sink.h"

#include <charconv>

namespace syncscope {

namespace {

int invariantNumber(std::string_view id) {
    int number = 0;
    if (id.size() > 1)
        std::from_chars(id.data() + 1, id.data() + id.size(), number);
    return number;
}

}  // namespace

void ViolationSink::add(std::string_view invariant, std::string message,
                        std::vector<std::uint32_t> events, Violation::Severity severity) {
    const Key key{invariantNumber(invariant), severity};
    auto& list = listed_[key];
    if (max_ != 0 && list.size() >= max_) {
        ++dropped_[key];
        return;
    }
    list.push_back({std::string(invariant), std::move(message), std::move(events), severity});
}

std::vector<Violation> ViolationSink::take() {
    std::vector<Violation> all;
    for (auto& [key, list] : listed_) {
        const auto [number, severity] = key;
        for (auto& v : list)
            all.push_back(std::move(v));
        const auto it = dropped_.find(key);
        if (it == dropped_.end())
            continue;
        const std::string id = "I" + std::to_string(number);
        const char* what = severity == Violation::Severity::Observation ? " more observations of "
                           : severity == Violation::Severity::Warning   ? " more warnings of "
                                                                        : " more violations of ";
        all.push_back({id,
                       std::to_string(it->second) + what + id + " were found and not listed.",
                       {},
                       severity});
    }
    listed_.clear();
    dropped_.clear();
    return all;
}

}  // namespace syncscope
