#pragma once

#include <QString>

#include "core/model/tr_text.h"

namespace syncscope {

// A sentence from core/ in the interface's language: the pattern translated with its context,
// each argument translated the same way (verbatim values stay as they are), then %1…%9 filled in
// one pass. Without a translation it is exactly TrText::english().
QString translated(const TrText& text);

}  // namespace syncscope
