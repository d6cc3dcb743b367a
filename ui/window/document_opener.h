#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>

#include "ui/window/document_loader.h"

namespace syncscope {

class JobTracker;

// Opens files off the GUI thread, as jobs of the UI's one job mechanism: opening a file while
// another is still loading cancels the older load, and only the newest load is ever shown,
// whichever finishes first.
class DocumentOpener final : public QObject {
    Q_OBJECT
public:
    // Reads one file; called on a worker thread, it should stop early once `cancel` is set.
    using Loader =
        std::function<LoadedDocument(const QString& path, const std::atomic<bool>* cancel)>;

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
    // DocumentLoader::load by default; tests put slow loaders here.
    void setLoader(Loader loader) { loader_ = std::move(loader); }

signals:
    void loaded(const syncscope::LoadedDocument& document);
    // A load that had been superseded finished and its document was thrown away.
    void staleLoadDropped(quint64 id);

private:
    JobTracker* jobs_;
    Loader loader_;
    bool loading_ = false;
};

}  // namespace syncscope
