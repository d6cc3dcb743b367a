# `cmake --install` into a temporary prefix, move the prefix elsewhere, and run the installed CLI
# on a built-in scenario: it must find the installed scenarios (not the source tree's), and the
# desktop files must be where desktops look for them, and `record` must find its libraries.
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

set(expected bin/syncscope-cli share/syncscope/scenarios/mode-cpu-synchronize.json
    ${LIBDIR}/syncscope/libsyncscope_exit.so ${LIBDIR}/syncscope/python/sitecustomize.py
    ${LIBDIR}/syncscope/python/syncscope_torch_hook.py)
if(RECORDER)
    list(APPEND expected ${LIBDIR}/syncscope/libsyncscope_inject.so)
endif()
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

# Mark the installed copy of the scenario: the run's title proves which file was read (the
# compiled-in source tree still has the original).
set(installed "${moved}/share/syncscope/scenarios/mode-cpu-synchronize.json")
file(READ "${installed}" scenario)
string(JSON scenario SET "${scenario}" title "\"read from the installed prefix\"")
file(WRITE "${installed}" "${scenario}")

set(trace "${WORK_DIR}/t.json")
execute_process(COMMAND "${moved}/bin/syncscope-cli" run builtin:mode-cpu-synchronize --engine sim
                        --out "${trace}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed syncscope-cli could not run builtin:mode-cpu-synchronize (${rc}): ${out}${err}")
endif()
if(NOT out MATCHES "read from the installed prefix")
    message(FATAL_ERROR "the installed CLI did not read the scenario from its own prefix: ${out}")
endif()
# `record` finds its libraries and the Python hook in the relocated prefix: a program without CUDA
# calls runs, gets the message, and its status comes back.
if(RECORDER)
    execute_process(COMMAND "${moved}/bin/syncscope-cli" record --out "${WORK_DIR}/r.json" --
                            sh -c "exit 0"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT err MATCHES "made no CUDA call")
        message(FATAL_ERROR "the installed syncscope-cli record did not run its program (${rc}): ${out}${err}")
    endif()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "install into a moved prefix: ok")
