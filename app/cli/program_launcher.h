#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

namespace syncscope::cli {

// Runs the program `syncscope-cli record` records: in its own process group (so the terminal's
// Ctrl+C reaches the recorder, which then stops the program in order: SIGINT, then SIGTERM, then
// SIGKILL on each further Ctrl+C), with the environment given on top of ours.
class ProgramLauncher {
public:
    // Starts argv; "" or why not ("cannot run 'trian.py': No such file or directory").
    std::string start(const std::vector<std::string>& argv,
                      const std::map<std::string, std::string>& environment);
    // Waits for the program; Ctrl+C while waiting stops it as above. Returns its exit status as a
    // shell gives it (128 + N when signal N killed it).
    int wait();
    bool interrupted() const;

private:
    pid_t pid_ = -1;
};

}  // namespace syncscope::cli
