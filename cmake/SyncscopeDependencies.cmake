# Every third-party dependency is a Debian package, except the CUDA toolkit, which is optional.
find_package(Threads REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(ZLIB REQUIRED)
find_package(SQLite3 REQUIRED)
find_package(simdjson REQUIRED)

if(SYNCSCOPE_WITH_GUI)
    find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets PrintSupport Svg Test Concurrent
                 LinguistTools)
    find_package(QCustomPlotQt6 REQUIRED)
elseif(SYNCSCOPE_BUILD_TESTS)
    # Headless (a GPU server without the GUI): the core suites need only QtCore and QtTest, and
    # are built when those are installed; without them the core and the CLI still build.
    find_package(Qt6 6.4 QUIET COMPONENTS Core Test)
endif()

# CUDA: detected, never required. COLMAP's pattern: the CUDA target exists only when the toolkit does.
set(SYNCSCOPE_HAVE_CUDA OFF)
if(NOT SYNCSCOPE_WITH_CUDA STREQUAL "OFF")
    if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
        set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
    endif()
    include(CheckLanguage)
    check_language(CUDA)
    if(CMAKE_CUDA_COMPILER)
        if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
            # sm_75..sm_90 as real code, plus PTX of the newest for later parts. Lean on purpose: build time.
            set(CMAKE_CUDA_ARCHITECTURES "75-real;80-real;86-real;89-real;90")
        endif()
        enable_language(CUDA)
        find_package(CUDAToolkit REQUIRED)
        if(TARGET CUDA::cupti)
            set(SYNCSCOPE_HAVE_CUDA ON)
        else()
            message(WARNING "CUDA toolkit found but CUPTI is missing: the CUDA engine is not built")
        endif()
    endif()
    if(SYNCSCOPE_WITH_CUDA STREQUAL "ON" AND NOT SYNCSCOPE_HAVE_CUDA)
        message(FATAL_ERROR "SYNCSCOPE_WITH_CUDA=ON but no usable CUDA toolkit with CUPTI was found")
    endif()
endif()
