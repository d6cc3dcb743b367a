#include "core/record/cupti_records.h"

#include <iterator>

namespace syncscope {

namespace {
template <typename T>
void moveAppend(std::vector<T>& to, std::vector<T>& from) {
    if (to.empty()) {
        to = std::move(from);
    } else {
        to.insert(to.end(), std::make_move_iterator(from.begin()),
                  std::make_move_iterator(from.end()));
    }
    from.clear();
}
}  // namespace

void CuptiRecordBatch::append(CuptiRecordBatch&& other) {
    moveAppend(api, other.api);
    moveAppend(driver, other.driver);
    moveAppend(gpu, other.gpu);
    moveAppend(sync, other.sync);
    moveAppend(cuda_events, other.cuda_events);
    moveAppend(memory, other.memory);
    moveAppend(pools, other.pools);
    moveAppend(external, other.external);
    moveAppend(host, other.host);
    moveAppend(samples, other.samples);
    moveAppend(markers, other.markers);
    dropped += other.dropped;
    unknown += other.unknown;
    other.dropped = other.unknown = 0;
}

bool CuptiRecordBatch::empty() const {
    return api.empty() && gpu.empty() && sync.empty() && cuda_events.empty() && memory.empty() &&
           pools.empty() && external.empty() && host.empty() && samples.empty() && driver.empty() &&
           markers.empty();
}

}  // namespace syncscope
