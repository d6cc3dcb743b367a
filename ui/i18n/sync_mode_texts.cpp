#include "ui/i18n/sync_mode_texts.h"

#include <QCoreApplication>
#include <string>

namespace syncscope {

QString syncModeText(std::string_view text) {
    const std::string key(text);  // translate() wants the NUL-terminated source text
    return QCoreApplication::translate("SyncMode", key.c_str());
}

QString syncModeLabel(SyncMode mode) {
    return syncModeText(syncModeInfo(mode).label);
}

}  // namespace syncscope
