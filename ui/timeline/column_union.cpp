#include "ui/timeline/column_union.h"

#include <algorithm>

namespace syncscope {

void ColumnUnion::add(int x, int top, int bottom) {
    if (bottom <= top)
        return;
    if (!bars_.empty()) {
        const int sharedTop = std::max(shared_top_, top);
        const int sharedBottom = std::min(shared_bottom_, bottom);
        if (x == first_ + static_cast<int>(bars_.size()) &&
            sharedBottom - sharedTop >= kMinShared) {
            bars_.push_back({top, bottom});
            shared_top_ = sharedTop;
            shared_bottom_ = sharedBottom;
            return;
        }
        finish();
    }
    if (bottom - top < kMinShared) {
        fill_(x, top, width_, bottom - top);  // too short to share a band with a neighbour
        return;
    }
    first_ = x;
    bars_.push_back({top, bottom});
    shared_top_ = top;
    shared_bottom_ = bottom;
}

void ColumnUnion::finish() {
    if (bars_.empty())
        return;
    const int n = static_cast<int>(bars_.size());
    if (n == 1) {
        fill_(first_, bars_[0].top, width_, bars_[0].bottom - bars_[0].top);
        bars_.clear();
        return;
    }
    // Pixel column p holds the bars starting in [p - width + 1, p]: they all cover the shared
    // band, so their union there is one span, from the highest top to the lowest bottom.
    const int end = first_ + n - 1 + width_;
    // How far the union reaches past the band at p: above it (upward) or below it.
    auto reach = [&](int p, bool upward) {
        const int from = std::max(0, p - first_ - width_ + 1);
        const int to = std::min(n - 1, p - first_);
        int most = 0;
        for (int i = from; i <= to; ++i) {
            const Bar& b = bars_[static_cast<std::size_t>(i)];
            most = std::max(most, upward ? shared_top_ - b.top : b.bottom - shared_bottom_);
        }
        return most;
    };
    fill_(first_, shared_top_, end - first_, shared_bottom_ - shared_top_);
    fillHistogram(first_, end, shared_top_, true, [&](int p) { return reach(p, true); });
    fillHistogram(first_, end, shared_bottom_, false, [&](int p) { return reach(p, false); });
    bars_.clear();
}

template <typename Height>
void ColumnUnion::fillHistogram(int x0, int x1, int base, bool upward, Height height) {
    // open_ holds rising heights, each with the column where it began. A lower column closes the
    // higher ones: each closed height fills its part above the next lower one, from where it
    // began to here; the lower height then begins where the last closed one did.
    open_.clear();
    for (int p = x0; p <= x1; ++p) {
        const int h = p < x1 ? height(p) : 0;
        int begin = p;
        while (!open_.empty() && open_.back().height > h) {
            const Open top = open_.back();
            open_.pop_back();
            const int below = std::max(h, open_.empty() ? 0 : open_.back().height);
            if (upward)
                fill_(top.x, base - top.height, p - top.x, top.height - below);
            else
                fill_(top.x, base + below, p - top.x, top.height - below);
            begin = top.x;
        }
        if (h > 0 && (open_.empty() || open_.back().height < h))
            open_.push_back({begin, h});
    }
}

}  // namespace syncscope
