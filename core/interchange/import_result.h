#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/io/gzip_byte_source.h"
#include "core/model/trace.h"

namespace syncscope {

// Knobs shared by every importer. All optional: a default-constructed value imports without limits
// other than the built-in sanity caps.
// How many threads a JSON import uses: Auto takes two (one splits and parses, one assembles) for
// inputs from a few MiB or of unknown size where the machine has two cores. The result is the same
// either way.
enum class ImportThreads : std::uint8_t { Auto, One, Two };

struct ImportOptions {
    // Called now and then with the fraction done (0..1). Called on the importing thread.
    std::function<void(double fraction)> progress;
    // Polled while importing; when it becomes true the import stops with the error "cancelled".
    const std::atomic<bool>* cancel = nullptr;
    // A gzip input may not inflate to more than this (protects against decompression bombs).
    // Tests and fuzzers lower it; the default is the one limit every gzip reader shares.
    std::uint64_t max_inflated_bytes = GzipByteSource::kMaxInflatedBytes;
    ImportThreads threads = ImportThreads::Auto;
};

// What an importer saw, so nothing is dropped silently: every input record is counted under its
// source category, and records we keep without modelling them (cpu_op, python_function...) or could
// not use are counted separately.
struct ImportStats {
    std::map<std::string, std::uint64_t, std::less<>> categories;  // input records per category
    std::map<std::string, std::uint64_t, std::less<>> names;       // host API calls per name
    std::map<std::string, std::uint64_t, std::less<>>
        skipped;                       // records not turned into events, by reason
    std::uint64_t generic_events = 0;  // kept as EventKind::Generic
    std::uint64_t host_waits = 0;
    std::uint64_t stream_waits = 0;
    std::uint64_t held_calls = 0;  // calls that held their thread, given a HostWait (of host_waits)
    std::uint64_t torch_calls = 0;       // torch-level calls recognised (TorchCallMarker)
    std::uint64_t unresolved_flows = 0;  // flow records whose ends could not both be found

    // Another import's counts added to these (the processes of one recording, the ranks of a
    // step).
    void add(const ImportStats& other) {
        for (const auto& [k, v] : other.categories)
            categories[k] += v;
        for (const auto& [k, v] : other.names)
            names[k] += v;
        for (const auto& [k, v] : other.skipped)
            skipped[k] += v;
        generic_events += other.generic_events;
        host_waits += other.host_waits;
        stream_waits += other.stream_waits;
        held_calls += other.held_calls;
        torch_calls += other.torch_calls;
        unresolved_flows += other.unresolved_flows;
    }
};

struct ImportResult {
    std::optional<Trace> trace;
    // Empty on success. Otherwise one sentence that names the file and the place:
    // "trace.json: byte 1234 (line 7, column 3): event 12: \"dur\" is negative (-5)".
    std::string error;
    std::vector<std::string> warnings;
    ImportStats stats;

    bool ok() const { return trace.has_value(); }
};

}  // namespace syncscope
