#include <filesystem>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "app/cli/output_files.h"
#include "core/interchange/chrome/chrome_trace_writer.h"
#include "core/interchange/csv/csv_writer.h"
#include "core/interchange/rank_merger.h"
#include "core/interchange/trace_importer.h"
#include "core/model/terminal_text.h"
#include "core/record/recording_set.h"
#include "core/tracefile/trace_file.h"

namespace syncscope::cli {

int importCommand(const ImportOptions& options) {
    if (const std::string problem = outputFileProblem(options.out, options.inputs);
        !problem.empty()) {
        printWriteError(options.out, problem);
        return kExitBadInput;
    }
    // A folder is a recording `record` kept (its processes' .ssrec files): made a trace as
    // `record` would have, everything recorded kept.
    std::error_code ec;
    const bool recording =
        options.inputs.size() == 1 && std::filesystem::is_directory(options.inputs.front(), ec);
    if (recording && !RecordingSet::holdsRecordings(options.inputs.front())) {
        std::cerr << "syncscope-cli: " << escapeForTerminal(options.inputs.front())
                  << ": a folder with no recording in it (record keeps its processes' "
                     "<pid>.ssrec files in a folder; give that folder)\n";
        return kExitBadInput;
    }
    ImportResult imported = recording ? RecordingSet::load(options.inputs.front(), CaptureOptions{})
                            : options.inputs.size() == 1 ? importTrace(options.inputs.front())
                                                         : RankMerger::merge(options.inputs);
    if (!imported.ok()) {
        std::cerr << escapeForTerminal(imported.error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    for (const auto& warning : imported.warnings)
        std::cerr << "warning: " << escapeForTerminal(warning) << '\n';
    std::string error;
    if (!TraceFile::save(*imported.trace, options.out, error)) {
        printWriteError(options.out, error);
        return kExitBadInput;
    }
    const std::string what = options.inputs.size() == 1
                                 ? escapeForTerminal(options.inputs.front())
                                 : std::to_string(options.inputs.size()) + " ranks";
    std::cout << what << ": " << imported.trace->events.size() << " events on "
              << imported.trace->lanes.size() << " lanes, " << imported.trace->memory.size()
              << " memory samples -> " << escapeForTerminal(options.out) << '\n';
    return kExitOk;
}

namespace {

template <typename Writer>
int exportWith(const ExportOptions& options) {
    std::string error = outputFileProblem(options.out, {options.trace});
    if (!error.empty()) {
        printWriteError(options.out, error);
        return kExitBadInput;
    }
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << escapeForTerminal(error, LineBreaks::Keep) << '\n';
        return kExitBadInput;
    }
    error = Writer::writeFile(*trace, options.out);
    if (!error.empty()) {
        printWriteError(options.out, error);
        return kExitBadInput;
    }
    std::cout << escapeForTerminal(options.trace) << " -> " << escapeForTerminal(options.out)
              << '\n';
    return kExitOk;
}

}  // namespace

int exportChromeCommand(const ExportOptions& options) {
    return exportWith<ChromeTraceWriter>(options);
}
int exportCsvCommand(const ExportOptions& options) {
    return exportWith<CsvWriter>(options);
}

}  // namespace syncscope::cli
