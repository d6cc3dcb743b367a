#pragma once

#include <QString>
#include <string_view>

namespace syncscope {

// A device's name as the interface shows it: the simulator's profiles end in " (simulated)",
// which a Japanese slide should not show in English. Other names (a real GPU's) are as recorded.
QString deviceNameText(std::string_view name);

}  // namespace syncscope
