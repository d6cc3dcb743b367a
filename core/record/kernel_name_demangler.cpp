#include "core/record/kernel_name_demangler.h"

#include <cxxabi.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

extern char** environ;

namespace syncscope {

namespace {

std::mutex g_helper_mutex;
std::vector<std::string> g_helper;

// Back-references of an Itanium name: S_, S<seq-id>_, T_, T<n>_ (a bound, not a parse: a
// standard abbreviation such as St counts as none).
int backReferences(const std::string& name) {
    int n = 0;
    for (std::size_t i = 0; i + 1 < name.size(); ++i) {
        if (name[i] != 'S' && name[i] != 'T')
            continue;
        std::size_t j = i + 1;
        while (j < name.size() && (std::isdigit(static_cast<unsigned char>(name[j])) ||
                                   std::isupper(static_cast<unsigned char>(name[j]))))
            ++j;
        if (j < name.size() && name[j] == '_')
            ++n;
    }
    return n;
}

// SIGPIPE blocked on this thread while it lives; one raised meanwhile is taken back.
class PipeSignalBlocked {
public:
    PipeSignalBlocked() {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe, &old_);
    }
    ~PipeSignalBlocked() {
        sigset_t pending;
        sigpending(&pending);
        if (sigismember(&pending, SIGPIPE) == 1 && sigismember(&old_, SIGPIPE) == 0) {
            sigset_t pipe;
            sigemptyset(&pipe);
            sigaddset(&pipe, SIGPIPE);
            const timespec now{0, 0};
            sigtimedwait(&pipe, nullptr, &now);
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    PipeSignalBlocked(const PipeSignalBlocked&) = delete;
    PipeSignalBlocked& operator=(const PipeSignalBlocked&) = delete;

private:
    sigset_t old_{};
};

// One helper process and its pipes.
class Helper {
public:
    explicit Helper(const std::vector<std::string>& argv) {
        int in[2], out[2];
        if (::pipe2(in, O_CLOEXEC) != 0)
            return;
        if (::pipe2(out, O_CLOEXEC) != 0) {
            ::close(in[0]);
            ::close(in[1]);
            return;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
        std::vector<char*> args;
        for (const std::string& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        const int rc = posix_spawn(&pid_, args.front(), &actions, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(in[0]);
        ::close(out[1]);
        to_ = in[1];
        from_ = out[0];
        if (rc != 0) {
            pid_ = -1;
            return;
        }
        ::fcntl(to_, F_SETFL, O_NONBLOCK);
    }
    ~Helper() {
        ::close(to_);
        ::close(from_);
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
            }
        }
    }
    Helper(const Helper&) = delete;
    Helper& operator=(const Helper&) = delete;
    bool ok() const { return pid_ > 0; }

    // Sends names[from..] and reads their answers into `out` until all are answered, the helper
    // ends, or one takes longer than kNameTimeoutMs; returns how many were answered.
    std::size_t run(const std::vector<std::string>& names, std::size_t from,
                    std::vector<std::string>& out) {
        // A helper that ended (its memory limit, killed) must not take this process with it:
        // writing to its pipe then fails with EPIPE instead of raising SIGPIPE here.
        const PipeSignalBlocked quiet;
        std::string pending;
        for (std::size_t i = from; i < names.size(); ++i)
            pending.append(names[i]).push_back('\0');
        std::size_t sent = 0, answered = 0;
        std::string reply;
        auto last = std::chrono::steady_clock::now();
        char buffer[65536];
        while (from + answered < names.size()) {
            pollfd fds[2] = {{from_, POLLIN, 0}, {to_, POLLOUT, 0}};
            const nfds_t count = sent < pending.size() ? 2 : 1;
            const int ready = ::poll(fds, count, 50);
            if (ready < 0 && errno != EINTR)
                break;
            if (count == 2 && (fds[1].revents & POLLOUT) != 0) {
                const ssize_t n = ::write(to_, pending.data() + sent, pending.size() - sent);
                if (n > 0)
                    sent += static_cast<std::size_t>(n);
                if (sent == pending.size()) {
                    ::close(to_);
                    to_ = -1;
                }
            }
            if ((fds[0].revents & (POLLIN | POLLHUP)) != 0) {
                const ssize_t n = ::read(from_, buffer, sizeof buffer);
                if (n <= 0)
                    break;  // the helper ended (its memory limit, a crash)
                for (ssize_t k = 0; k < n; ++k) {
                    if (buffer[k] != '\0') {
                        reply.push_back(buffer[k]);
                        continue;
                    }
                    out[from + answered] = std::move(reply);
                    reply.clear();
                    ++answered;
                    last = std::chrono::steady_clock::now();
                }
            }
            if (std::chrono::steady_clock::now() - last >
                std::chrono::milliseconds(KernelNameDemangler::kNameTimeoutMs))
                break;
        }
        return answered;
    }

private:
    pid_t pid_ = -1;
    int to_ = -1, from_ = -1;
};

}  // namespace

void KernelNameDemangler::setHelper(std::vector<std::string> argv) {
    std::lock_guard lock(g_helper_mutex);
    g_helper = std::move(argv);
}

std::string KernelNameDemangler::demangleHere(const std::string& name) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> out(
        abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && out ? std::string(out.get()) : std::string();
}

std::unordered_map<std::string, std::string> KernelNameDemangler::demangleAll(
    const std::vector<std::string>& names) {
    std::unordered_map<std::string, std::string> shown;
    std::vector<std::string> risky;
    for (const std::string& name : names) {
        if (shown.contains(name))
            continue;
        // Not a C++ name, or one with few back-references: demangled here, at once.
        if (name.rfind("_Z", 0) != 0 || backReferences(name) <= kSafeReferences) {
            const std::string plain = name.rfind("_Z", 0) == 0 ? demangleHere(name) : std::string();
            shown[name] = plain.empty() || plain.size() > kMaxShownName ? name : plain;
        } else {
            shown[name] = name;  // until the helper says otherwise
            risky.push_back(name);
        }
    }
    std::vector<std::string> helper;
    {
        std::lock_guard lock(g_helper_mutex);
        helper = g_helper;
    }
    if (risky.empty() || helper.empty())
        return shown;
    std::vector<std::string> out(risky.size());
    std::size_t done = 0;
    const auto give_up =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(kTotalTimeoutMs);
    while (done < risky.size() && std::chrono::steady_clock::now() < give_up) {
        Helper process(helper);
        if (!process.ok())
            break;
        done += process.run(risky, done, out);
        if (done < risky.size())
            ++done;  // the one that took too long (or ended the helper) keeps its mangled form
    }
    for (std::size_t i = 0; i < risky.size(); ++i)
        if (!out[i].empty() && out[i].size() <= kMaxShownName)
            shown[risky[i]] = out[i];
    return shown;
}

int KernelNameDemangler::serve() {
    // A name that would take more memory than this fails in the demangler (no output) instead of
    // taking the machine's.
    const rlim_t limit = rlim_t{1} << 30;
    rlimit as{};
    if (::getrlimit(RLIMIT_AS, &as) == 0 && (as.rlim_cur == RLIM_INFINITY || as.rlim_cur > limit)) {
        as.rlim_cur = limit;
        ::setrlimit(RLIMIT_AS, &as);
    }
    std::string name;
    int c = 0;
    while ((c = std::getchar()) != EOF) {
        if (c != '\0') {
            name.push_back(static_cast<char>(c));
            continue;
        }
        std::string plain;
        try {
            plain = demangleHere(name);
        } catch (...) {
            plain.clear();
        }
        if (plain.size() > kMaxShownName)
            plain.clear();  // no name to show: the caller keeps the mangled one
        std::fwrite(plain.data(), 1, plain.size(), stdout);
        std::fputc('\0', stdout);
        std::fflush(stdout);
        name.clear();
    }
    return 0;
}

}  // namespace syncscope
