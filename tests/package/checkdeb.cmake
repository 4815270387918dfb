# Builds the Debian package the way a user would (cpack -G DEB in the build tree) and checks what
# a person installing it relies on: the file name, the control fields, that the programs are
# stripped, hold no path of the build machine and print the project version, the desktop
# integration files (validated by the freedesktop and AppStream validators), the man pages, the
# icons, the examples, and the size.
#
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DVERSION=... -DWORK_DIR=... -P checkdeb.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var BUILD_DIR SOURCE_DIR VERSION WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "checkdeb.cmake: -D${var}=... is required")
    endif()
endforeach()

function(fail)
    string(JOIN "" text ${ARGN})
    message(FATAL_ERROR "package check: ${text}")
endfunction()

# run(OUT_VAR COMMAND...): runs a command, fails the check when it fails, returns its stdout.
function(run out_var)
    execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        string(JOIN " " line ${ARGN})
        fail("'${line}' failed (${rc}):\n${out}${err}")
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

foreach(tool cpack dpkg-deb readelf strings desktop-file-validate appstreamcli)
    find_program(tool_path_${tool} NAMES ${tool})
    if(NOT tool_path_${tool})
        fail("${tool} is not installed (bash packaging/setup.sh installs it)")
    endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
run(ignored ${tool_path_cpack} -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR})

