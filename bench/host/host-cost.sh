#!/usr/bin/env bash
# host-cost.sh: csan's host-side cost per kernel launch and per
# cudaMemcpyAsync, and its memory per live event, without a GPU (against
# the fake CUDA library of the test tree). The program is built with frame
# pointers, as csan-clang builds host code. Prints a Markdown table for
# bench/RESULTS.md. Each time is the best of 9 alternating rounds of N calls.
#
#   bench/host/host-cost.sh [BUILD_DIR] [N]      (default: ./build, 200000)
set -euo pipefail
. "$(dirname "$0")/common.sh" host-cost "${1:-}"
n="${2:-200000}"
bench_cc "$root/bench/host/host-cost.c" "$tmp/host-cost"
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
