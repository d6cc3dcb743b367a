#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace syncscope {

// Kernel names come mangled from CUPTI; the profilers show them demangled, and so do we. But a
// mangled name's back-references can double its demangled form at each step: a 260-byte name
// grows to terabytes, and __cxa_demangle has no bound on its output or its time (record ran until
// it was killed, 2 GB at 60 s). So names are demangled in a helper process (`syncscope-cli
// __demangle`) that has a memory limit and is killed when a name takes too long; such a name
// keeps its mangled form. Without a helper, only names whose demangled form is bounded by their
// few back-references are demangled here, the rest stay mangled.
class KernelNameDemangler {
public:
    // The helper's command line (a program that reads NUL-terminated names on stdin and writes
    // each one's demangled form, or "" when it has none, NUL-terminated, in order). Set once at
    // start by the programs that have one; empty: no helper.
    static void setHelper(std::vector<std::string> argv);

    // name -> its form to show, for each of `names`.
    static std::unordered_map<std::string, std::string> demangleAll(
        const std::vector<std::string>& names);

    // What the helper does for one name: its demangled form, or "" when it has none.
    static std::string demangleHere(const std::string& name);
    // The helper's loop over stdin and stdout, with its memory limit; returns its exit status.
    static int serve();

    // Names with at most this many back-references are safe to demangle in-process: the output
    // is at most 2^this times the name.
    static constexpr int kSafeReferences = 12;
    // How long the helper may take for one name before it is killed, and for all of them.
    static constexpr int kNameTimeoutMs = 1000;
    static constexpr int kTotalTimeoutMs = 10000;
    // A demangled name longer than this is no name to show: the mangled one is kept.
    static constexpr std::size_t kMaxShownName = 64 * 1024;
};

}  // namespace syncscope
