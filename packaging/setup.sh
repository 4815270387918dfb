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
#
# Environment: BUILD_DIR (default: build), FABRICSCOPE_JOBS (default: nproc).
set -euo pipefail

mode=${1:-run}
shift || true
case "$mode" in run|test|build) ;; *)
    echo "usage: bash packaging/setup.sh run|test|build [ARGS for the app]" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$root/build}
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
