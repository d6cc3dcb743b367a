#include "ui/i18n/device_name_text.h"

#include <QCoreApplication>

namespace syncscope {

QString deviceNameText(std::string_view name) {
    constexpr std::string_view kSimulated = " (simulated)";
    const QString whole = QString::fromUtf8(name.data(), qsizetype(name.size()));
    if (name.size() <= kSimulated.size() || !name.ends_with(kSimulated))
        return whole;
    const std::string_view device = name.substr(0, name.size() - kSimulated.size());
    return QCoreApplication::translate("DeviceName", "%1 (simulated)")
        .arg(QString::fromUtf8(device.data(), qsizetype(device.size())));
}

}  // namespace syncscope
