// The one source of the precompiled-header donors (tests/CMakeLists.txt): a library needs a source
// for CMake to build its precompiled header.
namespace syncscope::test {
void pchAnchor() {}
}  // namespace syncscope::test
