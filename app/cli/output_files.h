#pragma once

#include <string>
#include <vector>

namespace syncscope::cli {

// Checked before any work, so a long run or import is not wasted on an output that will be
// refused anyway: an empty string when `out` may be written, else why not, naming the path. Refuses
// what OutputTarget refuses (FIFOs, devices, directories, dangling symlinks) and an output that is
// one of the `inputs` (compared by file identity, so other spellings and symlinks count).
std::string outputFileProblem(const std::string& out, const std::vector<std::string>& inputs);

// Prints a failed write on stderr: "syncscope-cli: " and the error, naming `out` when the error
// does not already.
void printWriteError(const std::string& out, const std::string& error);

}  // namespace syncscope::cli
