# The CLI links the core alone: no Qt, so it runs on a GPU server without a desktop. Fails when
# syncscope-cli needs any Qt library (its dynamic section's NEEDED entries, from objdump).
#   cmake -DCLI=path/to/syncscope-cli -P CheckCliDependencies.cmake
find_program(OBJDUMP NAMES objdump REQUIRED)
execute_process(COMMAND ${OBJDUMP} -p "${CLI}" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "objdump -p ${CLI} failed (${rc}): ${err}")
endif()
string(REGEX MATCHALL "NEEDED[ \t]+[^\n]+" needed "${out}")
if(NOT needed)
    message(FATAL_ERROR "no NEEDED entries in ${CLI}: not a dynamically linked executable?")
endif()
foreach(entry IN LISTS needed)
    if(entry MATCHES "Qt")
        message(FATAL_ERROR "syncscope-cli must not link Qt, but it needs ${entry}")
    endif()
endforeach()
message(STATUS "syncscope-cli links no Qt")
