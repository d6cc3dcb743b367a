#pragma once

#include <string>
#include <string_view>

namespace syncscope {

// Foreign files are not always UTF-8 (Nsight exports made on Windows hold Latin-1). Text we keep is
// made valid UTF-8: valid input is returned unchanged, anything else is read as Latin-1.
class TextEncoding {
public:
    static bool isValidUtf8(std::string_view text);
    static std::string toUtf8(std::string_view text);
};

}  // namespace syncscope
