#include "ui/editor/batch_table_delegate.h"

#include <QAbstractProxyModel>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>

#include "ui/editor/batch_table_model.h"

namespace syncscope {

namespace {

// The field an index edits: its column, or on BatchTableView's side layout its source's column.
int fieldOf(const QModelIndex& index) {
    if (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model()))
        return proxy->mapToSource(index).column();
    return index.column();
}

}  // namespace

QWidget* BatchTableDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&,
                                          const QModelIndex& index) const {
    const int field = fieldOf(index);
    switch (field) {
        case BatchTableModel::Kind: {
            auto* combo = new QComboBox(parent);
            for (KernelKind k : {KernelKind::Spin, KernelKind::Compute, KernelKind::Memory})
                combo->addItem(BatchTableModel::kindLabel(k), int(k));
            return combo;
        }
        case BatchTableModel::Allocation: {
            auto* combo = new QComboBox(parent);
            for (int a = 0; a < kKernelAllocationCount; ++a)
                combo->addItem(BatchTableModel::allocationLabel(KernelAllocation(a)), a);
            return combo;
        }
        case BatchTableModel::Duration:
        case BatchTableModel::Bytes: {
            auto* spin = new QDoubleSpinBox(parent);
            spin->setDecimals(field == BatchTableModel::Duration ? 1 : 3);
            spin->setRange(field == BatchTableModel::Duration ? 0.1 : 0.001,
                           field == BatchTableModel::Duration ? 60e6 : 65536.0);
            spin->setSuffix(field == BatchTableModel::Duration ? tr(" µs") : tr(" MiB"));
            return spin;
        }
        default: {
            auto* spin = new QSpinBox(parent);
            switch (field) {
                case BatchTableModel::Batches:
                    spin->setRange(1, 10'000);
                    break;
                case BatchTableModel::Kernels:
                    spin->setRange(1, 1'000);
                    break;
                case BatchTableModel::Streams:
                    spin->setRange(1, 8);
                    break;
                case BatchTableModel::Grid:
                    spin->setRange(1, 1 << 20);
                    break;
                case BatchTableModel::Block:
                    spin->setRange(1, 1024);
                    break;
                default:
                    break;
            }
            return spin;
        }
    }
}

void BatchTableDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    const QVariant value = index.data(Qt::EditRole);
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentIndex(combo->findData(value.toInt()));
    else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor))
        dspin->setValue(value.toDouble());
    else if (auto* spin = qobject_cast<QSpinBox*>(editor))
        spin->setValue(value.toInt());
}

void BatchTableDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                      const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        model->setData(index, combo->currentData(), Qt::EditRole);
    else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor))
        model->setData(index, dspin->value(), Qt::EditRole);
    else if (auto* spin = qobject_cast<QSpinBox*>(editor))
        model->setData(index, spin->value(), Qt::EditRole);
}

}  // namespace syncscope
