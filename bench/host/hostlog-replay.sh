#!/usr/bin/env bash
# hostlog-replay.sh: what the host pays per record of a kernel's accesses
# to host memory (issue 18, the device half: the device logs, the host
# replays), against the fake CUDA library (no GPU): a kernel touching N
# granules of mapped pinned memory (logged, replayed at the synchronization)
# against the same kernel on device memory (checked at once on the fake's
# device shadow, as the GPU checks it). Best of 5; a log big enough for N.
# Prints a Markdown table for bench/RESULTS.md.
#
#   bench/host/hostlog-replay.sh [BUILD_DIR] [N]      (default: ./build, 262144)
set -euo pipefail
. "$(dirname "$0")/common.sh" hostlog-replay "${1:-}"
n="${2:-262144}"
log=1; while [ "$log" -lt "$n" ]; do log=$((log * 2)); done
# csan-clang redirects the program's CUDA calls to csan's wrappers (as for
# any program it builds); the fake runs the kernel's body under the context.
"$build/bin/csan-clang" -std=gnu11 -O2 -g -I"$root/test/fake" -I"$root/rt_device" \
      "$root/bench/host/hostlog-replay.c" -L"$fake" -Wl,-rpath,"$fake" -lpthread -o "$tmp/bench"
run() { env CSAN_OPTIONS="host_log_records=$log" LD_LIBRARY_PATH="$fake" "$tmp/bench" "$1" "$n" 5 |
          sed -n 's/^ns_per_granule=//p'; }
d="$(run device)"; p="$(run pinned)"
echo "| $n granules, one 16-byte write each | ns per granule |"
echo "|---|---|"
echo "| device memory (checked at once on the fake's device shadow) | $d |"
echo "| mapped pinned memory (logged, replayed at the synchronization) | $p |"
