#!/usr/bin/env bash
# graph-replay.sh: csan's added host cost per replay of a 128-kernel graph,
# against the same kernels launched on streams, without a GPU (against the
# fake CUDA library of the test tree). Prints a Markdown table for
# bench/RESULTS.md. Target: the graph's added cost at most 2x the streams'.
#
#   bench/host/graph-replay.sh [BUILD_DIR] [REPLAYS]   (default: ./build, 1000)
set -euo pipefail
. "$(dirname "$0")/common.sh" graph-replay "${1:-}"
n="${2:-1000}"
bench_cc "$root/bench/host/graph-replay.c" "$tmp/graph-replay"
out="$(env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 "$tmp/graph-replay" "$n")"
get() { sed -n "s/^$1=//p" <<<"$out"; }
echo "| figure ($(get nodes) kernels, $(get replays) replays) | graph | streams |"
echo "|---|---|---|"
echo "| plain fake, us per replay | $(get graph_plain_us) | $(get stream_plain_us) |"
echo "| through csan, us per replay | $(get graph_csan_us) | $(get stream_csan_us) |"
echo "| **added by csan, us per replay** | **$(get graph_added_us)** | **$(get stream_added_us)** |"
echo "| **graph / streams (added)** | **$(get ratio)** | |"
