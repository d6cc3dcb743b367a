#pragma once

#include <string>

#include "core/interchange/import_result.h"
#include "core/record/capture_window.h"

namespace syncscope {

// The recordings one `syncscope-cli record` run left in its folder, one file per process
// (<pid>.ssrec), as one trace: each converted by RecordingConverter, and several merged by rank
// (RankMerger), a process's rank being its RANK when set and unique, else the next free number in
// order of pid (a warning says which process got which). Processes that made no CUDA call are
// left out; when none made one, the result is the error kNoCudaCalls, unless the recorder left
// word (<pid>.ssfail) that it was loaded and could not record: then that is the error, naming the
// process and why.
class RecordingSet {
public:
    static constexpr const char* kNoCudaCalls = "the program made no CUDA call: nothing to record";

    static ImportResult load(const std::string& folder, const CaptureOptions& capture = {});
    // Whether `folder` holds a recording's files (<pid>.ssrec, or <pid>.ssfail): a folder that
    // record kept, as opposed to any folder.
    static bool holdsRecordings(const std::string& folder);
};

}  // namespace syncscope
