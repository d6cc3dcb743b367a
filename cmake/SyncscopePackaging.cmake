# `cpack` in a build of the "package" preset makes a .deb for Debian 12. dpkg-shlibdeps works out
# the library dependencies; what is loaded as a plugin (the xcb platform) or only drawn with
# (fonts) is not linked, so it is named here. Debian 12 ships the SVG icon engine inside
# libqt6svg6, which the shlibs already name.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME syncscope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "See GPU synchronization on one time axis")
set(CPACK_PACKAGE_DESCRIPTION
    "syncscope shows when each GPU kernel ran and completed, when and why the host waited, and
how device memory moved, for runs of a deterministic simulator (and of the CUDA engine where it
was built), PyTorch profiler traces and Nsight Systems exports.")
set(CPACK_PACKAGE_CONTACT "syncscope maintainers <maintainers@syncscope.invalid>")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, fonts-noto-cjk, qt6-translations-l10n")
if(SYNCSCOPE_HAVE_CUDA)
    # libcudart and libcupti come from NVIDIA's toolkit, not from a Debian package, so
    # dpkg-shlibdeps cannot name them: the "package" preset builds without the CUDA engine.
    message(STATUS "syncscope: a .deb of this build would need the CUDA toolkit's libraries, which "
                   "no Debian dependency can name; the \"package\" preset builds the .deb")
endif()
include(CPack)
