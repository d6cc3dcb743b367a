#pragma once

#include <functional>
#include <memory>

namespace syncscope {

// Runs `release` (the destruction of something big) on a worker thread when called on the GUI
// thread, else right here: freeing a trace of millions of events hands hundreds of MB of pages
// back to the kernel, tens of ms the GUI thread must not spend between two frames (issue 14: no
// frame over 50 ms during a load, and opening the next file frees the last one).
void releaseInBackground(std::function<void()> release);

// Shares `object` so that whoever drops the last reference, the GUI thread included, frees it
// through releaseInBackground.
template <typename T>
std::shared_ptr<T> sharedReleasedInBackground(std::unique_ptr<T> object) {
    return std::shared_ptr<T>(object.release(),
                              [](T* p) { releaseInBackground([p] { delete p; }); });
}

}  // namespace syncscope
