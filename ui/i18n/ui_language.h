#pragma once

#include <QFont>
#include <QString>
#include <optional>

#include "core/model/callout.h"

namespace syncscope {

// The language of the whole user interface: menus, dialogs, the mode catalogue, lesson texts,
// details sentences and exports. Chosen once at start-up (--lang, else the saved choice, else the
// system locale) because Qt's widgets take their texts when they are built; View > Language saves a
// new choice and restarts the window.
class UiLanguage {
public:
    // Loads the translations for `language` into the application (Japanese:
    // ":/i18n/syncscope_ja.qm" and Qt's own dialog texts where installed) and picks a font that has
    // its glyphs. Returns false with `error` set when the translation could not be loaded; the UI
    // then stays English.
    static bool install(Language language, QString* error = nullptr);

    // The language install() put in place (English before any call).
    static Language current();

    // "ja" or "en" (also "ja_JP", "en-US"); nullopt for anything else.
    static std::optional<Language> parse(const QString& code);
    static QString code(Language language);  // "en" or "ja"
    // The language's own name, for menus: "English", "日本語".
    static QString nativeName(Language language);

    // The saved choice (QSettings "ui/language"), else the system locale's language when it is
    // Japanese, else English.
    static Language preferred();
    static void savePreferred(Language language);

    // Fonts that draw the language: Japanese puts Noto Sans CJK JP after the Latin family so Latin
    // text keeps its look and kana and kanji do not come out as boxes in exports.
    static QFont fontFor(Language language, const QFont& base);
};

}  // namespace syncscope
