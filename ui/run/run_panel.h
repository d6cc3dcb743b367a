#pragma once

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace syncscope {

// The run controls of the left pane (docs/architecture.md section 5): which engine runs, what it
// says about the CUDA device, Run / Cancel, and the current run's progress. It only asks for runs;
// the window starts and cancels them and tells it how they go.
class RunPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget* parent = nullptr);

    QString engineId() const;  // "auto", "cuda", "sim"
    void setEngineId(const QString& id);
    // What the engine line says about the CUDA engine ("NVIDIA H200" or why it is unavailable).
    void setCudaAvailability(bool available, const QString& text);
    QString engineStatusText() const;
    QString engineStatusToolTip() const;
    // The CUDA probe's answer: available, and the device or why not ("" while not known).
    bool cudaAvailable() const { return cuda_available_; }
    QString cudaText() const { return cuda_text_; }

    // Whether what is being edited makes a scenario at all; Run stays off while it does not.
    void setRunnable(bool runnable);
    void setRunning(bool running);
    void setProgress(double fraction, const QString& phase);
    // The run ended: the progress bar keeps its value and says how it ended.
    void setFinished(const QString& text);
    QString progressText() const;
    bool canRun() const;
    bool canCancel() const;

signals:
    void runRequested();
    void cancelRequested();
    void engineChanged(const QString& id);

private:
    void updateButtons();

    QComboBox* engine_;
    QLabel* engine_status_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QString cuda_text_;
    bool cuda_available_ = false;
    bool runnable_ = true;
    bool running_ = false;
};

}  // namespace syncscope
