#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace syncscope {

// Text for a terminal of `width` columns: `label` ("   Why: "), then the text broken at spaces,
// each line after the first starting with `indent` (a hanging indent under the label). Columns
// are counted in code points, so "µs" takes two; a word longer than a line stays whole on a line
// of its own. Line breaks in the text are kept.
std::string wrapText(std::string_view label, std::string_view text, std::size_t width,
                     std::string_view indent);

}  // namespace syncscope
