#pragma once

#include <QString>
#include <string>
#include <vector>

#include "core/code/scenario_code.h"

namespace syncscope {

// A line of code with its comments' words in the user's language; the code stays as it is. The
// code view and the course's handouts show lines this way.
QString codeLineText(const std::string& line, const std::vector<CodeNote>& notes);

}  // namespace syncscope
