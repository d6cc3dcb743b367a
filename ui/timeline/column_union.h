#pragma once

#include <functional>
#include <utility>
#include <vector>

namespace syncscope {

// Fills the union of a series' column bars with few, wide rectangles. A bar is [x, x + width)
// wide and [top, bottom) high, and bars come left to right. A run of adjacent bars that all
// cover a common band of at least kMinShared rows is one band rectangle plus the two ragged
// edges above and below it, each cut into rectangles as a histogram is (a stack of open heights:
// at most one rectangle per column and side, every pixel filled once). Other bars are filled as
// they are.
//
// Why: the raster engine fills a rectangle row by row, so a bar 100 rows high costs 100 row
// fills, each a call and a cache line. At 10 M events a sampled series swings its full range in
// nearly every pixel column of a zoomed-out view, and those bars were a tenth of the frame
// (issue 14); as bands they are a few hundred row fills for the whole plot.
//
// The pixels are those of filling every bar as it is, for an opaque colour; the caller fills the
// bars one by one where the colour is translucent (overlaps would blend twice).
class ColumnUnion {
public:
    using Fill = std::function<void(int x, int y, int w, int h)>;
    static constexpr int kMinShared = 8;

    ColumnUnion(Fill fill, int width) : fill_(std::move(fill)), width_(width) {}
    ColumnUnion(const ColumnUnion&) = delete;
    ColumnUnion& operator=(const ColumnUnion&) = delete;

    // A bar at column x (greater than the last bar's), rows [top, bottom).
    void add(int x, int top, int bottom);
    // Fills the bars still gathered (call it before the fill's target goes); add may go on.
    void finish();

private:
    struct Bar {
        int top, bottom;
    };
    struct Open {
        int x, height;
    };
    // Fills the histogram of heights over [x0, x1) standing on row `base`: upward (rows above
    // base) or downward (rows from base on).
    template <typename Height>
    void fillHistogram(int x0, int x1, int base, bool upward, Height height);

    Fill fill_;
    int width_;
    int first_ = 0;                           // column of bars_[0]
    std::vector<Bar> bars_;                   // the run of adjacent bars being gathered
    int shared_top_ = 0, shared_bottom_ = 0;  // the rows every bar in the run covers
    std::vector<Open> open_;
};

}  // namespace syncscope
