# Configures the project with FABRICSCOPE_BUILD_GUI=OFF and checks that the build does what the
# option says: fabricscope-cli is built and installed, the GUI program, its library and its
# tests are not, and neither are its desktop files. Configure only: the targets and the install
# rules are settled then, so the check costs seconds, not a second build.
#
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -P checknogui.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var SOURCE_DIR WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "checknogui.cmake: -D${var}=... is required")
    endif()
endforeach()

function(fail)
    string(JOIN "" text ${ARGN})
    message(FATAL_ERROR "FABRICSCOPE_BUILD_GUI=OFF: ${text}")
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -G Ninja
            -DFABRICSCOPE_BUILD_GUI=OFF -DFABRICSCOPE_BUILD_BENCHMARKS=OFF
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    fail("configuring failed (${rc}):\n${out}${err}")
endif()
execute_process(COMMAND ninja -C ${WORK_DIR} -t targets all
    OUTPUT_VARIABLE targets RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    fail("ninja could not list the targets")
endif()
set(targets "\n${targets}") # every target name now follows a newline

foreach(wanted app/fabricscope-cli tests/tst_cli_simulate)
    if(NOT targets MATCHES "\n${wanted}:")
        fail("${wanted} is not built")
    endif()
endforeach()
foreach(unwanted app/fabricscope app/libfabric_app.a tests/tst_mainwindow)
    if(targets MATCHES "\n${unwanted}:")
        fail("${unwanted} is still built")
    endif()
endforeach()

file(READ ${WORK_DIR}/app/cmake_install.cmake app_install)
if(NOT app_install MATCHES "fabricscope-cli")
    fail("fabricscope-cli is not installed")
endif()
if(app_install MATCHES "/fabricscope\"")
    fail("the GUI program is still installed")
endif()
file(READ ${WORK_DIR}/packaging/cmake_install.cmake packaging_install)
if(packaging_install MATCHES "\\.desktop")
    fail("the desktop file is still installed")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
