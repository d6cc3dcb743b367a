#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/input_files.h"
#include "core/interchange/chrome_trace_writer.h"
#include "core/interchange/csv_writer.h"
#include "core/interchange/trace_importer.h"
#include "core/tracefile/trace_file.h"

namespace syncscope::cli {

int importCommand(const ImportOptions& options) {
    ImportResult imported = importTrace(options.input);
    if (!imported.ok()) {
        std::cerr << imported.error << '\n';
        return kExitBadInput;
    }
    for (const auto& warning : imported.warnings)
        std::cerr << "warning: " << warning << '\n';
    std::string error;
    if (!TraceFile::save(*imported.trace, options.out, error)) {
        std::cerr << "syncscope-cli: cannot write " << options.out << ": " << error << '\n';
        return kExitBadInput;
    }
    std::cout << options.input << ": " << imported.trace->events.size() << " events on "
              << imported.trace->lanes.size() << " lanes, " << imported.trace->memory.size()
              << " memory samples -> " << options.out << '\n';
    return kExitOk;
}

namespace {

template <typename Writer>
int exportWith(const ExportOptions& options) {
    std::string error;
    std::optional<Trace> trace = loadTrace(options.trace, error);
    if (!trace) {
        std::cerr << error << '\n';
        return kExitBadInput;
    }
    error = Writer::writeFile(*trace, options.out);
    if (!error.empty()) {
        std::cerr << "syncscope-cli: cannot write " << options.out << ": " << error << '\n';
        return kExitBadInput;
    }
    std::cout << options.trace << " -> " << options.out << '\n';
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
