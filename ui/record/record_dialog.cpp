#include "ui/record/record_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStyle>
#include <QVBoxLayout>

namespace syncscope {

namespace {

// The field with a Browse… button beside it: a layout, not a widget, so that the form lines its
// label up with the field.
QHBoxLayout* withBrowse(QLineEdit* field, QPushButton* browse) {
    auto* layout = new QHBoxLayout;
    layout->addWidget(field, 1);
    layout->addWidget(browse);
    return layout;
}

// A row's label whose Alt+letter goes to `field` (a row of a layout gets no buddy of its own).
QLabel* buddyLabel(const QString& text, QWidget* field) {
    auto* label = new QLabel(text);
    label->setBuddy(field);
    return label;
}

}  // namespace

RecordDialog::RecordDialog(const RecentCommands& recent, QWidget* parent)
    : QDialog(parent), recent_(recent.entries()) {
    setWindowTitle(tr("Record Program"));
    setMinimumWidth(680);
    auto* layout = new QVBoxLayout(this);

    // Without a GPU: why, and the other way to see a program (a trace recorded elsewhere).
    banner_ = new QWidget(this);
    banner_->setObjectName(QStringLiteral("noGpuBanner"));
    banner_->setAutoFillBackground(true);
    QPalette tint = banner_->palette();
    tint.setColor(QPalette::Window, QColor(0xfff4d6));
    tint.setColor(QPalette::WindowText, QColor(0x3c2f00));
    banner_->setPalette(tint);
    auto* banner_layout = new QHBoxLayout(banner_);
    auto* icon = new QLabel(banner_);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    banner_text_ = new QLabel(banner_);
    banner_text_->setWordWrap(true);
    auto* open_trace = new QPushButton(tr("Open a Trace…"), banner_);
    open_trace->setObjectName(QStringLiteral("openTraceInstead"));
    connect(open_trace, &QPushButton::clicked, this, [this] {
        reject();
        emit openTraceRequested();
    });
    banner_layout->addWidget(icon, 0, Qt::AlignTop);
    banner_layout->addWidget(banner_text_, 1);
    banner_layout->addWidget(open_trace, 0, Qt::AlignVCenter);
    banner_->hide();
    layout->addWidget(banner_);

    auto* form = new QFormLayout;
    command_ = new QComboBox(this);
    command_->setEditable(true);
    command_->setInsertPolicy(QComboBox::NoInsert);
    command_->setMinimumContentsLength(48);
    // A command line, the same in every language.
    command_->lineEdit()->setPlaceholderText(QStringLiteral("python3 train.py --epochs 1"));
    command_->setToolTip(
        tr("The program and its arguments, quoted as in a shell ($VARIABLES and globs expand; "
           "pipes and redirections need sh -c '…'). Recent commands are in the list."));
    for (const RecordRequest& r : std::as_const(recent_))
        command_->addItem(r.command);
    command_->setCurrentIndex(-1);
    command_->setEditText(QString());
    connect(command_, &QComboBox::activated, this, &RecordDialog::fillFromRecent);
    connect(command_, &QComboBox::editTextChanged, this, &RecordDialog::commandEdited);
    form->addRow(tr("&Command:"), command_);

    folder_ = new QLineEdit(this);
    folder_->setPlaceholderText(QDir::toNativeSeparators(QDir::currentPath()));
    auto* browse_folder = new QPushButton(tr("Browse…"), this);
    connect(browse_folder, &QPushButton::clicked, this, &RecordDialog::browseFolder);
    form->addRow(buddyLabel(tr("&Working folder:"), folder_), withBrowse(folder_, browse_folder));

    environment_ = new QPlainTextEdit(this);
    environment_->setPlaceholderText(tr("NAME=VALUE, one a line (e.g. CUDA_VISIBLE_DEVICES=0)"));
    environment_->setTabChangesFocus(true);
    environment_->setFixedHeight(environment_->fontMetrics().lineSpacing() * 4 + 12);
    form->addRow(tr("&Environment:"), environment_);

    python_hook_ = new QCheckBox(tr("Mark the torch-level sync calls (Python hook)"), this);
    python_hook_->setChecked(true);
    python_hook_->setToolTip(
        tr("torch.cpu.synchronize() makes no CUDA call: without the hook it cannot be seen. "
           "The hook patches nothing else (docs/python-hook.md)."));
    form->addRow(QString(), python_hook_);

    auto seconds = [this](const QString& special) {
        auto* box = new QDoubleSpinBox(this);
        box->setRange(0, 24 * 3600);
        box->setDecimals(1);
        box->setSuffix(tr(" s"));
        box->setSpecialValueText(special);
        return box;
    };
    delay_ = seconds(tr("none"));
    delay_->setToolTip(tr("Begin recording this long after each process starts"));
    duration_ = seconds(tr("to the end"));
    duration_->setToolTip(tr("Record this long; the program runs on unrecorded"));
    auto* timing = new QHBoxLayout;
    timing->addWidget(delay_);
    timing->addWidget(new QLabel(tr("Duration:"), this));
    timing->addWidget(duration_);
    timing->addStretch(1);
    form->addRow(buddyLabel(tr("&Delay:"), delay_), timing);

    capture_range_ = new QLineEdit(this);
    capture_range_->setPlaceholderText(tr("all (or nvtx:NAME, or cudaProfilerApi)"));
    capture_range_->setToolTip(
        tr("Keep only the NVTX ranges named NAME, or what lies between "
           "cudaProfilerStart() and cudaProfilerStop()"));
    form->addRow(tr("C&apture range:"), capture_range_);

    out_ = new QLineEdit(this);
    out_->setText(defaultOutPath(QString()));
    connect(out_, &QLineEdit::textEdited, this, [this] { out_edited_ = true; });
    auto* browse_out = new QPushButton(tr("Browse…"), this);
    connect(browse_out, &QPushButton::clicked, this, &RecordDialog::browseOut);
    form->addRow(buddyLabel(tr("&Save to:"), out_), withBrowse(out_, browse_out));
    layout->addLayout(form);

    error_ = new QLabel(this);
    error_->setObjectName(QStringLiteral("recordError"));
    error_->setWordWrap(true);
    error_->setStyleSheet(QStringLiteral("color: #b00020;"));
    error_->hide();
    layout->addWidget(error_);

    auto* hint = new QLabel(tr("The timeline grows while the program runs. Stop (Shift+F5) ends "
                               "the program and keeps what was recorded."),
                            this);
    hint->setWordWrap(true);
    hint->setEnabled(false);
    layout->addWidget(hint);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    record_ = buttons->addButton(tr("&Record"), QDialogButtonBox::AcceptRole);
    record_->setObjectName(QStringLiteral("recordButton"));
    record_->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &RecordDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RecordDialog::reject);
    layout->addWidget(buttons);
    command_->setFocus();
    updateRecordButton();
}

