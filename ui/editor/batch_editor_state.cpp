#include "ui/editor/batch_editor_state.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace syncscope {

namespace {

// Moves a row's steps behind the rows before it: streams are shared by name, its events and
// buffers come after theirs and its batch numbers continue where they stopped.
void shiftSteps(std::vector<Step>& steps, const std::vector<std::uint32_t>& streams,
                std::uint32_t events, std::uint32_t buffers, std::uint32_t batches) {
    for (Step& step : steps) {
        if (step.stream < streams.size())
            step.stream = streams[step.stream];
        if (step.other_stream < streams.size())
            step.other_stream = streams[step.other_stream];
        if (step.event != kNone)
            step.event += events;
        if (step.buffer != kNone)
            step.buffer += buffers;
        if (step.batch != kNone)
            step.batch += batches;
        for (std::uint32_t& used : step.uses)
            used += buffers;
        shiftSteps(step.body, streams, events, buffers, batches);
    }
}

std::uint32_t batchSpan(const std::vector<Step>& steps) {
    std::uint32_t span = 0;
    for (const Step& step : steps) {
        if (step.batch != kNone)
            span = std::max(span, step.batch + 1);
        if (step.kind == StepKind::Repeat && step.count > 0) {
            const std::uint32_t inner = batchSpan(step.body);
            if (inner > 0)
                span = std::max(span, inner + (step.count - 1) * step.batch_stride);
        }
    }
    return span;
}

}  // namespace

BatchConfig BatchEditorState::configFor(const BatchRow& row) const {
    BatchConfig config;
    config.title = title.toStdString();
    config.batches = std::uint32_t(row.batches);
    config.kernels_per_batch = std::uint32_t(row.kernels);
    config.streams = std::uint32_t(row.streams);
    config.kernel_kind = row.kind;
    config.kernel_duration_ns = TimeNs(row.duration_us * 1000.0);
    config.kernel_bytes = row.bytes;
    config.grid = row.grid;
    config.block = row.block;
    config.allocation = row.allocation;
    config.allocation_bytes = row.bytes;
    config.sync_mode = mode;
    config.placement = placement;
    config.schedule = schedule;
    return config;
}

std::optional<Scenario> BatchEditorState::toScenario(QString* error) const {
    std::optional<Scenario> merged;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        BatchGeneration generated = BatchGenerator::generate(configFor(rows[i]));
        if (!generated.scenario) {
            QStringList problems;
            for (const std::string& e : generated.errors)
                problems << QString::fromStdString(e);
            if (error)
                *error = QCoreApplication::translate("syncscope", "Row %1: %2")
                             .arg(i + 1)
                             .arg(problems.join(QStringLiteral("; ")));
            return std::nullopt;
        }
        Scenario& part = *generated.scenario;
        if (!merged) {
            merged = std::move(part);
            continue;
        }
        // The generator names its streams the same way in every row (s0, s1, ..., "default"), so
        // rows share streams by name and a wider row only adds the ones it lacks.
        std::vector<std::uint32_t> stream_map;
        for (const StreamSpec& stream : part.streams) {
            const auto found =
                std::find_if(merged->streams.begin(), merged->streams.end(),
                             [&](const StreamSpec& s) { return s.name == stream.name; });
            stream_map.push_back(std::uint32_t(found - merged->streams.begin()));
            if (found == merged->streams.end())
                merged->streams.push_back(stream);
        }
        shiftSteps(part.program, stream_map, std::uint32_t(merged->events.size()),
                   std::uint32_t(merged->buffers.size()), batchSpan(merged->program));
        for (EventSpec& e : part.events)
            e.name += "_r" + std::to_string(i + 1);
        for (BufferSpec& b : part.buffers)
            b.name += "_r" + std::to_string(i + 1);
        merged->events.insert(merged->events.end(), part.events.begin(), part.events.end());
        merged->buffers.insert(merged->buffers.end(), part.buffers.begin(), part.buffers.end());
        merged->program.insert(merged->program.end(), part.program.begin(), part.program.end());
    }
    if (!merged) {
        if (error)
            *error = QCoreApplication::translate("syncscope", "the batches table is empty");
        return std::nullopt;
    }
    if (!title.trimmed().isEmpty())
        merged->title = title.trimmed().toStdString();
    return merged;
}

}  // namespace syncscope
