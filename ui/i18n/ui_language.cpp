#include "ui/i18n/ui_language.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QTranslator>

namespace syncscope {

namespace {

Language g_current = Language::En;
// The translators install() put in place: a later install() takes them out first, so English
// after Japanese is English (tests switch; the window restarts to switch).
QPointer<QTranslator> g_ours, g_qt;

const char* kSettingsKey = "ui/language";

// Owned by the application object, so they live exactly as long as the texts they translate.
QTranslator* loadTranslator(const QString& name, const QString& dir) {
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (translator->load(name, dir))
        return translator;
    delete translator;
    return nullptr;
}

}  // namespace

bool UiLanguage::install(Language language, QString* error) {
    const bool was_japanese = g_current == Language::Ja;
    g_current = Language::En;
    for (QPointer<QTranslator>* installed : {&g_ours, &g_qt})
        if (*installed) {
            QCoreApplication::removeTranslator(*installed);
            delete installed->data();
        }
    if (was_japanese)
        QLocale::setDefault(QLocale::system());
    if (language == Language::En)
        return true;
    QTranslator* ours = loadTranslator(QStringLiteral("syncscope_ja"), QStringLiteral(":/i18n"));
    if (ours == nullptr) {
        if (error)
            *error = QStringLiteral("the Japanese translation :/i18n/syncscope_ja.qm is missing");
        return false;
    }
    QCoreApplication::installTranslator(ours);
    g_ours = ours;
    // Qt's own texts (the buttons of QMessageBox, QFileDialog) come from qtbase_ja.qm when the
    // Debian package qt6-translations-l10n is installed; without it they stay English.
    if (QTranslator* qt = loadTranslator(QStringLiteral("qtbase_ja"),
                                         QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        g_qt = qt;
    }
    g_current = language;
    QLocale::setDefault(QLocale(QLocale::Japanese, QLocale::Japan));
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        QGuiApplication::setFont(fontFor(language, QGuiApplication::font()));
    return true;
}

Language UiLanguage::current() {
    return g_current;
}

std::optional<Language> UiLanguage::parse(const QString& code) {
    const QString c = code.trimmed().toLower();
    if (c == QLatin1String("ja") || c.startsWith(QLatin1String("ja_")) ||
        c.startsWith(QLatin1String("ja-")))
        return Language::Ja;
    if (c == QLatin1String("en") || c.startsWith(QLatin1String("en_")) ||
        c.startsWith(QLatin1String("en-")))
        return Language::En;
    return std::nullopt;
}

QString UiLanguage::code(Language language) {
    return language == Language::Ja ? QStringLiteral("ja") : QStringLiteral("en");
}

QString UiLanguage::nativeName(Language language) {
    return language == Language::Ja ? QStringLiteral("日本語") : QStringLiteral("English");
}

Language UiLanguage::preferred() {
    const QSettings settings;
    if (const auto saved = parse(settings.value(QLatin1String(kSettingsKey)).toString()))
        return *saved;
    return QLocale::system().language() == QLocale::Japanese ? Language::Ja : Language::En;
}

void UiLanguage::savePreferred(Language language) {
    QSettings settings;
    settings.setValue(QLatin1String(kSettingsKey), code(language));
}

QFont UiLanguage::fontFor(Language language, const QFont& base) {
    QFont font = base;
    if (language != Language::Ja)
        return font;
    QStringList families = base.families();
    if (families.isEmpty())
        families.append(base.family());
    if (!families.contains(QLatin1String("Noto Sans CJK JP")))
        families.append(QStringLiteral("Noto Sans CJK JP"));
    font.setFamilies(families);
    return font;
}

}  // namespace syncscope
