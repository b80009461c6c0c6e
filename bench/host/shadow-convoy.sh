#!/usr/bin/env bash
# shadow-convoy.sh: the shadow engine's granule-lock convoy on the CPU
# (issue 14; no GPU, no build folder needed): bench/host/shadow-convoy.c
# built against the engine (rt_device/csan_shadow.h) of each source tree
# given (default: this one), T threads of one launch writing the same 16
# bytes of each of G granules, ROUNDS launches; for each T the runs of the
# trees alternate R times and the best time is kept. Prints a Markdown table
# for bench/RESULTS.md. Lock counts do not depend on the machine; times on
# a machine with fewer cores than threads mostly measure the scheduler.
#
#   bench/host/shadow-convoy.sh [TREE...]    (env: G=4096 ROUNDS=20 R=5 THREADS="1 2 4 8 16")
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -gt 0 ] || set -- "$root"
g="${G:-4096}"; rounds="${ROUNDS:-20}"; reps="${R:-5}"; threads="${THREADS:-1 2 4 8 16}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
i=0
for tree in "$@"; do
  cc -std=gnu11 -O2 -D_GNU_SOURCE -I"$tree/rt_device" "$root/bench/host/shadow-convoy.c" \
     -lpthread -o "$tmp/convoy$i"
  i=$((i + 1))
done
echo "| engine | threads | misses | locks taken | pauses | best round, us |"
echo "|---|---:|---:|---:|---:|---:|"
for t in $threads; do
  for _ in $(seq "$reps"); do
    for k in $(seq 0 $((i - 1))); do "$tmp/convoy$k" "$t" "$g" "$rounds" >> "$tmp/out$k.$t"; done
  done
  k=0
  for tree in "$@"; do
    # The run with the best time, its counts with it.
    line="$(sed 's/.*best_us=\([0-9.]*\)/\1 &/' "$tmp/out$k.$t" | sort -g | head -1)"
    get() { printf '%s\n' "$line" | sed -n "s/.* $1=\([0-9.]*\).*/\1/p"; }
    echo "| $(basename "$tree") | $t | $(get misses) | $(get locks) | $(get pauses) | $(get best_us) |"
    k=$((k + 1))
  done
done
