#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/cli/cli_json.h"
#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/analysis/collective_matcher.h"
#include "core/analysis/rank_summary.h"
#include "core/analysis/time_format.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

namespace {

// Left-aligned in `width` characters (not bytes: "µs" is three bytes in UTF-8).
std::string padded(const std::string& text, std::size_t width) {
    std::size_t chars = 0;
    for (const char c : text)
        chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return text + std::string(chars < width ? width - chars : 1, ' ');
}

}  // namespace

int collectivesCommand(const CollectivesOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    if (ranksOf(*trace).empty()) {
        std::cerr << escapeForTerminal(options.trace)
                  << ": holds one process, not several ranks (merge the per-rank files first: "
                     "syncscope-cli import A B C --out T.json)\n";
        return kExitBadInput;
    }
    const std::vector<Collective> collectives = CollectiveMatcher::match(*trace);
    if (options.json) {
        nlohmann::json list = nlohmann::json::array();
        for (const Collective& c : collectives) {
            nlohmann::json arrivals = nlohmann::json::array();
            for (const CollectiveArrival& a : c.arrivals)
                arrivals.push_back(
                    {{"rank", a.rank}, {"start_ns", a.start_ns}, {"wait_ns", a.wait_ns}});
            list.push_back({{"kind", c.kind},
                            {"ordinal", c.ordinal},
                            {"last_rank", c.lastArrival().rank},
                            {"min_wait_ns", c.min_wait_ns},
                            {"max_wait_ns", c.max_wait_ns},
                            {"arrivals", arrivals}});
        }
        std::cout << CliJson::text(nlohmann::json{{"collectives", list}}) << '\n';
        return kExitOk;
    }
    if (collectives.empty()) {
        std::cout << "no NCCL kernels on any rank\n";
        return kExitOk;
    }
    std::cout << std::left << std::setw(18) << "collective" << std::setw(6) << "ranks"
              << std::setw(10) << "last" << std::setw(14) << "max wait"
              << "\n";
    for (const Collective& c : collectives) {
        const std::string name = c.kind + " #" + std::to_string(c.ordinal);
        std::cout << std::left << std::setw(18) << escapeForTerminal(name) << std::setw(6)
                  << c.arrivals.size() << std::setw(10)
                  << ("rank " + std::to_string(c.lastArrival().rank))
                  << padded(formatDuration(c.max_wait_ns), 14)
                  << escapeForTerminal(CollectiveMatcher::describe(c)) << '\n';
    }
    return kExitOk;
}

}  // namespace syncscope::cli
