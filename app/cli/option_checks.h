#pragma once

#include <CLI/CLI.hpp>

namespace syncscope::cli {

// Option values CLI11 would take in a form that means something else than what was typed.

// A floating option: "nan", "inf" and the like are refused (a range check lets NaN through, and
// its conversion to nanoseconds is undefined behaviour).
CLI::Validator finiteNumber();

// --max-size, before CLI::AsSizeValue: a negative size (it became 18446744073709551611), 0 (it
// meant "no limit" without saying so) and a number beyond 64 bits (it was clamped silently, while
// "16E" was refused) are refused.
CLI::Validator positiveSize();

}  // namespace syncscope::cli
