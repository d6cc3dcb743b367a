# What users read (the translation catalogue, which holds every string the window shows in both
# languages, and the texts of the course and the scenarios) never names the project's internal
# documents or numbers: no section signs, no design-document names, no invariant numbers. A
# lesson says what happens and why, in words.
#   cmake -DSOURCE_DIR=... -P CheckUserTexts.cmake
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE files "${SOURCE_DIR}/resources/translations/*.ts"
     "${SOURCE_DIR}/resources/course/*" "${SOURCE_DIR}/resources/scenarios/*.json")
list(LENGTH files count)
if(count LESS 3)
    message(FATAL_ERROR "user texts: found ${count} files under resources/; is SOURCE_DIR right?")
endif()
set(internal "§|SYNC-SEMANTICS|DESIGN\\.md|semantics\\.md|architecture\\.md|[Ii]nvariant I[0-9]")
set(failures "")
foreach(f IN LISTS files)
    file(STRINGS "${f}" lines REGEX "${internal}")
    foreach(line IN LISTS lines)
        file(RELATIVE_PATH where "${SOURCE_DIR}" "${f}")
        string(STRIP "${line}" line)
        string(SUBSTRING "${line}" 0 160 line)
        string(APPEND failures "\n  ${where}: ${line}")
    endforeach()
endforeach()
if(failures)
    message(FATAL_ERROR "internal references in texts users read:${failures}")
endif()
message(STATUS "user texts: ${count} files, no internal references")