# Debian's file naming: <package>_<version>_<architecture>.deb.
run(arch dpkg --print-architecture)
string(STRIP "${arch}" arch)
set(deb ${WORK_DIR}/fabricscope_${VERSION}_${arch}.deb)
if(NOT EXISTS ${deb})
    file(GLOB made ${WORK_DIR}/*.deb)
    fail("expected ${deb}, cpack made: ${made}")
endif()

function(field name out_var)
    run(value dpkg-deb --field ${deb} ${name})
    string(STRIP "${value}" value)
    set(${out_var} "${value}" PARENT_SCOPE)
endfunction()
field(Package package)
field(Version version)
field(Architecture architecture)
field(Depends depends)
field(Maintainer maintainer)
field(Section section)
field(Installed-Size installed_kib)
if(NOT package STREQUAL "fabricscope" OR NOT version STREQUAL VERSION
   OR NOT architecture STREQUAL arch)
    fail("control says ${package} ${version} ${architecture}, expected fabricscope ${VERSION} ${arch}")
endif()
if(NOT maintainer MATCHES "<.+@.+>" OR section STREQUAL "")
    fail("Maintainer '${maintainer}' needs an address and Section '${section}' a value")
endif()
# shlibdeps found the Qt libraries; the plugins and the font are named by hand.
foreach(dependency libqt6widgets6 libqt6charts6 libqt6svg6 libqt6gui6 libc6 libstdc\\+\\+6
                   fonts-dejavu-core)
    if(NOT depends MATCHES "(^|[ ,|])${dependency}( |,|$)")
        fail("Depends lacks ${dependency}: ${depends}")
    endif()
endforeach()
# Each package once: a hand-written entry beside shlibdeps' versioned one is noise to apt and
# lintian.
string(REGEX MATCHALL "(^|, )[a-z0-9.+-]+" named "${depends}")
set(seen "")
foreach(entry IN LISTS named)
    string(REGEX REPLACE "^, " "" name "${entry}")
    if(name IN_LIST seen)
        fail("Depends names ${name} twice: ${depends}")
    endif()
    list(APPEND seen ${name})
endforeach()
# Stripped programs, man pages, examples and icons come to about 21 MiB and the user guide with
# its pictures to 18 MiB (39,996 KiB in all on 2026-12-05); debug info was ~145 MB.
if(installed_kib GREATER 60000)
    fail("Installed-Size is ${installed_kib} KiB, over 60000: is debug info shipped?")
endif()
message(STATUS "package: ${deb}, Installed-Size ${installed_kib} KiB")

# The file list.
run(listing dpkg-deb --contents ${deb})
file(GLOB examples RELATIVE ${SOURCE_DIR}/topologies ${SOURCE_DIR}/topologies/*.fabric.json)
list(LENGTH examples example_count)
if(example_count EQUAL 0)
    fail("no *.fabric.json in ${SOURCE_DIR}/topologies")
endif()
set(expected
    usr/bin/fabricscope
    usr/bin/fabricscope-cli
    usr/share/doc/fabricscope/copyright
    usr/share/doc/fabricscope/changelog.gz
    usr/share/man/man1/fabricscope.1
    usr/share/man/man1/fabricscope-cli.1
    usr/share/applications/io.fabricscope.FabricScope.desktop
    usr/share/metainfo/io.fabricscope.FabricScope.metainfo.xml
    usr/share/mime/packages/fabricscope.xml
    usr/share/icons/hicolor/scalable/apps/fabricscope.svg
    usr/share/icons/hicolor/scalable/mimetypes/application-x-fabricscope-fabric+json.svg
    usr/share/icons/hicolor/48x48/apps/fabricscope.png
    usr/share/icons/hicolor/128x128/apps/fabricscope.png
    usr/share/icons/hicolor/256x256/apps/fabricscope.png)
foreach(example IN LISTS examples)
    list(APPEND expected usr/share/fabricscope/topologies/${example})
endforeach()
# Help > User Guide's pages and their pictures.
foreach(page user-guide.md simulation.md lessons.md screenshots/app-1280x720.png
             lessons/twisted-torus.png)
    list(APPEND expected usr/share/fabricscope/guide/${page})
endforeach()
foreach(path IN LISTS expected)
    string(REPLACE "+" "\\+" pattern "${path}")
    if(NOT listing MATCHES " \\./${pattern}(\\.gz)?\n")
        fail("the package lacks /${path}:\n${listing}")
    endif()
endforeach()
# Nothing of the build leaks in (tests, benchmarks, static libraries, headers).
if(listing MATCHES "(tst_|bench_|\\.a\n|\\.h\n|/include/)")
    fail("the package holds build-only files:\n${listing}")
endif()

# Unpack and look inside.
set(root ${WORK_DIR}/root)
run(ignored dpkg-deb --extract ${deb} ${root})
foreach(program fabricscope fabricscope-cli)
    run(sections ${tool_path_readelf} --section-headers ${root}/usr/bin/${program})
    if(sections MATCHES "\\.debug_info" OR sections MATCHES "\\.symtab")
        fail("/usr/bin/${program} is not stripped")
    endif()
    # Full RELRO, as Debian's own packages: read-only relocations, bound at start.
    run(dynamic ${tool_path_readelf} --dynamic --program-headers ${root}/usr/bin/${program})
    if(NOT dynamic MATCHES "GNU_RELRO" OR NOT dynamic MATCHES "BIND_NOW")
        fail("/usr/bin/${program} is not linked with -z relro -z now")
    endif()
    # Debian's other hardening, as lintian sees it: the stack protector's failure handler and the
    # size-checking (_chk) variants of the C library's buffer functions are imported.
    run(imported ${tool_path_readelf} --dyn-syms --wide ${root}/usr/bin/${program})
    if(NOT imported MATCHES "__stack_chk_fail")
        fail("/usr/bin/${program} is not built with -fstack-protector-strong")
    endif()
    if(NOT imported MATCHES "__(mem|str|stp|s?n?printf|fprintf|read|fgets)[a-z]*_chk")
        fail("/usr/bin/${program} is not built with _FORTIFY_SOURCE")
    endif()
    # A path of the build machine compiled in: the program would look there on the user's
    # machine, and the package would change with the build folder. Qt's string literals are
    # UTF-16, which plain `strings` does not see.
    foreach(encoding s l)
        run(text ${tool_path_strings} -a -e ${encoding} ${root}/usr/bin/${program})
        foreach(folder ${SOURCE_DIR} ${BUILD_DIR})
            string(FIND "${text}" "${folder}" at)
            if(NOT at EQUAL -1)
                fail("/usr/bin/${program} holds the build machine's path ${folder}")
            endif()
        endforeach()
    endforeach()
endforeach()
run(cli_version ${root}/usr/bin/fabricscope-cli --version)
if(NOT cli_version STREQUAL "fabricscope-cli ${VERSION}\n")
    fail("fabricscope-cli --version printed '${cli_version}'")
endif()
# --version needs no display: it is what people type over SSH.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
                        --unset=QT_QPA_PLATFORM ${root}/usr/bin/fabricscope --version
                OUTPUT_VARIABLE gui_version ERROR_VARIABLE gui_error RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT gui_version STREQUAL "FabricScope ${VERSION}\n")
    fail("fabricscope --version (no display) exited ${rc}, printed '${gui_version}${gui_error}'")
endif()
foreach(page fabricscope fabricscope-cli)
    file(GLOB man ${root}/usr/share/man/man1/${page}.1*)
    if(man MATCHES "\\.gz$")
        run(text gzip -dc ${man})
    else()
        file(READ ${man} text)
    endif()
    if(NOT text MATCHES "\\.TH \"?[Ff][Aa][Bb][Rr][Ii][Cc][Ss][Cc][Oo][Pp][Ee]" OR NOT text MATCHES "${VERSION}")
        fail("${page}(1) is not a man page of version ${VERSION}")
    endif()
    if(NOT text MATCHES "\\.SH \"?SEE ALSO" OR NOT text MATCHES "\\.SH \"?FILES")
        fail("${page}(1) has no SEE ALSO or FILES section")
    endif()
endforeach()
run(ignored ${tool_path_desktop-file-validate}
    ${root}/usr/share/applications/io.fabricscope.FabricScope.desktop)
# One window holds one fabric and the program takes one file: %F let a file manager pass two,
# and the program then refused both ("Give at most one file to open").
file(STRINGS ${root}/usr/share/applications/io.fabricscope.FabricScope.desktop exec REGEX "^Exec=")
if(NOT exec STREQUAL "Exec=fabricscope %f")
    fail("the desktop entry's ${exec} must pass one file (%f)")
endif()
# --no-net: the screenshot URLs are checked for form, not fetched (no network in CI).
execute_process(COMMAND ${tool_path_appstreamcli} validate --no-net --explain
                        ${root}/usr/share/metainfo/io.fabricscope.FabricScope.metainfo.xml
                OUTPUT_VARIABLE appstream ERROR_VARIABLE appstream_err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR appstream MATCHES "(^|\n)[WE]:")
    fail("appstreamcli validate:\n${appstream}${appstream_err}")
endif()
file(READ ${root}/usr/share/metainfo/io.fabricscope.FabricScope.metainfo.xml metainfo)
foreach(needed "<screenshot" "<content_rating" "release version=\"${VERSION}\"")
    if(NOT metainfo MATCHES "${needed}")
        fail("the metainfo lacks ${needed}")
    endif()
endforeach()
message(STATUS "package check passed: ${deb}")
