#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 FabricScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One-step set-up for a fresh Debian 12 machine: installs the Debian packages that are missing,
# configures and builds FabricScope, then either opens the app or runs the whole test suite.
#
#   bash packaging/setup.sh run    # set up, build, open fabricscope on the embedded default
#   bash packaging/setup.sh test   # set up, build, run every test (this is what CI runs)
#   bash packaging/setup.sh build  # set up and build only
#   bash packaging/setup.sh sanitize  # set up, build with ASan+UBSan in build-asan, run every
#                                     # test there (CI's second stage)
#
# Environment: BUILD_DIR (default: build, or build-asan for sanitize), FABRICSCOPE_JOBS
# (default: nproc).
set -euo pipefail

mode=${1:-run}
shift || true
case "$mode" in run|test|build|sanitize) ;; *)
    echo "usage: bash packaging/setup.sh run|test|build|sanitize [ARGS for the app]" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
default_build=$root/build
[ "$mode" = sanitize ] && default_build=$root/build-asan
build_dir=${BUILD_DIR:-$default_build}
jobs=${FABRICSCOPE_JOBS:-$(nproc)}

packages=(
    build-essential cmake ninja-build ccache pkg-config
    qt6-base-dev qt6-charts-dev qt6-svg-dev libgl-dev
    # Qt6Charts' CMake package needs Qt6OpenGL; qt6-base-dev only recommends its -dev package.
    libqt6opengl6-dev
    libboost-graph-dev nlohmann-json3-dev libbenchmark-dev libsimgrid-dev
    xvfb xauth fonts-dejavu-core
    # The export tests read the PDFs' text back with pdftotext.
    poppler-utils
    # The package: man pages from --help, and the validators its test runs.
    help2man desktop-file-utils appstream
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}"
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"
fi

# Paths relative to the checkout, so a fresh clone in another folder (CI) hits the same cache.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ -f "$build_dir/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build_dir" >/dev/null # keeps the generator chosen the first time
elif [ "$mode" = sanitize ]; then
    # -O1 keeps the instrumented build and its tests quick enough for CI on two cores.
    cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DFABRICSCOPE_SANITIZE=ON
else
    cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
echo "== building in $build_dir with $jobs jobs"
cmake --build "$build_dir" --parallel "$jobs"

case "$mode" in
build) ;;
test)
    echo "== running the test suite"
    cd "$build_dir"
    ctest --output-on-failure --parallel "$jobs" --timeout 900
    ;;
sanitize)
    echo "== running the test suite under AddressSanitizer and UBSan"
    cd "$build_dir"
    # Leaks are checked too; the suppressions name only leaks inside system libraries.
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
    export LSAN_OPTIONS=suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # The package test checks the release build's .deb, not instrumented binaries.
    ctest --output-on-failure --parallel "$jobs" --timeout 900 --label-exclude package
    ;;
run)
    app="$build_dir/app/fabricscope"
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        # No screen to open a window on: render the window once, run the default scenario, and
        # say where the picture went, instead of hanging on an invisible window.
        shot="$build_dir/fabricscope-default.png"
        echo "== no display (neither DISPLAY nor WAYLAND_DISPLAY is set): rendering the window" \
             "offscreen with the default scenario run, to $shot"
        QT_QPA_PLATFORM=offscreen "$app" --run-default-scenario --screenshot "$shot" "$@"
        echo "== wrote $shot; on a desktop session, 'bash packaging/setup.sh run' opens the window"
        exit 0
    fi
    exec "$app" "$@"
    ;;
esac
