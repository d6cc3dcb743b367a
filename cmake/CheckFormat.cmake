# Every C++ source follows .clang-format: `clang-format --dry-run --Werror` over core/, ui/, app/,
# kernels/ and tests/, without rewriting anything (to fix: clang-format -i FILE). Run by CTest as
# the "format" test.
#   cmake -DSOURCE_DIR=... -P CheckFormat.cmake
cmake_minimum_required(VERSION 3.25)
find_program(CLANG_FORMAT NAMES clang-format clang-format-14 clang-format-15 clang-format-16)
if(NOT CLANG_FORMAT)
    message(FATAL_ERROR "clang-format not found (Debian package clang-format)")
endif()
set(files "")
foreach(dir IN ITEMS core ui app kernels tests)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp"
         "${SOURCE_DIR}/${dir}/*.cu")
    list(APPEND files ${found})
endforeach()
list(LENGTH files count)
# In batches: one command line for every file would be long.
set(failed "")
while(files)
    list(SUBLIST files 0 100 batch)
    list(LENGTH files left)
    if(left GREATER 100)
        list(SUBLIST files 100 -1 files)
    else()
        set(files "")
    endif()
    execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${batch}
                    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc ERROR_VARIABLE err
                    OUTPUT_QUIET)
    if(NOT rc EQUAL 0)
        string(REGEX MATCHALL "[^\n]*: error: code should be clang-formatted" hits "${err}")
        foreach(hit IN LISTS hits)
            string(REGEX REPLACE ":[0-9]+:[0-9]+: error: code should be clang-formatted" "" hit
                   "${hit}")
            list(APPEND failed "${hit}")
        endforeach()
        if(NOT hits)
            message(FATAL_ERROR "clang-format failed (${rc}): ${err}")
        endif()
    endif()
endwhile()
if(failed)
    list(REMOVE_DUPLICATES failed)
    list(JOIN failed "\n  " listed)
    message(FATAL_ERROR "not formatted (clang-format -i FILE):\n  ${listed}")
endif()
message(STATUS "format: ${count} files follow .clang-format")
