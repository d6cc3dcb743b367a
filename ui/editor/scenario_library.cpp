#include "ui/editor/scenario_library.h"

#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/editor/builtin_scenarios.h"

namespace syncscope {

namespace {

constexpr int kNameRole = Qt::UserRole;
constexpr int kExplanationRole = Qt::UserRole + 1;

}  // namespace

ScenarioLibrary::ScenarioLibrary(QWidget* parent) : QWidget(parent) {
    search_ = new QLineEdit(this);
    search_->setObjectName(QStringLiteral("scenarioFilter"));
    search_->setPlaceholderText(tr("Filter scenarios"));
    search_->setClearButtonEnabled(true);
    list_ = new QListWidget(this);
    list_->setObjectName(QStringLiteral("scenarioList"));
    list_->setAlternatingRowColors(true);
    list_->setWordWrap(true);
    explanation_ = new QTextBrowser(this);
    explanation_->setObjectName(QStringLiteral("scenarioExplanation"));
    explanation_->setOpenLinks(false);
    open_ = new QPushButton(tr("Open and run"), this);
    open_->setObjectName(QStringLiteral("openAndRun"));
    open_->setToolTip(tr("Load the selected scenario and run it (or double-click it)"));

    for (const BuiltinScenario& s : BuiltinScenarios::list()) {
        auto* item = new QListWidgetItem(s.title, list_);
        item->setData(kNameRole, s.name);
        item->setData(kExplanationRole, s.explanation);
        item->setToolTip(QStringLiteral("builtin:%1").arg(s.name));
    }

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(list_);
    splitter->addWidget(explanation_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(search_);
    layout->addWidget(splitter, 1);
    layout->addWidget(open_, 0, Qt::AlignRight);

    connect(search_, &QLineEdit::textChanged, this, &ScenarioLibrary::filter);
    connect(list_, &QListWidget::currentRowChanged, this, &ScenarioLibrary::showSelected);
    connect(list_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit scenarioActivated(QStringLiteral("builtin:") + item->data(kNameRole).toString());
    });
    connect(open_, &QPushButton::clicked, this, [this] {
        QListWidgetItem* item = list_->currentItem();
        if (item && !item->isHidden())
            emit scenarioActivated(QStringLiteral("builtin:") + item->data(kNameRole).toString());
    });
    if (list_->count() > 0)
        list_->setCurrentRow(0);
}

int ScenarioLibrary::count() const {
    return list_->count();
}

QString ScenarioLibrary::selectedName() const {
    QListWidgetItem* item = list_->currentItem();
    return item && !item->isHidden() ? item->data(kNameRole).toString() : QString();
}

void ScenarioLibrary::select(const QString& name) {
    for (int i = 0; i < list_->count(); ++i) {
        if (list_->item(i)->data(kNameRole).toString() == name)
            list_->setCurrentRow(i);
    }
}

QString ScenarioLibrary::explanationText() const {
    return explanation_->toPlainText();
}

void ScenarioLibrary::showSelected() {
    QListWidgetItem* item = list_->currentItem();
    if (!item) {
        explanation_->clear();
        return;
    }
    explanation_->setHtml(QStringLiteral("<h3>%1</h3><p>%2</p><p><small>builtin:%3</small></p>")
                              .arg(item->text().toHtmlEscaped(),
                                   item->data(kExplanationRole).toString().toHtmlEscaped(),
                                   item->data(kNameRole).toString().toHtmlEscaped()));
}

void ScenarioLibrary::filter(const QString& text) {
    for (int i = 0; i < list_->count(); ++i) {
        QListWidgetItem* item = list_->item(i);
        const bool match =
            text.isEmpty() || item->text().contains(text, Qt::CaseInsensitive) ||
            item->data(kExplanationRole).toString().contains(text, Qt::CaseInsensitive) ||
            item->data(kNameRole).toString().contains(text, Qt::CaseInsensitive);
        item->setHidden(!match);
    }
    // The current item must be one the user can see: "Open and run" runs it.
    QListWidgetItem* current = list_->currentItem();
    if (current == nullptr || current->isHidden()) {
        QListWidgetItem* first = nullptr;
        for (int i = 0; i < list_->count() && first == nullptr; ++i)
            if (!list_->item(i)->isHidden())
                first = list_->item(i);
        if (first != nullptr) {
            list_->setCurrentItem(first);
        } else {
            list_->setCurrentItem(nullptr);
            list_->clearSelection();
            showSelected();
        }
    }
    open_->setEnabled(list_->currentItem() != nullptr && !list_->currentItem()->isHidden());
}

}  // namespace syncscope
