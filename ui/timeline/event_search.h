#pragma once

#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/model/trace.h"

namespace syncscope {

// Finds events by name: a case-insensitive substring, or a regular expression. Matches are kept in
// time order so next/previous step through the timeline left to right; each name in the string
// table is tested once, so a query over millions of events costs the distinct names plus one pass.
class EventSearch {
public:
    void setTrace(std::shared_ptr<const Trace> trace);
    // Lanes whose events may match (hidden lanes are not searched); empty = every lane.
    void setSearchableLanes(std::vector<bool> searchable);
    // False, with error() naming the problem, for an invalid regular expression (no matches then).
    bool setQuery(const QString& text, bool regex);

    const QString& query() const { return query_; }
    bool isRegex() const { return regex_; }
    const QString& error() const { return error_; }

    // Event indices sorted by (start, lane, index); shared so the timeline can draw them.
    std::shared_ptr<const std::vector<std::uint32_t>> matches() const { return matches_; }
    int count() const { return static_cast<int>(matches_->size()); }
    // Position of the current match in matches(), -1 before the first step.
    int current() const { return current_; }
    std::optional<std::uint32_t> currentEvent() const;
    // Steps to the next / previous match, wrapping around; nullopt when there is none.
    std::optional<std::uint32_t> next();
    std::optional<std::uint32_t> previous();
    // Makes `event` the current match when it is one (a click on a highlighted bar).
    bool setCurrentEvent(std::uint32_t event);
    // "3 / 120", "– / 120" before the first step, "no matches", or the error.
    QString statusText() const;

private:
    void rebuild();

    std::shared_ptr<const Trace> trace_;
    std::vector<bool> searchable_;
    QString query_;
    bool regex_ = false;
    QString error_;
    std::shared_ptr<const std::vector<std::uint32_t>> matches_ =
        std::make_shared<const std::vector<std::uint32_t>>();
    int current_ = -1;
};

}  // namespace syncscope
