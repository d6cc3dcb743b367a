#include "ui/timeline/event_search.h"

#include <QRegularExpression>
#include <algorithm>

namespace syncscope {

void EventSearch::setTrace(std::shared_ptr<const Trace> trace) {
    trace_ = std::move(trace);
    rebuild();
}

void EventSearch::setSearchableLanes(std::vector<bool> searchable) {
    if (searchable == searchable_)
        return;
    searchable_ = std::move(searchable);
    rebuild();
}

bool EventSearch::setQuery(const QString& text, bool regex) {
    query_ = text;
    regex_ = regex;
    rebuild();
    return error_.isEmpty();
}

void EventSearch::rebuild() {
    const std::optional<std::uint32_t> was = currentEvent();
    error_.clear();
    current_ = -1;
    auto matches = std::make_shared<std::vector<std::uint32_t>>();
    if (trace_ && !query_.isEmpty()) {
        QRegularExpression re;
        if (regex_) {
            re = QRegularExpression(query_, QRegularExpression::CaseInsensitiveOption |
                                                QRegularExpression::UseUnicodePropertiesOption);
            if (!re.isValid()) {
                error_ = QStringLiteral("Invalid regular expression at character %1: %2")
                             .arg(re.patternErrorOffset() + 1)
                             .arg(re.errorString());
            }
        }
        if (error_.isEmpty()) {
            // One test per distinct name, not per event.
            const auto& strings = trace_->strings;
            std::vector<bool> nameMatches(strings.size(), false);
            for (std::uint32_t s = 0; s < strings.size(); ++s) {
                const auto v = strings.at(s);
                const QString name = QString::fromUtf8(v.data(), static_cast<qsizetype>(v.size()));
                nameMatches[s] =
                    regex_ ? re.match(name).hasMatch() : name.contains(query_, Qt::CaseInsensitive);
            }
            const auto& events = trace_->events;
            for (std::uint32_t i = 0; i < events.size(); ++i) {
                const auto& e = events[i];
                if (e.name >= nameMatches.size() || !nameMatches[e.name])
                    continue;
                if (!searchable_.empty() && (e.lane >= searchable_.size() || !searchable_[e.lane]))
                    continue;
                matches->push_back(i);
            }
            std::stable_sort(matches->begin(), matches->end(),
                             [&events](std::uint32_t a, std::uint32_t b) {
                                 const auto& ea = events[a];
                                 const auto& eb = events[b];
                                 if (ea.start_ns != eb.start_ns)
                                     return ea.start_ns < eb.start_ns;
                                 return ea.lane < eb.lane;
                             });
        }
    }
    matches_ = std::move(matches);
    // A growing trace or a refined query keeps the user's place when that event still matches.
    if (was)
        setCurrentEvent(*was);
}

std::optional<std::uint32_t> EventSearch::currentEvent() const {
    if (current_ < 0 || current_ >= count())
        return std::nullopt;
    return (*matches_)[static_cast<std::size_t>(current_)];
}

std::optional<std::uint32_t> EventSearch::next() {
    if (matches_->empty())
        return std::nullopt;
    current_ = current_ < 0 ? 0 : (current_ + 1) % count();
    return currentEvent();
}

std::optional<std::uint32_t> EventSearch::previous() {
    if (matches_->empty())
        return std::nullopt;
    current_ = current_ <= 0 ? count() - 1 : current_ - 1;
    return currentEvent();
}

bool EventSearch::setCurrentEvent(std::uint32_t event) {
    const auto it = std::find(matches_->begin(), matches_->end(), event);
    if (it == matches_->end())
        return false;
    current_ = static_cast<int>(it - matches_->begin());
    return true;
}

QString EventSearch::statusText() const {
    if (!error_.isEmpty())
        return error_;
    if (query_.isEmpty())
        return {};
    if (matches_->empty())
        return QStringLiteral("no matches");
    if (current_ < 0)
        return QStringLiteral("– / %1").arg(count());
    return QStringLiteral("%1 / %2").arg(current_ + 1).arg(count());
}

}  // namespace syncscope
