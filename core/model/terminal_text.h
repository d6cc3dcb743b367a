#pragma once

#include <string>
#include <string_view>

namespace syncscope {

enum class LineBreaks { Escape, Keep };

// Text from a file (a kernel name, a trace title, an error quoting either) made safe to print on a
// terminal: a hostile file must not move the cursor, set the window title or hide text with
// escape sequences, or reorder it with bidirectional overrides. Every byte of a control character
// (C0 including ESC, DEL, the C1 range U+0080–U+009F), of a bidirectional override or isolate
// (U+202A–U+202E, U+2066–U+2069) or of invalid UTF-8 is shown as \xHH, e.g. ESC as "\x1b";
// everything else, valid UTF-8 included, passes unchanged. The one function for terminal output
// of text read from a file: the CLI, the window's headless exports and the scenario reader's
// messages all go through it. With LineBreaks::Keep, '\n' passes too (multi-line messages).
std::string escapeForTerminal(std::string_view text, LineBreaks line_breaks = LineBreaks::Escape);

}  // namespace syncscope
