#include "ui/timeline/lane_layout.h"

#include <algorithm>
#include <map>

#include "ui/timeline/lane_label.h"

namespace syncscope {

namespace {

// The group of a GPU lane: its device, where the trace has several (Lane::device).
QString deviceOf(const Lane& lane) {
    return lane.device == kNone || lane.device == 0 ? QStringLiteral("GPU")
                                                    : QStringLiteral("GPU %1").arg(lane.device);
}

bool isHostLane(LaneKind k) {
    return k == LaneKind::HostThread || k == LaneKind::HostWaits;
}

}  // namespace

bool LaneLayout::isBookkeeping(const Lane& lane) {
    return lane.bookkeeping;
}

void LaneLayout::buildGroups(const Trace& trace) {
    const auto& lanes = trace.lanes;
    group_of_.assign(lanes.size(), -1);
    groups_.clear();
    std::map<QString, int> byName;
    auto groupNamed = [&](const QString& name) {
        auto [it, added] = byName.emplace(name, static_cast<int>(groups_.size()));
        if (added)
            groups_.push_back({name, {}});
        return it->second;
    };
    // Natural order, so a group's lanes and the groups themselves read top to bottom as on screen.
    for (const auto l : natural_) {
        const Lane& lane = lanes[l];
        int g = -1;
        if (lane.rank != kNone) {
            // A timeline of several ranks: each rank's threads and streams collapse together.
            g = groupNamed(QStringLiteral("rank %1").arg(lane.rank));
        } else if (lane.kind == LaneKind::HostThread) {
            g = static_cast<int>(groups_.size());
            groups_.push_back({QString::fromStdString(lane.name), {}});
        } else if (lane.parent < lanes.size() && lanes[lane.parent].kind == LaneKind::HostThread &&
                   group_of_[lane.parent] >= 0) {
            g = group_of_[lane.parent];
        } else if (isGpuLane(lane.kind)) {
            g = groupNamed(deviceOf(lane));
        } else if (isHostLane(lane.kind)) {
            g = groupNamed(QStringLiteral("host"));
        } else {
            g = groupNamed(QStringLiteral("other lanes"));
        }
        group_of_[l] = g;
        groups_[static_cast<std::size_t>(g)].lanes.push_back(l);
    }
    collapsed_.assign(groups_.size(), false);
}

void LaneLayout::reset(const Trace& trace, const std::vector<std::uint16_t>& naturalOrder) {
    natural_ = naturalOrder;
    order_ = naturalOrder;
    hidden_.assign(trace.lanes.size(), false);
    flat_.assign(trace.lanes.size(), false);
    names_.clear();
    for (std::size_t l = 0; l < trace.lanes.size(); ++l) {
        hidden_[l] = isBookkeeping(trace.lanes[l]);
        names_.push_back(trace.lanes[l].name);
    }
    buildGroups(trace);
}

bool LaneLayout::adopt(const Trace& trace, const std::vector<std::uint16_t>& naturalOrder) {
    const std::size_t had = names_.size();
    bool continues = trace.lanes.size() >= had && had > 0;
    for (std::size_t l = 0; continues && l < had; ++l)
        continues = trace.lanes[l].name == names_[l];
    if (!continues) {
        reset(trace, naturalOrder);
        return false;
    }
    if (trace.lanes.size() == had && naturalOrder == natural_)
        return true;
    const bool reordered = order_ != natural_;
    std::vector<QString> collapsedNames;
    for (std::size_t g = 0; g < groups_.size(); ++g)
        if (collapsed_[g])
            collapsedNames.push_back(groups_[g].name);
    natural_ = naturalOrder;
    if (reordered) {
        // The user's order stays; new lanes go to the end, where they are easy to find.
        for (const auto l : naturalOrder)
            if (l >= had)
                order_.push_back(l);
    } else {
        order_ = naturalOrder;
    }
    hidden_.resize(trace.lanes.size(), false);
    for (std::size_t l = had; l < trace.lanes.size(); ++l) {
        hidden_[l] = isBookkeeping(trace.lanes[l]);
        names_.push_back(trace.lanes[l].name);
    }
    buildGroups(trace);
    for (std::size_t g = 0; g < groups_.size(); ++g)
        collapsed_[g] = std::find(collapsedNames.begin(), collapsedNames.end(), groups_[g].name) !=
                        collapsedNames.end();
    return true;
}

std::vector<LaneRow> LaneLayout::rows() const {
    std::vector<LaneRow> out;
    std::vector<int> rowOfGroup(groups_.size(), -1);
    for (const auto l : order_) {
        if (l >= hidden_.size() || hidden_[l])
            continue;
        const int g = group_of_[l];
        if (g >= 0 && collapsed_[static_cast<std::size_t>(g)]) {
            int& r = rowOfGroup[static_cast<std::size_t>(g)];
            if (r < 0) {
                r = static_cast<int>(out.size());
                out.push_back({{}, g, true});
            }
            out[static_cast<std::size_t>(r)].lanes.push_back(l);
            continue;
        }
        out.push_back({{l}, g, false, l < flat_.size() && flat_[l]});
    }
    return out;
}

QString LaneLayout::rowLabel(const Trace& trace, const LaneRow& row) const {
    if (row.lanes.empty())
        return {};
    if (row.collapsed && row.group >= 0) {
        return LaneLabel::collapsedGroup(groups_[static_cast<std::size_t>(row.group)].name,
                                         row.lanes.size());
    }
    const auto lane = row.lanes.front();
    const Lane& l = trace.lanes[lane];
    QString name = LaneLabel::text(l, lane);
    // A sub-lane hangs under its thread.
    if (l.kind == LaneKind::HostWaits)
        name = QStringLiteral("└ ") + name;
    return name;
}

void LaneLayout::setHidden(std::uint16_t lane, bool hidden) {
    if (lane < hidden_.size())
        hidden_[lane] = hidden;
}

bool LaneLayout::isHidden(std::uint16_t lane) const {
    return lane < hidden_.size() && hidden_[lane];
}

int LaneLayout::hiddenCount() const {
    return static_cast<int>(std::count(hidden_.begin(), hidden_.end(), true));
}

void LaneLayout::showAllLanes() {
    std::fill(hidden_.begin(), hidden_.end(), false);
}

int LaneLayout::groupOf(std::uint16_t lane) const {
    return lane < group_of_.size() ? group_of_[lane] : -1;
}

void LaneLayout::setFlat(std::uint16_t lane, bool flat) {
    if (lane >= flat_.size())
        flat_.resize(std::size_t(lane) + 1, false);
    flat_[lane] = flat;
}

bool LaneLayout::isFlat(std::uint16_t lane) const {
    return lane < flat_.size() && flat_[lane];
}

void LaneLayout::putGpuLanesFirst(const Trace& trace) {
    std::stable_partition(order_.begin(), order_.end(), [&](std::uint16_t l) {
        return l < trace.lanes.size() && isGpuLane(trace.lanes[l].kind);
    });
}

bool LaneLayout::moveRowToTop(int row) {
    bool moved = false;
    for (int r = row; r > 0 && moveRow(r, -1); --r)
        moved = true;
    return moved;
}

bool LaneLayout::canCollapse(int group) const {
    return group >= 0 && group < static_cast<int>(groups_.size()) &&
           groups_[static_cast<std::size_t>(group)].lanes.size() >= 2;
}

void LaneLayout::setCollapsed(int group, bool collapsed) {
    if (canCollapse(group))
        collapsed_[static_cast<std::size_t>(group)] = collapsed;
}

bool LaneLayout::isCollapsed(int group) const {
    return group >= 0 && group < static_cast<int>(collapsed_.size()) &&
           collapsed_[static_cast<std::size_t>(group)];
}

void LaneLayout::expandAll() {
    std::fill(collapsed_.begin(), collapsed_.end(), false);
}

bool LaneLayout::moveRow(int row, int delta) {
    const auto all = rows();
    const int target = row + delta;
    if (delta == 0 || row < 0 || row >= static_cast<int>(all.size()) || target < 0 ||
        target >= static_cast<int>(all.size()))
        return false;
    const auto& moving = all[static_cast<std::size_t>(row)].lanes;
    const auto& other = all[static_cast<std::size_t>(target)].lanes;
    auto in = [](const std::vector<std::uint16_t>& v, std::uint16_t l) {
        return std::find(v.begin(), v.end(), l) != v.end();
    };
    std::vector<std::uint16_t> rest;
    rest.reserve(order_.size());
    for (const auto l : order_)
        if (!in(moving, l))
            rest.push_back(l);
    // Hidden lanes keep their place among the others; the moved row lands just past its
    // neighbour's lanes (all of them, when the neighbour is a collapsed group).
    std::size_t at = 0;
    if (delta < 0) {
        at = rest.size();
        for (std::size_t k = 0; k < rest.size(); ++k)
            if (in(other, rest[k])) {
                at = k;
                break;
            }
    } else {
        for (std::size_t k = 0; k < rest.size(); ++k)
            if (in(other, rest[k]))
                at = k + 1;
    }
    std::vector<std::uint16_t> moved;
    for (const auto l : order_)
        if (in(moving, l))
            moved.push_back(l);
    rest.insert(rest.begin() + static_cast<std::ptrdiff_t>(at), moved.begin(), moved.end());
    order_ = std::move(rest);
    return true;
}

void LaneLayout::setHeightPx(int px) {
    height_px_ = std::clamp(px, kMinHeightPx, kMaxHeightPx);
}

bool LaneLayout::taller() {
    const int before = height_px_;
    setHeightPx(std::max(before + 2, before * 5 / 4));
    return height_px_ != before;
}

bool LaneLayout::shorter() {
    const int before = height_px_;
    setHeightPx(std::min(before - 2, before * 4 / 5));
    return height_px_ != before;
}

}  // namespace syncscope
