#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>

#include "ui/files/document_loader.h"

namespace syncscope {

class JobContext;
class JobTracker;

// Opens files off the GUI thread, as jobs of the UI's one job mechanism: opening a file while
// another is still loading cancels the older load, and only the newest load is ever shown,
// whichever finishes first. The job also builds the timeline's model of the trace it read
// (LoadedDocument::model), so the GUI thread only swaps the finished model in.
class DocumentOpener final : public QObject {
    Q_OBJECT
public:
    // Reads one file; called on a worker thread, it should stop early once `cancel` is set.
    using Loader =
        std::function<LoadedDocument(const QString& path, const std::atomic<bool>* cancel)>;
    // What a load is doing, for progress: reading the file, then indexing it for the timeline.
    enum class Stage { Reading, Indexing };

    explicit DocumentOpener(QObject* parent = nullptr);
    ~DocumentOpener() override;

    // Starts loading `path`; returns the load's job id. `loaded` follows, unless a newer open()
    // or cancel() came first.
    quint64 open(const QString& path);
    // Loads the per-rank traces `paths` as one timeline (DocumentLoader::loadRanks), as a job
    // like open(): it supersedes, and is superseded by, any other load.
    quint64 openRanks(const QStringList& paths);
    // Drops the load in progress, if any.
    void cancel();
    bool isLoading() const { return loading_; }
    // DocumentLoader::load (with its progress) by default; tests put slow loaders here.
    void setLoader(Loader loader) { loader_ = std::move(loader); }

signals:
    void loaded(const syncscope::LoadedDocument& document);
    // A load that had been superseded finished and its document was thrown away.
    void staleLoadDropped(quint64 id);
    // The current load's stage and how far it is (0..1; negative when the stage cannot tell).
    void progressChanged(syncscope::DocumentOpener::Stage stage, double fraction);
    // A load started (true), or the last one was delivered or cancelled (false).
    void loadingChanged(bool loading);

private:
    // Builds the document's model on the job's thread, unless the job was superseded meanwhile.
    void index(LoadedDocument& document, const JobContext& job);
    void postProgress(const JobContext& job, Stage stage, double fraction);
    void setLoading(bool loading);

    JobTracker* jobs_;
    Loader loader_;
    bool loading_ = false;
};

}  // namespace syncscope
