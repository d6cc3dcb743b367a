#pragma once

#include <cstddef>

namespace syncscope {

// Asks the kernel to back a large, freshly reserved buffer with transparent huge pages where the
// system leaves that to the program (THP "madvise" mode, the usual default). Filling the event list
// of a big import otherwise takes one page fault per 4 KiB, which under virtualisation costs as
// much as parsing the JSON. Only whole 2 MiB pages inside the buffer are advised; nothing happens
// where huge pages are unavailable, and the buffer's contents and ownership are not affected.
class HugePages {
public:
    static void advise(void* data, std::size_t bytes);
};

}  // namespace syncscope
