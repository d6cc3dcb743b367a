# Every file of the repository that names another by its path (a comment citing docs/semantics.md,
# a header named in a comment, a doc linking a source) names one that exists: the spec lives in
# the repository, and a citation that points nowhere is a broken promise. Placeholders in upper
# case (resources/scenarios/NAME.json) are not paths.
#   cmake -DSOURCE_DIR=... -P CheckCitations.cmake
cmake_minimum_required(VERSION 3.25)
set(failures "")
file(GLOB_RECURSE files
     "${SOURCE_DIR}/core/*" "${SOURCE_DIR}/ui/*" "${SOURCE_DIR}/app/*" "${SOURCE_DIR}/kernels/*"
     "${SOURCE_DIR}/tests/*" "${SOURCE_DIR}/docs/*" "${SOURCE_DIR}/cmake/*"
     "${SOURCE_DIR}/scripts/*" "${SOURCE_DIR}/README.md" "${SOURCE_DIR}/CMakeLists.txt")
list(FILTER files INCLUDE REGEX "(\\.(h|cpp|cu|md|cmake|txt|sh)|/scripts/[^/.]+)$")
set(path_regex "(core|ui|app|kernels|tests|docs|cmake|scripts|resources)/[A-Za-z0-9_./-]*\\.(h|cpp|md|cmake|cu|json|sh|py)")
foreach(f IN LISTS files)
    file(STRINGS "${f}" lines REGEX "${path_regex}")
    foreach(line IN LISTS lines)
        string(REGEX MATCHALL "${path_regex}" refs "${line}")
        foreach(ref IN LISTS refs)
            # A path inside another path (build/ci/tests/...) or a placeholder is not a citation.
            string(FIND "${line}" "/${ref}" inside)
            if(NOT inside EQUAL -1 OR ref MATCHES "[A-Z][A-Z][A-Z][A-Z]")
                continue()
            endif()
            if(NOT EXISTS "${SOURCE_DIR}/${ref}")
                file(RELATIVE_PATH where "${SOURCE_DIR}" "${f}")
                string(APPEND failures "\n  ${where}: ${ref}")
            endif()
        endforeach()
    endforeach()
endforeach()
if(failures)
    message(FATAL_ERROR "citations of files that are not in the repository:${failures}")
endif()
message(STATUS "citations: every cited file exists")
