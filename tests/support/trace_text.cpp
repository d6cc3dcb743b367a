#include "tests/support/trace_text.h"

#include <string_view>

#include "core/interchange/chrome/chrome_trace_writer.h"
#include "core/interchange/csv/csv_writer.h"

namespace syncscope::test {

std::string chromeTraceText(const Trace& trace) {
    std::string text;
    ChromeTraceWriter::write(trace, [&](std::string_view chunk) { text.append(chunk); });
    return text;
}

std::string csvText(const Trace& trace) {
    std::string text;
    CsvWriter::write(trace, [&](std::string_view chunk) { text.append(chunk); });
    return text;
}

}  // namespace syncscope::test
