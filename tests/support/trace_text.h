#pragma once

#include <string>

#include "core/model/trace.h"

namespace syncscope::test {

// A trace's Chrome JSON or CSV text in memory, through the writers' streaming write(). Only tests
// want the whole text as one string; the program streams it to a file, so this lives here and not
// in ChromeTraceWriter or CsvWriter.
std::string chromeTraceText(const Trace& trace);
std::string csvText(const Trace& trace);

}  // namespace syncscope::test
