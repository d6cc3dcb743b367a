#include "ui/code/code_line_text.h"

#include "ui/i18n/tr_text_translation.h"
#include "ui/i18n/ui_language.h"

namespace syncscope {

QString codeLineText(const std::string& line, const std::vector<CodeNote>& notes) {
    QString out;
    std::size_t pos = 0;
    for (const CodeNote& note : notes) {
        const std::size_t length = note.text.english().size();
        if (note.at < pos || note.at + length > line.size())
            continue;  // not where add() found it: leave the English
        const QString words = !note.ja.empty() && UiLanguage::current() == Language::Ja
                                  ? QString::fromStdString(note.ja)
                                  : translated(note.text);
        out += QString::fromStdString(line.substr(pos, note.at - pos)) + words;
        pos = note.at + length;
    }
    return out + QString::fromStdString(line.substr(pos));
}

}  // namespace syncscope
