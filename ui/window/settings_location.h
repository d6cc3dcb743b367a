#pragma once

#include <QString>

namespace syncscope {

// Where QSettings reads and writes, made safe before anything reads a setting: QSettings opens its
// files blindly, so a FIFO (or a device) in place of syncscope.conf hung even a headless export.
// Settings files that exist but are not regular files are ignored: the process then keeps its
// settings in a private folder that is removed at exit (nothing is saved this session, and the
// special file is never touched).
class SettingsLocation {
public:
    // Call once, after the application's organization and name are set and before any QSettings.
    // Returns a warning naming the file when one was ignored, else an empty string.
    static QString guard();
};

}  // namespace syncscope
