#pragma once

#include <QString>
#include <string_view>

#include "core/model/sync_mode.h"

namespace syncscope {

// The mode catalogue's texts (core marks them SYNCSCOPE_TR_NOOP("SyncMode", …)) in the interface's
// language. One place, so the picker, the help page, the caption and the details agree; a text
// without a translation (API names, "—") comes back as it is.
QString syncModeText(std::string_view text);
QString syncModeLabel(SyncMode mode);

}  // namespace syncscope
