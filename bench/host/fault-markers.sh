#!/usr/bin/env bash
# fault-markers.sh: the host-side cost per kernel launch and per
# cudaMemcpyAsync of csan's progress markers (two cuStreamWriteValue32 per
# operation, CSAN_OPTIONS=fault_attribution),
# against the fake CUDA library: the same program (bench/host/host-cost.c,
# N calls, best of 9 rounds per run) with the markers on and off, runs
# alternating R times, best of each. Prints a Markdown table for
# bench/RESULTS.md. On a GPU the driver's cost of the two writes adds to the
# "on" figure; measure it there.
#
#   bench/host/fault-markers.sh [BUILD_DIR] [N] [R]   (default: ./build, 200000, 5)
set -euo pipefail
. "$(dirname "$0")/common.sh" fault-markers "${1:-}"
n="${2:-200000}"
rounds="${3:-5}"
bench_cc "$root/bench/host/host-cost.c" "$tmp/host-cost"
run() { env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 CSAN_OPTIONS="$1" "$tmp/host-cost" "$2" "$n" |
          sed -n "s/^$2_csan_us=//p"; }
best() { sort -g | head -1; }
echo "| figure | markers off, us | markers on, us | added, us | ratio on/off |"
echo "|---|---|---|---|---|"
for what in launch copy; do
  : > "$tmp/on"; : > "$tmp/off"
  for _ in $(seq "$rounds"); do
    run fault_attribution=1 "$what" >> "$tmp/on"
    run fault_attribution=0 "$what" >> "$tmp/off"
  done
  on="$(best < "$tmp/on")"; off="$(best < "$tmp/off")"
  echo "| $what through csan | $off | $on | $(awk -v a="$on" -v b="$off" 'BEGIN{printf "%.3f", a-b}') | $(awk -v a="$on" -v b="$off" 'BEGIN{printf "%.3f", a/b}') |"
done
