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
std::atomic<pid_t> g_target{-1};        // the program's pid, or its process group as -pgid
std::atomic<bool> g_same_group{false};  // the program shares our group (and the terminal)

extern "C" void onInterrupt(int, siginfo_t* info, void*) {
    const int n = ++g_interrupts;
    const pid_t target = g_target.load();
    if (target == -1 || target == 0)
        return;
    // In our group the terminal's Ctrl+C reached the program itself: only a signal sent to us
    // alone (kill, the window's Stop) is passed on the first time.
    const bool from_terminal = info != nullptr && info->si_code == SI_KERNEL;
    if (n == 1 && g_same_group && from_terminal)
        return;
    kill(target, n == 1 ? SIGINT : n == 2 ? SIGTERM : SIGKILL);
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

    // In a terminal where we are in the foreground, the program stays in our process group: it
    // can read the terminal (in a group of its own, input() or pdb would stop it with SIGTTIN)
    // and gets Ctrl+C as it would from a shell. Elsewhere (the window, a script, the background)
    // it gets a group of its own, so that stopping it reaches its children too.
    const bool same_group = isatty(STDIN_FILENO) && tcgetpgrp(STDIN_FILENO) == getpgrp();
    g_same_group = same_group;
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    // The child starts with default signal handling whatever ours is.
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, static_cast<short>((same_group ? 0 : POSIX_SPAWN_SETPGROUP) |
                                                       POSIX_SPAWN_SETSIGDEF));
    // Ours while the program runs; wait() gives back the handlers there were (the CLI's own
    // clean-up of temporary files on SIGINT).
    struct sigaction action {};
    action.sa_sigaction = onInterrupt;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous_int_);
    sigaction(SIGTERM, &action, &previous_term_);
    const int rc = posix_spawnp(&pid_, args.front(), nullptr, &attr, args.data(), envp.data());
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        pid_ = -1;
        return "cannot run '" + argv.front() + "': " + std::strerror(rc);
    }
    g_target = same_group ? pid_ : -pid_;
    // A Ctrl+C that came before the program existed.
    if (g_interrupts > 0)
        kill(g_target, SIGINT);
    return {};
}

int ProgramLauncher::wait() {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0) {
        if (errno != EINTR)
            return 1;
    }
    g_target = -1;
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGTERM, &previous_term_, nullptr);
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
