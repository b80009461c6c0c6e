#!/usr/bin/env bash
# load.sh: csan under load, without a GPU (bench/host/load.c against the
# fake CUDA library of the test tree). Each scenario checks the number of
# races csan reports against the number it must; prints a Markdown table
# for bench/RESULTS.md (time, peak resident memory of the whole process,
# races reported / expected). The reports themselves go to a log file; the
# first and last of each run are kept for a look at their detail.
#
#   bench/host/load.sh [BUILD_DIR]                  (default: ./build)
set -euo pipefail
. "$(dirname "$0")/common.sh" load "${1:-}"
bench_cc "$root/bench/host/load.c" "$tmp/load"
get() { sed -n "s/^$1=//p"; }
echo "| scenario | N | seconds | peak RSS, MB | races reported / expected | verdict |"
echo "|---|---|---|---|---|---|"
for spec in "launches 1000000" "streams 10000" "events 100000" "threads 32" "races 100000"; do
  set -- $spec
  out="$(env LD_LIBRARY_PATH="$fake" CSAN_OPTIONS="log_path=$tmp/log:exitcode=0" "$tmp/load" "$1" "$2")"
  ok="$(get ok <<<"$out")"
  echo "| $1 | $2 | $(get seconds <<<"$out") | $(get maxrss_mb <<<"$out") |" \
       "$(get races <<<"$out") / $(get expected <<<"$out") | $([ "$ok" = 1 ] && echo ok || echo WRONG) |"
  [ -n "${LOAD_KEEP:-}" ] && cp "$tmp"/log.* "$LOAD_KEEP.$1.log" 2>/dev/null || true
  rm -f "$tmp"/log.*
done
