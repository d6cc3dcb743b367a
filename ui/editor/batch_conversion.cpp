#include "ui/editor/batch_conversion.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/model/sync_mode_steps.h"

namespace syncscope {

namespace {

// One batch of the program: its kernels' shape.
struct BatchShape {
    int kernels = 0;
    std::set<std::uint32_t> streams;
    KernelKind kind = KernelKind::Spin;
    TimeNs duration_ns = 0;
    std::uint64_t bytes = 0;
    std::uint32_t grid = 1;
    std::uint32_t block = 32;

    bool sameAs(const BatchShape& o) const {
        return kernels == o.kernels && streams.size() == o.streams.size() && kind == o.kind &&
               duration_ns == o.duration_ns && bytes == o.bytes && grid == o.grid &&
               block == o.block;
    }
};

}  // namespace

BatchConversion BatchConversion::fromScenario(const Scenario& scenario,
                                              const BatchEditorState& base) {
    BatchConversion out;
    out.state = base;
    out.state.title = QString::fromStdString(scenario.title.en);
    out.state.schedule = scenario.schedule;
    out.state.placement = SyncPlacement::AfterEachBatch;

    std::vector<Step> steps;
    const std::size_t expanded = expandedStepCount(scenario.program);
    if (expanded <= kMaxExpandedSteps) {
        steps = expandProgram(scenario.program);
    } else {
        for (const Step& s : scenario.program) {
            if (s.kind == StepKind::Repeat)
                out.lost << QCoreApplication::translate(
                                "BatchConversion",
                                "a repeat of %1 × %2 step(s): too long for the batches table")
                                .arg(s.count)
                                .arg(s.body.size());
            else
                steps.push_back(s);
        }
    }

    std::vector<BatchShape> batches;
    std::map<std::uint32_t, std::size_t> numbered;  // batch number -> index in `batches`
    bool unnumbered_run = false;                    // the previous step was an unnumbered kernel
    bool uneven = false;
    bool buffers = false;
    std::map<StepKind, int> others;
    std::vector<std::pair<SyncMode, int>> modes;  // in the order the program first uses them
    for (const Step& s : steps) {
        // A hand-written sync step carries no mode: its call is its mode (the step table).
        if (const SyncMode mode = modeOfStep(s); mode != SyncMode::None) {
            auto m = std::find_if(modes.begin(), modes.end(),
                                  [&](const auto& p) { return p.first == mode; });
            if (m == modes.end())
                modes.emplace_back(mode, 1);
            else
                ++m->second;
        }
        if (s.kind != StepKind::Kernel) {
            unnumbered_run = false;
            if (!isSyncStep(s.kind))
                ++others[s.kind];
            continue;
        }
        // Kernels of one batch number are one batch; unnumbered ones, each run of them.
        std::size_t at = batches.size();
        if (s.batch != kNone) {
            const auto found = numbered.find(s.batch);
            if (found != numbered.end())
                at = found->second;
            else
                numbered.emplace(s.batch, at);
        } else if (unnumbered_run) {
            at = batches.size() - 1;
        }
        if (at == batches.size()) {
            batches.emplace_back();
            batches.back().kind = s.kernel;
            batches.back().duration_ns = s.duration_ns;
            batches.back().bytes = s.bytes;
            batches.back().grid = s.grid;
            batches.back().block = s.block;
        }
        BatchShape& b = batches[at];
        uneven = uneven || b.kind != s.kernel || b.duration_ns != s.duration_ns ||
                 b.bytes != s.bytes || b.grid != s.grid || b.block != s.block;
        buffers = buffers || !s.uses.empty();
        ++b.kernels;
        b.streams.insert(s.stream);
        unnumbered_run = s.batch == kNone;
    }

    QList<BatchRow> rows;
    const BatchShape* last = nullptr;
    for (const BatchShape& b : batches) {
        if (last != nullptr && b.sameAs(*last) && rows.back().batches < 10'000) {
            ++rows.back().batches;
            continue;
        }
        BatchRow row;
        row.batches = 1;
        row.kernels = std::min(b.kernels, 1000);
        row.streams = std::clamp(int(b.streams.size()), 1, 8);
        row.kind = b.kind;
        row.duration_us = std::max(0.1, double(b.duration_ns) / 1000.0);
        row.grid = b.grid;
        row.block = b.block;
        if (b.kind == KernelKind::Memory)
            row.bytes = std::max<std::uint64_t>(1, b.bytes);
        if (b.streams.size() > 8 || b.kernels > 1000)
            out.lost << QCoreApplication::translate(
                            "BatchConversion",
                            "a batch of %1 kernel(s) on %2 stream(s): cut to the table's limits")
                            .arg(b.kernels)
                            .arg(b.streams.size());
        rows << row;
        last = &b;
    }
    if (rows.isEmpty())
        out.lost << QCoreApplication::translate(
            "BatchConversion", "no kernels: the table starts from its default row");
    else
        out.state.rows = rows;

    // The table has one sync mode: the one most steps demonstrate.
    if (!modes.empty()) {
        // max_element keeps the first of equals: a tie goes to the mode the program uses first.
        const auto most =
            std::max_element(modes.begin(), modes.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        out.state.mode = most->first;
        if (modes.size() > 1)
            out.lost << QCoreApplication::translate(
                            "BatchConversion",
                            "%1 sync modes: the table uses one (%2), after each batch")
                            .arg(modes.size())
                            .arg(QString::fromUtf8(syncModeInfo(most->first).id.data()));
    }
    if (uneven)
        out.lost << QCoreApplication::translate(
            "BatchConversion",
            "kernels of one batch that differ: each row takes its first kernel's");
    if (buffers)
        out.lost << QCoreApplication::translate("BatchConversion", "the buffers the kernels use");
    for (const auto& [kind, count] : others)
        out.lost << QCoreApplication::translate("BatchConversion", "%1 × %2 step(s)")
                        .arg(count)
                        .arg(QString::fromUtf8(toString(kind).data(),
                                               qsizetype(toString(kind).size())));
    if (!scenario.expect.empty() || !scenario.callouts.empty())
        out.lost << QCoreApplication::translate("BatchConversion",
                                                "the scenario's claims and callouts");
    return out;
}

}  // namespace syncscope
