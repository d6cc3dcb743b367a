#include "core/io/atomic_file.h"

#include <cstdint>

#include "core/io/atomic_file_writer.h"
#include "core/io/regular_file.h"

namespace syncscope {

bool AtomicFile::write(const std::string& path, std::string_view data, std::string& error) {
    AtomicFileWriter file(path);
    if (!file.isOpen()) {
        error = file.error();
        return false;
    }
    file.write(data);
    if (!file.commit()) {
        error = file.error();
        return false;
    }
    return true;
}

bool AtomicFile::read(const std::string& path, std::string& data, std::string& error) {
    RegularFile file = RegularFile::open(path);
    if (!file.readAll(data, UINT64_MAX, "")) {
        error = file.error();
        return false;
    }
    return true;
}

}  // namespace syncscope
