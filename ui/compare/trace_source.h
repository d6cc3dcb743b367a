#pragma once

#include <QString>
#include <memory>

#include "core/engine/engine.h"
#include "core/model/trace.h"

namespace syncscope {

// One side of a comparison, from what a user types: `builtin:NAME` or a scenario file (run on an
// engine), or a trace file (native, PyTorch JSON[.gz], Nsight SQLite). Blocking; the window calls
// it on a job thread.
class TraceSource {
public:
    struct Result {
        std::shared_ptr<const Trace> trace;
        QString error;           // names the source and what is wrong; empty on success
        bool bad_input = false;  // the source itself is wrong (exit code 2), not the run (1)
        QString note;            // e.g. the engine fell back to the simulator
        bool ok() const { return trace != nullptr; }
    };

    static Result load(const QString& source, const QString& engine, const CancelToken& cancel);
};

}  // namespace syncscope
