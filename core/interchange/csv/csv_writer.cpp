#include "core/interchange/csv/csv_writer.h"

#include "core/interchange/text_encoding.h"
#include "core/io/atomic_file_writer.h"

namespace syncscope {

std::string CsvWriter::quote(std::string_view text) {
    const std::string utf8 = TextEncoding::toUtf8(text);
    std::string out;
    out.reserve(utf8.size() + 2);
    out.push_back('"');
    for (const char c : utf8) {
        if (c == '"')
            out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

void CsvWriter::write(const Trace& trace, const Sink& sink) {
    std::string buf =
        "index,kind,lane,lane_name,name,start_ns,end_ns,duration_ns,api,mode,step,batch,"
        "correlation,bytes,"
        "awaited,cuda_event,cpu_ns,flags\r\n";
    auto idx = [&](std::uint32_t v) {
        if (v != kNone)
            buf += std::to_string(v);
        buf += ',';
    };
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const auto& e = trace.events[i];
        buf += std::to_string(i);
        buf += ',';
        buf += syncscope::toString(e.kind);
        buf += ',';
        buf += std::to_string(e.lane);
        buf += ',';
        buf += quote(e.lane < trace.lanes.size() ? std::string_view(trace.lanes[e.lane].name)
                                                 : std::string_view());
        buf += ',';
        buf += quote(trace.nameOf(e));
        buf += ',';
        buf += std::to_string(e.start_ns) + ',' + std::to_string(e.end_ns) + ',' +
               std::to_string(e.duration()) + ',';
        if (e.api != ApiId::None)
            buf += apiName(e.api).empty() ? syncscope::toString(e.api) : apiName(e.api);
        buf += ',';
        if (e.mode != SyncMode::None)
            buf += syncModeInfo(e.mode).id;
        buf += ',';
        idx(e.step);
        idx(e.batch);
        idx(e.correlation);
        buf += std::to_string(e.bytes());
        buf += ',';
        idx(e.awaited);
        idx(e.cuda_event);
        if (e.cpuNs() >= 0)
            buf += std::to_string(e.cpuNs());
        buf += ',';
        buf += std::to_string(e.flags);
        buf += "\r\n";
        if (buf.size() > 64 * 1024) {
            sink(buf);
            buf.clear();
        }
    }
    sink(buf);
}

std::string CsvWriter::writeFile(const Trace& trace, const std::string& path) {
    return AtomicFileWriter::writeStreamed(path, [&](const Sink& sink) { write(trace, sink); });
}

}  // namespace syncscope
