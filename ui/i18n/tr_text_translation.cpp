#include "ui/i18n/tr_text_translation.h"

#include <QCoreApplication>
#include <QStringList>

namespace syncscope {

QString translated(const TrText& text) {
    if (!text.translatable())
        return QString::fromStdString(text.text());
    const QString pattern = QCoreApplication::translate(text.context(), text.text().c_str());
    QStringList args;
    for (const TrText& a : text.args())
        args << translated(a);
    // One pass, like TrText::english(): a value's own '%' (a file's kernel name) stays text.
    QString out;
    out.reserve(pattern.size() + 16 * args.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1] >= QLatin1Char('1') &&
            pattern[i + 1] <= QLatin1Char('9')) {
            const qsizetype n = pattern[i + 1].unicode() - '1';
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

}  // namespace syncscope
