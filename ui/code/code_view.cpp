#include "ui/code/code_view.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/code/code_line_text.h"

namespace syncscope {

CodeView::CodeView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("codeView"));
    table_ = new QTableWidget(0, 2, this);
    table_->setObjectName(QStringLiteral("codeTable"));
    table_->setHorizontalHeaderLabels({tr("PyTorch"), tr("CUDA runtime")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->setVisible(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->setShowGrid(false);
    table_->setAlternatingRowColors(true);
    table_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CodeView::onSelectionChanged);

    placeholder_ =
        new QLabel(tr("Run or open a scenario to see it as PyTorch and CUDA code."), this);
    placeholder_->setWordWrap(true);
    placeholder_->setAlignment(Qt::AlignCenter);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(placeholder_);
    layout->addWidget(table_);
    table_->hide();
}

void CodeView::setScenario(std::shared_ptr<const Scenario> scenario) {
    scenario_ = std::move(scenario);
    lines_ = scenario_ ? ScenarioCode::generate(*scenario_) : std::vector<CodeLine>{};
    quiet_ = true;
    table_->clearContents();
    table_->setRowCount(int(lines_.size()));
    for (int row = 0; row < int(lines_.size()); ++row) {
        const CodeLine& line = lines_[std::size_t(row)];
        auto* py = new QTableWidgetItem(codeLineText(line.pytorch, line.pytorch_notes));
        auto* cuda = new QTableWidgetItem(codeLineText(line.cuda, line.cuda_notes));
        py->setToolTip(py->text());
        cuda->setToolTip(cuda->text());
        if (line.steps.empty()) {
            // Setup and loop lines stand for no event: shown, but quieter.
            for (QTableWidgetItem* item : {py, cuda})
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        }
        table_->setItem(row, 0, py);
        table_->setItem(row, 1, cuda);
    }
    fitColumns();
    quiet_ = false;
    table_->setVisible(scenario_ != nullptr);
    placeholder_->setVisible(scenario_ == nullptr);
}

std::optional<int> CodeView::selectStep(std::optional<std::uint32_t> step) {
    std::optional<std::size_t> line;
    if (step)
        line = ScenarioCode::lineOfStep(lines_, *step);
    quiet_ = true;
    if (line) {
        table_->selectRow(int(*line));
        table_->scrollToItem(table_->item(int(*line), 0));
    } else {
        table_->clearSelection();
    }
    quiet_ = false;
    if (!line)
        return std::nullopt;
    return int(*line);
}

std::optional<int> CodeView::selectedRow() const {
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    return rows.first().row();
}

void CodeView::selectRow(int row) {
    table_->selectRow(row);
}

void CodeView::setPresentation(bool on) {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (on)
        f.setPointSizeF((f.pointSizeF() > 0 ? f.pointSizeF() : 9.0) * 1.6);
    table_->setFont(f);
    fitColumns();
}

void CodeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The share the PyTorch column may take depends on the width the dock has now.
    fitColumns();
}

void CodeView::fitColumns() {
    // Corrections make some PyTorch lines long: the column stops at most of the width, and the
    // tooltip holds the whole line.
    table_->resizeColumnToContents(0);
    const int most = std::max(240, table_->viewport()->width() * 3 / 5);
    table_->setColumnWidth(0, std::min(table_->columnWidth(0), most));
    table_->resizeRowsToContents();
}

void CodeView::onSelectionChanged() {
    if (quiet_)
        return;
    const std::optional<int> row = selectedRow();
    if (!row || *row >= int(lines_.size()))
        return;
    emit lineSelected(*row, lines_[std::size_t(*row)].steps);
}

}  // namespace syncscope
