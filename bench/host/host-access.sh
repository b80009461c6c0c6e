#!/usr/bin/env bash
# host-access.sh: the cost of csan's host access checks (issue 18) on host
# code, without a GPU (against the fake CUDA library of the test tree).
# Builds bench/host/host-access.c twice with csan-clang -O2, with and
# without -mllvm -csan-host-accesses, and runs the two alternately in one
# run of this script: each figure is the best of 9 alternating rounds (this
# machine is shared). Prints a Markdown table for bench/RESULTS.md.
#
#   bench/host/host-access.sh [BUILD_DIR] [N]      (default: ./build, 1048576)
set -euo pipefail
. "$(dirname "$0")/common.sh" host-access "${1:-}"
n="${2:-1048576}"
cc=("$build/bin/csan-clang" -std=gnu11 -O2 -g "$root/bench/host/host-access.c" -L"$fake" -Wl,-rpath,"$fake")
"${cc[@]}" -o "$tmp/off"
"${cc[@]}" -mllvm -csan-host-accesses -o "$tmp/on"
run() { env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 "$tmp/$1" 5 "$n" 2>/dev/null; }
get() { sed -n "s/^$1=//p"; }
best() { sort -g | head -1; }
for i in 1 2 3 4 5 6 7 8 9; do
  for v in off on; do
    out="$(run $v)" || { echo "host-access: the $v build exited with $?" >&2; exit 1; }
    get ordinary_ns <<<"$out" >>"$tmp/$v.ord"
    get pinned_ns <<<"$out" >>"$tmp/$v.pin"
  done
done
oo="$(best <"$tmp/off.ord")"; no="$(best <"$tmp/on.ord")"
op="$(best <"$tmp/off.pin")"; np="$(best <"$tmp/on.pin")"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
echo "| loop ($n ints, a[i] = a[i] * 3 + 1) | checks off, ns/int | checks on, ns/int | ratio |"
echo "|---|---|---|---|"
echo "| ordinary memory (malloc) | $oo | $no | **$(ratio "$oo" "$no")** |"
echo "| pinned memory (cudaMallocHost) | $op | $np | **$(ratio "$op" "$np")** |"
