#pragma once

#include <QMenu>

#include "core/model/callout.h"

class QActionGroup;

namespace syncscope {

// View > Language: one checkable entry per interface language, each in its own language (a user who
// cannot read the current one still finds theirs). Choosing one only reports it; the window decides
// when the change takes effect (UiLanguage: texts are taken when widgets are built).
class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

    // The entry shown as chosen.
    Language checked() const;
    void setChecked(Language language);

signals:
    void languageChosen(syncscope::Language language);

private:
    QActionGroup* group_ = nullptr;
};

}  // namespace syncscope
