#include "app/cli/program_launcher.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

extern char** environ;

namespace syncscope::cli {

namespace {

std::atomic<int> g_interrupts{0};
std::atomic<pid_t> g_group{-1};

extern "C" void onInterrupt(int) {
    const int n = ++g_interrupts;
    const pid_t group = g_group.load();
    if (group > 0)
        kill(-group, n == 1 ? SIGINT : n == 2 ? SIGTERM : SIGKILL);
}

}  // namespace

std::string ProgramLauncher::start(const std::vector<std::string>& argv,
                                   const std::map<std::string, std::string>& environment) {
    if (argv.empty())
        return "no program to record: give it after --";
    std::map<std::string, std::string> env;
    for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
        const std::string entry(*e);
        const auto eq = entry.find('=');
        if (eq != std::string::npos)
            env[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    for (const auto& [k, v] : environment)
        env[k] = v;
    std::vector<std::string> env_strings;
    for (const auto& [k, v] : env)
        env_strings.push_back(k + "=" + v);
    std::vector<char*> envp, args;
    for (auto& s : env_strings)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_copy = argv;
    for (auto& s : argv_copy)
        args.push_back(s.data());
    args.push_back(nullptr);

    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    // The child starts with default signal handling whatever ours is.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    const int rc = posix_spawnp(&pid_, args.front(), nullptr, &attr, args.data(), envp.data());
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        pid_ = -1;
        return "cannot run '" + argv.front() + "': " + std::strerror(rc);
    }
    g_group = pid_;
    // A Ctrl+C that came before the group existed.
    if (g_interrupts > 0)
        kill(-pid_, SIGINT);
    return {};
}

int ProgramLauncher::wait() {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0) {
        if (errno != EINTR)
            return 1;
    }
    g_group = -1;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return 1;
}

bool ProgramLauncher::interrupted() const {
    return g_interrupts > 0;
}

}  // namespace syncscope::cli
