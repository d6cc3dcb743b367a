#include "app/cli/output_files.h"

#include <iostream>

#include "core/io/output_target.h"
#include "core/model/terminal_text.h"

namespace syncscope::cli {

std::string outputFileProblem(const std::string& out, const std::vector<std::string>& inputs) {
    std::string error;
    if (!OutputTarget::resolve(out, error))
        return error;
    return OutputTarget::refuseInputs(out, inputs);
}

void printWriteError(const std::string& out, const std::string& error) {
    std::string text = error;
    if (text.find(out) == std::string::npos)
        text = "cannot write '" + out + "': " + text;
    std::cerr << "syncscope-cli: " << escapeForTerminal(text) << '\n';
}

}  // namespace syncscope::cli
