#pragma once

// Deterministic mutations of a byte string, in the spirit of libFuzzer's default mutators, so the
// robustness suite explores malformed inputs the same way on every run without a fuzzing engine.

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>

namespace syncscope::test {

class TraceMutator {
public:
    explicit TraceMutator(std::uint32_t seed) : rng_(seed) {}

    std::string mutate(std::string input) {
        const int rounds = pick(4) == 0 ? 2 : 1;
        for (int i = 0; i < rounds; ++i)
            once(input);
        return input;
    }

private:
    std::size_t pick(std::size_t n) {
        return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
    }

    void once(std::string& s) {
        // Tokens that stress number parsing, types and structure.
        static constexpr std::array<std::string_view, 16> kTokens{"-1",
                                                                  "1e400",
                                                                  "null",
                                                                  "{",
                                                                  "}",
                                                                  "[",
                                                                  "]",
                                                                  "\"",
                                                                  ",",
                                                                  "18446744073709551616",
                                                                  "-9223372036854775808",
                                                                  "\"ts\":",
                                                                  "\"dur\":-1",
                                                                  "0.0000001",
                                                                  "\\u0000",
                                                                  "true"};
        const std::size_t at = pick(s.size() + 1);
        switch (pick(7)) {
            case 0:  // flip a byte
                if (!s.empty())
                    s[pick(s.size())] ^= static_cast<char>(1u << pick(8));
                break;
            case 1:  // random byte
                s.insert(at, 1, static_cast<char>(pick(256)));
                break;
            case 2:  // erase a range
                if (!s.empty())
                    s.erase(pick(s.size()), 1 + pick(64));
                break;
            case 3:  // duplicate a range
                if (!s.empty()) {
                    const std::size_t from = pick(s.size());
                    s.insert(at, s.substr(from, 1 + pick(128)));
                }
                break;
            case 4:  // truncate
                s.resize(pick(s.size() + 1));
                break;
            case 5:  // insert a token
                s.insert(at, kTokens[pick(kTokens.size())]);
                break;
            default:  // overwrite a digit run with another number
                if (!s.empty()) {
                    const std::size_t p = pick(s.size());
                    if (s[p] >= '0' && s[p] <= '9')
                        s[p] = static_cast<char>('0' + pick(10));
                    else
                        s[p] = static_cast<char>(pick(256));
                }
                break;
        }
    }

    std::mt19937 rng_;
};

}  // namespace syncscope::test
