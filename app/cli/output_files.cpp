#include "app/cli/output_files.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>

#include "core/io/output_target.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

std::string outputFileProblem(const std::string& out, const std::vector<std::string>& inputs) {
    std::string error;
    const std::optional<OutputTarget> target = OutputTarget::resolve(out, error);
    if (!target)
        return error;
    // The folder must take a file now: a missing or read-only one was found only when the
    // trace was saved, after an hour's recording. The probe is what the save does (a temporary
    // file beside the output), so it fails for every reason the save would.
    std::string probe = target->directory() + "/.syncscope-probe-XXXXXX";
    const int fd = ::mkstemp(probe.data());
    if (fd < 0)
        return "cannot write '" + out + "': cannot create a file in the folder '" +
               target->directory() + "': " + std::strerror(errno);
    ::close(fd);
    ::unlink(probe.c_str());
    return OutputTarget::refuseInputs(out, inputs);
}

void printWriteError(const std::string& out, const std::string& error) {
    std::string text = error;
    if (text.find(out) == std::string::npos)
        text = "cannot write '" + out + "': " + text;
    std::cerr << "syncscope-cli: " << escapeForTerminal(text) << '\n';
}

}  // namespace syncscope::cli
