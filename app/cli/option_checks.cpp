#include "app/cli/option_checks.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace syncscope::cli {

CLI::Validator finiteNumber() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            char* end = nullptr;
            const double number = std::strtod(value.c_str(), &end);
            if (end == value.c_str())
                return {};  // not a number at all: the option's own conversion says so
            if (!std::isfinite(number))
                return "'" + value + "' is not a finite number";
            return {};
        },
        "FINITE");
}

CLI::Validator positiveSize() {
    return CLI::Validator(
        [](std::string& value) -> std::string {
            std::size_t at = 0;
            while (at < value.size() && std::isspace(static_cast<unsigned char>(value[at])))
                ++at;
            if (at < value.size() && value[at] == '-')
                return "a size cannot be negative ('" + value + "')";
            char* end = nullptr;
            const double number = std::strtod(value.c_str() + at, &end);
            if (end == value.c_str() + at)
                return {};  // not a number: CLI::AsSizeValue names it
            if (!std::isfinite(number) || number >= 18446744073709551616.0)
                return "'" + value + "' is too large (at most 16E)";
            if (number <= 0.0)
                return "a size of 0 keeps nothing: leave --max-size out for no limit";
            return {};
        },
        "SIZE>0");
}

}  // namespace syncscope::cli
