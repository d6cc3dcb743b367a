#include "app/cli/input_files.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <vector>

#include "core/interchange/trace_opener.h"
#include "core/model/terminal_text.h"
#include "core/scenario/scenario_reader.h"

namespace syncscope::cli {

namespace fs = std::filesystem;

fs::path executableDir() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : self.parent_path();
}

namespace {

std::vector<fs::path> builtinDirs() {
    std::vector<fs::path> dirs;
    if (const char* env = std::getenv("SYNCSCOPE_SCENARIOS_DIR"); env && *env)
        dirs.emplace_back(env);
    const fs::path exe = executableDir();
    if (!exe.empty()) {
        dirs.push_back(exe / "scenarios");  // a package made by scripts/gpu-check --package
        // An installed tree, wherever its prefix was moved: PREFIX/bin/syncscope-cli and
        // PREFIX/share/syncscope/scenarios.
        dirs.push_back(exe.parent_path() / SYNCSCOPE_DATA_SUBDIR / "scenarios");
    }
    dirs.emplace_back(SYNCSCOPE_INSTALL_SCENARIOS_DIR);
    dirs.emplace_back(SYNCSCOPE_SOURCE_SCENARIOS_DIR);  // a build tree
    return dirs;
}

}  // namespace

std::optional<Scenario> loadScenario(const std::string& spec, std::string& resolved_path,
                                     std::string& error) {
    constexpr std::string_view kBuiltin = "builtin:";
    resolved_path = spec;
    if (spec.starts_with(kBuiltin)) {
        const std::string name = spec.substr(kBuiltin.size());
        if (name.empty() || name.find('/') != std::string::npos) {
            error = spec + ": not a built-in scenario name";
            return std::nullopt;
        }
        resolved_path.clear();
        for (const fs::path& dir : builtinDirs()) {
            const fs::path candidate = dir / (name + ".json");
            if (std::error_code ec; fs::is_regular_file(candidate, ec)) {
                resolved_path = candidate.string();
                break;
            }
        }
        if (resolved_path.empty()) {
            error = spec + ": no built-in scenario named '" + name + "'";
            return std::nullopt;
        }
    }
    ScenarioParseResult parsed = ScenarioReader::readFile(resolved_path);
    if (!parsed.ok()) {
        error.clear();
        for (const auto& e : parsed.errors)
            error += resolved_path + ": " + e.toString() + "\n";
        if (!error.empty())
            error.pop_back();
        return std::nullopt;
    }
    // An older format version, migrated: say what changed, so the file can be brought up to date.
    for (const auto& w : parsed.warnings)
        std::cerr << escapeForTerminal(resolved_path + ": warning: " + w.toString(),
                                       LineBreaks::Keep)
                  << '\n';
    return std::move(parsed.scenario);
}

std::optional<Trace> loadTrace(const std::string& path, std::string& error) {
    ImportResult opened = TraceOpener::open(path);
    if (opened.ok())
        return std::move(opened.trace);
    error = std::move(opened.error);
    return std::nullopt;
}

}  // namespace syncscope::cli
