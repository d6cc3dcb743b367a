#pragma once

#include <sys/types.h>

#include <csignal>
#include <map>
#include <string>
#include <vector>

namespace syncscope::cli {

// Runs the program `syncscope-cli record` records, with the environment given on top of ours,
// and stops it in order on each Ctrl+C: SIGINT, then SIGTERM, then SIGKILL. From a terminal it
// stays in our process group (it may read the terminal); elsewhere it gets a group of its own,
// which the signals reach whole.
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
    struct sigaction previous_int_ {};
    struct sigaction previous_term_ {};
};

}  // namespace syncscope::cli
