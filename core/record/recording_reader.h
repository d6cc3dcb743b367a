#pragma once

#include <string>

#include "core/record/process_recording.h"

namespace syncscope {

// Reads a recording file (recording_format.h) back. A file cut short by a crash reads up to its
// last whole chunk, with a warning in ProcessRecording::warnings; a file that is not a recording,
// of another version, or whose chunks contradict themselves (counts past the chunk's end, unknown
// tags, strings past the bound) is refused with a message naming the file and the byte offset.
// Memory stays within one chunk plus the records decoded so far, whatever the file claims.
class RecordingReader {
public:
    // "" on success, else why not ("<path>: not a syncscope recording").
    static std::string read(const std::string& path, ProcessRecording& out);
    // The same for a recording already in memory; `name` is used in messages.
    static std::string parse(std::string_view data, const std::string& name, ProcessRecording& out);
};

}  // namespace syncscope
