#include "ui/editor/step_table_editor.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/editor/column_fitter.h"
#include "ui/editor/step_table_delegate.h"
#include "ui/editor/step_table_model.h"

namespace syncscope {

StepTableEditor::StepTableEditor(StepTableModel* model, QWidget* parent)
    : QWidget(parent), model_(model) {
    setObjectName(QStringLiteral("stepTableEditor"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("stepTable"));
    table_->setModel(model_);
    table_->setItemDelegate(new StepTableDelegate(table_));
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    // Eight columns in a dock about 300 px wide: no sideways scrolling, the widest cut first.
    fitter_ = new ColumnFitter(table_);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->setMinimumHeight(160);
    layout->addWidget(table_, 1);

    message_ = new QLabel(this);
    message_->setObjectName(QStringLiteral("stepTableMessage"));
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #c62828;"));
    message_->hide();
    layout->addWidget(message_);

    // Two rows of two: four buttons side by side would hold the editor's dock wider than a small
    // screen leaves it.
    auto* buttons = new QGridLayout;
    auto button = [&](const QString& name, const QString& text, const QString& tip) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setToolTip(tip);
        buttons->addWidget(b, buttons->count() / 2, buttons->count() % 2);
        return b;
    };
    QPushButton* add = button(QStringLiteral("addStep"), tr("Add step"),
                              tr("Add a copy of the selected step after it"));
    QPushButton* remove = button(QStringLiteral("removeStep"), tr("Remove step"),
                                 tr("Remove the selected step (a repeat with its steps)"));
    QPushButton* up = button(QStringLiteral("moveStepUp"), tr("Up"),
                             tr("Move the selected step before the one above it"));
    QPushButton* down = button(QStringLiteral("moveStepDown"), tr("Down"),
                               tr("Move the selected step after the one below it"));
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, [this] { select(model_->insertStep(currentRow())); });
    connect(remove, &QPushButton::clicked, this,
            [this] { select(model_->removeStep(currentRow())); });
    connect(up, &QPushButton::clicked, this,
            [this] { select(model_->moveStep(currentRow(), -1)); });
    connect(down, &QPushButton::clicked, this,
            [this] { select(model_->moveStep(currentRow(), +1)); });

    connect(model_, &StepTableModel::editRejected, this, [this](const QString& message) {
        rejected_ = message;
        showMessage();
    });
    // A change that went through replaces the message about one that did not.
    auto changed = [this] {
        rejected_.clear();
        showMessage();
        fitColumns();
    };
    connect(model_, &QAbstractItemModel::dataChanged, this, changed);
    connect(model_, &QAbstractItemModel::modelReset, this, changed);
}

void StepTableEditor::fitColumns() {
    // A column no step has (no repeat, no event) would be blank from top to bottom: it is left out
    // until a step needs it.
    for (int column = 0; column < StepTableModel::ColumnCount; ++column)
        table_->setColumnHidden(column, !model_->columnUsed(column));
    fitter_->fit();
}

int StepTableEditor::currentRow() const {
    const QModelIndex current = table_->currentIndex();
    return current.isValid() ? current.row() : -1;
}

void StepTableEditor::select(int row) {
    if (row < 0 || row >= model_->rowCount())
        return;
    const int column = std::max(0, table_->currentIndex().column());
    table_->setCurrentIndex(model_->index(row, column));
}

void StepTableEditor::setProblem(const QString& problem) {
    problem_ = problem;
    showMessage();
}

QString StepTableEditor::messageText() const {
    return message_->isHidden() ? QString() : message_->text();
}

void StepTableEditor::showMessage() {
    QStringList lines;
    if (!rejected_.isEmpty())
        lines << rejected_;
    if (!problem_.isEmpty())
        lines << problem_;
    message_->setText(lines.join(QLatin1Char('\n')));
    message_->setVisible(!lines.isEmpty());
}

}  // namespace syncscope
