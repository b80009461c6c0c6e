#!/usr/bin/env bash
# host-cost.sh: csan's host-side cost per kernel launch and per
# cudaMemcpyAsync, and its memory per live event, without a GPU (against
# the fake CUDA library of the test tree). The program is built with frame
# pointers, as csan-clang builds host code. Prints a Markdown table for
# bench/RESULTS.md. Each time is the best of 9 alternating rounds of N calls.
#
#   bench/host/host-cost.sh [BUILD_DIR] [N]      (default: ./build, 200000)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
n="${2:-200000}"
fake="$build/test/fake"
[ -f "$fake/libcudart.so.13" ] || { echo "host-cost: build csan first ($fake is missing)" >&2; exit 1; }
cuda="${CSAN_CUDA_PATH:-/usr/local/cuda}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cc -std=gnu11 -O2 -g -fno-omit-frame-pointer -D_GNU_SOURCE -I"$root/rt_host/core" -I"$root/rt_host/cuda" \
   -I"$root/rt_device" -I"$root/test/fake" -I"$cuda/include" "$root/bench/host/host-cost.c" \
   -L"$build/lib" -Wl,-rpath,"$build/lib" -lcsan_rt -L"$fake" -lcudart -Wl,-rpath,"$fake" \
   -lpthread -o "$tmp/host-cost"
# FAKE_CUDA_NO_EXEC: the fake does not run csan's own kernels on the CPU (a
# GPU runs them asynchronously; their host cost is the launch, which counts).
run() { env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 CSAN_OPTIONS="$1" "$tmp/host-cost" "$2" "$3"; }
get() { sed -n "s/^$1=//p"; }
echo "| figure | host_stack_depth=16 (default) | host_stack_depth=0 |"
echo "|---|---|---|"
for what in launch copy; do
  a="$(run "" $what "$n")"; b="$(run host_stack_depth=0 $what "$n")"
  echo "| $what: plain fake, us | $(get ${what}_plain_us <<<"$a") | $(get ${what}_plain_us <<<"$b") |"
  echo "| $what: through csan, us | $(get ${what}_csan_us <<<"$a") | $(get ${what}_csan_us <<<"$b") |"
  echo "| $what: **added by csan, us** | **$(get ${what}_added_us <<<"$a")** | **$(get ${what}_added_us <<<"$b")** |"
done
e="$(run "" events 100000)"
echo "| live events | $(get events <<<"$e") | |"
echo "| **bytes of csan per live event** | **$(get event_bytes_csan <<<"$e")** | |"
