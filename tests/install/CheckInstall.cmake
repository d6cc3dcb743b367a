# `cmake --install` into a temporary prefix, move the prefix elsewhere, and run the installed CLI
# on a built-in scenario: it must find the installed scenarios (not the source tree's), and the
# desktop files must be where desktops look for them.
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DGUI=ON|OFF -P CheckInstall.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${rc}): ${err}")
endif()
# A relocated prefix: what a user gets after copying an installed tree, and proof that the CLI
# does not depend on the path it was configured with.
set(moved "${WORK_DIR}/moved")
file(RENAME "${prefix}" "${moved}")

set(expected bin/syncscope-cli share/syncscope/scenarios/mode-cpu-synchronize.json)
if(GUI)
    list(APPEND expected
        bin/syncscope
        share/applications/org.syncscope.Syncscope.desktop
        share/metainfo/org.syncscope.Syncscope.metainfo.xml
        share/mime/packages/org.syncscope.Syncscope.xml
        share/icons/hicolor/scalable/apps/org.syncscope.Syncscope.svg
        share/icons/hicolor/48x48/apps/org.syncscope.Syncscope.png
        share/icons/hicolor/256x256/apps/org.syncscope.Syncscope.png)
endif()
foreach(f IN LISTS expected)
    if(NOT EXISTS "${moved}/${f}")
        message(FATAL_ERROR "the install lacks ${f}")
    endif()
endforeach()

set(trace "${WORK_DIR}/t.json")
execute_process(COMMAND "${moved}/bin/syncscope-cli" run builtin:mode-cpu-synchronize --engine sim
                        --out "${trace}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed syncscope-cli could not run builtin:mode-cpu-synchronize (${rc}): ${out}${err}")
endif()
file(READ "${trace}" text)
string(JSON source GET "${text}" source)
if(NOT source STREQUAL "${moved}/share/syncscope/scenarios/mode-cpu-synchronize.json")
    message(FATAL_ERROR "the installed CLI read the scenario from ${source}, not from its own prefix")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "install into a moved prefix: ok")