QString RecordDialog::recordingsFolder() {
    // ~/.local/share/syncscope/recordings: the generic data folder and the program's name once
    // (the application's own data folder repeats it, ".../syncscope/syncscope").
    QString folder = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (folder.isEmpty())
        folder = QDir::homePath();
    return QDir(folder).filePath(QStringLiteral("syncscope/recordings"));
}

QString RecordDialog::defaultOutPath(const QString& command) {
    QString program = QStringLiteral("program");
    QString ignored;
    RecordRequest r;
    r.command = command;
    const QStringList argv = r.program(&ignored);
    // `python3 train.py`: the script names the recording better than the interpreter.
    for (const QString& arg : argv) {
        const QString name = QFileInfo(arg).completeBaseName();
        if (name.isEmpty() || arg.startsWith(QLatin1Char('-')))
            continue;
        program = name;
        if (!QFileInfo(arg).fileName().startsWith(QLatin1String("python")) &&
            name != QLatin1String("torchrun"))
            break;
    }
    program.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    return QDir(recordingsFolder())
        .filePath(program + QLatin1Char('-') +
                  QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) +
                  QStringLiteral(".json.gz"));
}

void RecordDialog::setAvailability(bool available, const QString& reason) {
    available_ = available || reason.isEmpty();
    banner_text_->setText(
        tr("<b>No CUDA GPU can be recorded here</b> (%1). Recording needs one. You can open a "
           "trace recorded elsewhere instead: a PyTorch profiler trace or an Nsight Systems "
           "export.")
            .arg(reason.toHtmlEscaped()));
    banner_->setVisible(!available_);
    updateRecordButton();
}

bool RecordDialog::bannerShown() const {
    return !banner_->isHidden();
}

bool RecordDialog::recordEnabled() const {
    return record_->isEnabled();
}

QString RecordDialog::errorText() const {
    return error_->isHidden() ? QString() : error_->text();
}

void RecordDialog::updateRecordButton() {
    record_->setEnabled(available_);
}

RecordRequest RecordDialog::request() const {
    RecordRequest r;
    r.command = command_->currentText().trimmed();
    r.working_dir = folder_->text().trimmed();
    parseEnvironment(environment_->toPlainText(), &r.environment);
    r.python_hook = python_hook_->isChecked();
    r.delay_s = delay_->value();
    r.duration_s = duration_->value();
    r.capture_range = capture_range_->text().trimmed();
    r.out = out_->text().trimmed();
    return r;
}

void RecordDialog::setRequest(const RecordRequest& r) {
    command_->setEditText(r.command);
    folder_->setText(r.working_dir);
    environment_->setPlainText(r.environment.join(QLatin1Char('\n')));
    python_hook_->setChecked(r.python_hook);
    delay_->setValue(r.delay_s);
    duration_->setValue(r.duration_s);
    capture_range_->setText(r.capture_range);
    if (!r.out.isEmpty()) {
        out_->setText(r.out);
        out_edited_ = true;
    }
}

void RecordDialog::fillFromRecent(int index) {
    if (index < 0 || index >= recent_.size())
        return;
    RecordRequest r = recent_[index];
    r.out.clear();  // a new recording, a new file
    setRequest(r);
}

void RecordDialog::commandEdited() {
    error_->hide();
    if (!out_edited_)
        out_->setText(defaultOutPath(command_->currentText()));
}

void RecordDialog::browseFolder() {
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Working Folder"),
        folder_->text().isEmpty() ? QDir::currentPath() : folder_->text());
    if (!dir.isEmpty())
        folder_->setText(dir);
}

void RecordDialog::browseOut() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the Recording As"), out_->text(), tr("syncscope trace (*.json.gz *.json)"));
    if (path.isEmpty())
        return;
    out_->setText(path);
    out_edited_ = true;
}

void RecordDialog::accept() {
    if (!available_)
        return;
    // The environment's own message names its line; the request's names its field.
    QStringList unused;
    QString problem = parseEnvironment(environment_->toPlainText(), &unused);
    const RecordRequest r = request();
    // The recordings folder is ours to make; a folder the user typed must exist (a typo must
    // not make folders).
    const QString folder = QFileInfo(r.out).absolutePath();
    if (problem.isEmpty() && folder == QFileInfo(recordingsFolder()).absoluteFilePath() &&
        !QDir().mkpath(folder))
        problem = tr("Save to: cannot make the folder %1").arg(QDir::toNativeSeparators(folder));
    if (problem.isEmpty())
        problem = r.problem();
    if (!problem.isEmpty()) {
        error_->setText(problem);
        error_->show();
        return;
    }
    QDialog::accept();
}

}  // namespace syncscope
