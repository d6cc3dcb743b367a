#pragma once

#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "core/model/scenario.h"
#include "core/model/trace.h"

namespace syncscope {

class TimelineModel;

// What opening a file gave: a scenario, a trace, or both (a native trace carries its scenario).
struct LoadedDocument {
    QString path;
    std::optional<Scenario> scenario;
    std::shared_ptr<const Trace> trace;
    // The timeline's index of `trace`, built on the loading thread (DocumentOpener) so the window
    // only swaps it in; null when nothing built it (the view then builds it).
    std::shared_ptr<TimelineModel> model;
    QString error;  // names the file and the problem; empty on success
    QStringList warnings;

    bool ok() const { return error.isEmpty(); }
};

// Opens any file the window accepts: scenario JSON, native traces, PyTorch profiler JSON[.gz] and
// Nsight Systems SQLite (through core/interchange). Safe to call off the GUI thread.
class DocumentLoader {
public:
    // `progress`, when set, is called on the loading thread with the fraction read (0..1) where
    // the format tells it (foreign traces; a native trace says nothing until it is read).
    static LoadedDocument load(const QString& path, const std::atomic<bool>* cancel = nullptr,
                               const std::function<void(double)>& progress = {});
    // The per-rank traces of one distributed step as one trace (core/interchange/rank_merger):
    // lanes grouped by rank on the clock the ranks share. Errors name the file.
    static LoadedDocument loadRanks(const QStringList& paths,
                                    const std::atomic<bool>* cancel = nullptr);
    static QString scenarioFilter();
    static QString traceFilter();

private:
    static LoadedDocument loadUnguarded(const QString& path, const std::atomic<bool>* cancel,
                                        const std::function<void(double)>& progress);
};

}  // namespace syncscope
