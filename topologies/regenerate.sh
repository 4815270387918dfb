#!/bin/sh
# SPDX-FileCopyrightText: 2026 FabricScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Regenerates the shipped fabrics of this folder, and the app's embedded default fabric, with
# fabricscope-cli. Run after a generator changes; tests/cli/tst_cli_topologies.cpp fails when a
# shipped file no longer matches what its recorded generator parameters produce.
#
# Usage: topologies/regenerate.sh [PATH/TO/fabricscope-cli]
#   (default: $FABRICSCOPE_CLI, else build/app/fabricscope-cli)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-${FABRICSCOPE_CLI:-$here/../build/app/fabricscope-cli}}
if [ ! -x "$cli" ]; then
    echo "regenerate.sh: no fabricscope-cli at '$cli'; build it or pass its path" >&2
    exit 2
fi

gen() { # NAME FAMILY [KEY=VALUE]...
    name=$1 family=$2
    shift 2
    set -- $(for kv in "$@"; do printf -- '--set %s ' "$kv"; done)
    "$cli" generate "$family" "$@" -o "$here/$name.fabric.json"
    echo "wrote topologies/$name.fabric.json"
}

# InfiniBand: one DGX SuperPOD scalable unit (32 hosts, 256 GPUs, rail-optimised, NDR, SHARP)
gen superpod-256 ib-fat-tree tiers=2 radix=64 gpus=256 rail_optimised=true rate=NDR sharp=true
# InfiniBand: textbook 3-tier fat-tree of radix-16 switches, k^3/4 = 1,024 GPUs
gen fat-tree-k16 ib-fat-tree tiers=3 radix=16 rate=NDR
# Meta RoCE: one AI zone (192 racks, 3,072 GPUs) and two zones joined at 1:7
gen meta-ai-zone roce-clos zones=1
gen meta-2-zones roce-clos zones=2 zone_oversubscription=7
# Alibaba HPN: one segment (1,024 GPUs) and the full pod (15 segments, 15,360 GPUs)
gen hpn-segment hpn segments=1
gen hpn-pod hpn segments=15
# Google TPU v4: one 4x4x4 cube, and the full 16x16x16 pod through 48 OCS
gen tpu-v4-cube tpu-torus x=4 y=4 z=4
gen tpu-v4-pod tpu-torus x=16 y=16 z=16
# Google TPU v4: a twisted 4x4x8 slice with one spare cube on standby (simulate --ocs-reroute)
gen tpu-4x4x8-twisted-spare tpu-torus x=4 y=4 z=8 twisted=true spare_cubes=1
# Dragonfly: 4 routers per group, 2 endpoints and 2 global links per router, 9 groups
gen dragonfly-small dragonfly routers_per_group=4 endpoints_per_router=2 global_links_per_router=2

cp "$here/superpod-256.fabric.json" "$here/../resources/fabrics/default.fabric.json"
echo "wrote resources/fabrics/default.fabric.json"
