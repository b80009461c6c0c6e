#!/usr/bin/env bash
# graph-replay.sh: csan's added host cost per replay of a 128-kernel graph,
# against the same kernels launched on streams, without a GPU (against the
# fake CUDA library of the test tree). Prints a Markdown table for
# bench/RESULTS.md. Target: the graph's added cost at most 2x the streams'.
#
#   bench/host/graph-replay.sh [BUILD_DIR] [REPLAYS]   (default: ./build, 1000)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
n="${2:-1000}"
fake="$build/test/fake"
[ -f "$fake/libcudart.so.13" ] || { echo "graph-replay: build csan first ($fake is missing)" >&2; exit 1; }
cuda="${CSAN_CUDA_PATH:-/usr/local/cuda}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cc -std=gnu11 -O2 -g -fno-omit-frame-pointer -D_GNU_SOURCE -I"$root/rt_host/core" -I"$root/rt_host/cuda" \
   -I"$root/rt_device" -I"$root/test/fake" -I"$cuda/include" "$root/bench/host/graph-replay.c" \
   -L"$build/lib" -Wl,-rpath,"$build/lib" -lcsan_rt -L"$fake" -lcudart -Wl,-rpath,"$fake" \
   -lpthread -o "$tmp/graph-replay"
out="$(env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 "$tmp/graph-replay" "$n")"
get() { sed -n "s/^$1=//p" <<<"$out"; }
echo "| figure ($(get nodes) kernels, $(get replays) replays) | graph | streams |"
echo "|---|---|---|"
echo "| plain fake, us per replay | $(get graph_plain_us) | $(get stream_plain_us) |"
echo "| through csan, us per replay | $(get graph_csan_us) | $(get stream_csan_us) |"
echo "| **added by csan, us per replay** | **$(get graph_added_us)** | **$(get stream_added_us)** |"
echo "| **graph / streams (added)** | **$(get ratio)** | |"
