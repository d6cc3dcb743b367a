#include "ui/i18n/language_menu.h"

#include <QActionGroup>

#include "ui/i18n/ui_language.h"

namespace syncscope {

LanguageMenu::LanguageMenu(QWidget* parent) : QMenu(tr("&Language"), parent) {
    setObjectName(QStringLiteral("languageMenu"));
    group_ = new QActionGroup(this);
    group_->setExclusive(true);
    for (const Language language : {Language::En, Language::Ja}) {
        QAction* action = addAction(UiLanguage::nativeName(language));
        action->setCheckable(true);
        action->setData(UiLanguage::code(language));
        action->setObjectName(QStringLiteral("language-") + UiLanguage::code(language));
        group_->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, language] { emit languageChosen(language); });
    }
    setChecked(UiLanguage::current());
}

Language LanguageMenu::checked() const {
    const QAction* action = group_->checkedAction();
    return action ? UiLanguage::parse(action->data().toString()).value_or(Language::En)
                  : Language::En;
}

void LanguageMenu::setChecked(Language language) {
    for (QAction* action : group_->actions())
        action->setChecked(action->data().toString() == UiLanguage::code(language));
}

}  // namespace syncscope
