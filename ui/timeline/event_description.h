#pragma once

#include <QList>
#include <QString>
#include <cstdint>

#include "core/model/trace.h"

namespace syncscope {

class WaitAttribution;

// What the details pane says about one event, as data: a title, labelled rows, and for a wait the
// sentence that explains it ("The host waited 1.80 ms in cudaStreamSynchronize for kernel …").
// Built from the trace, never parsed back out of tooltip text, and rendered to HTML in one place.
struct EventDescription {
    struct Row {
        QString label;
        QString value;
        bool operator==(const Row&) const = default;
    };

    QString title;  // "Host wait cudaStreamSynchronize — 1.80 ms"; empty for no event
    QList<Row> rows;
    QString explanation;  // waits only: what it waited for and how it woke

    // `attribution` (optional) gives waits the analysis' sentence instead of the short one.
    static EventDescription of(const Trace& trace, std::uint32_t index,
                               const WaitAttribution* attribution = nullptr);

    bool isEmpty() const { return title.isEmpty(); }
    // The pane's HTML: the title as a heading, the explanation in bold, the rows as a table.
    QString toHtml() const;
};

}  // namespace syncscope
