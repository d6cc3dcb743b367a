#include "core/analysis/time_format.h"

#include <cstdio>
#include <cstdlib>

#include "core/model/checked_math.h"

namespace syncscope {

namespace {

std::string printf2(const char* format, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

}  // namespace

std::string formatDuration(TimeNs ns) {
    if (ns < 0)  // saturating: -INT64_MIN does not exist
        return "-" + formatDuration(saturatingSub(0, ns));
    if (ns < 1'000)
        return std::to_string(ns) + " ns";
    // Rounding can carry into the next unit ("999.96 µs" would print "1000.0 µs"); compare the
    // rounded value, not the raw one.
    const double us = static_cast<double>(ns) / 1e3;
    if (us < 999.95)
        return printf2("%.1f µs", us);
    const double ms = static_cast<double>(ns) / 1e6;
    if (ms < 999.995)
        return printf2("%.2f ms", ms);
    return printf2("%.2f s", static_cast<double>(ns) / 1e9);
}

std::string formatMicros(TimeNs ns) {
    const bool negative = ns < 0;
    // Integer arithmetic: doubles would print 0.1 µs steps of huge times inexactly.
    const unsigned long long magnitude =
        negative ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    char buffer[64];
    if (magnitude % 100 == 0)
        std::snprintf(buffer, sizeof buffer, "%s%llu.%llu µs", negative ? "-" : "",
                      magnitude / 1000, (magnitude % 1000) / 100);
    else
        std::snprintf(buffer, sizeof buffer, "%s%llu.%03llu µs", negative ? "-" : "",
                      magnitude / 1000, magnitude % 1000);
    return buffer;
}

std::string formatOnAxis(TimeNs ns, TimeNs span) {
    span = span < 0 ? saturatingSub(0, span) : span;
    const char* unit = span < 1'000'000 ? " µs" : span < 1'000'000'000 ? " ms" : " s";
    const int decimals = span < 1'000'000 ? 1 : span < 1'000'000'000 ? 2 : 3;
    const double per = span < 1'000'000 ? 1e3 : span < 1'000'000'000 ? 1e6 : 1e9;
    char digits[64];
    std::snprintf(digits, sizeof digits, "%.*f", decimals, std::abs(static_cast<double>(ns)) / per);
    // Group the integer part by thousands.
    const std::string text(digits);
    const std::size_t point = text.find('.');
    const std::string whole = text.substr(0, point);
    std::string grouped;
    for (std::size_t k = 0; k < whole.size(); ++k) {
        if (k > 0 && (whole.size() - k) % 3 == 0)
            grouped += ',';
        grouped += whole[k];
    }
    const bool negative = ns < 0 && text.find_first_not_of("0.") != std::string::npos;
    return (negative ? "-" : "") + grouped +
           (point == std::string::npos ? std::string() : text.substr(point)) + unit;
}

}  // namespace syncscope
