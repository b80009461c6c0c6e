#!/usr/bin/env bash
# The memory-error row of the benchmarks (issue 17): what catching kernels'
# bad accesses costs, against what the usual alternative costs. On the GPU
# machine, inside a pack made by scripts/gpu-check (or with the folders of
# plain and csan binaries given):
#
#   bench/memerr.sh [PLAIN_DIR [CSAN_DIR]] [-o TABLE.md]
#
# For each benchmark, the median GPU time (CUDA-event timed reps) of:
#   plain               the uninstrumented program
#   plain, blocking     the same with CUDA_LAUNCH_BLOCKING=1 (what one does
#                       to find which launch faulted)
#   csan, memerr on     csan with its defaults (memory_errors=1)
#   csan, memerr off    CSAN_OPTIONS=memory_errors=0
# and the ratios of each to plain; the last column is memerr on / off.
# compute-sanitizer memcheck's cost on the same programs is
# bench/compute-sanitizer.sh's. Exit status 1 if a run failed.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plain_dir=$here/plain
csan_dir=$here/csan
table_out=
pos=()
while [[ $# -gt 0 ]]; do
  case $1 in
    -o) table_out=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) pos+=("$1"); shift ;;
  esac
done
[[ ${#pos[@]} -ge 1 ]] && plain_dir=${pos[0]}
[[ ${#pos[@]} -ge 2 ]] && csan_dir=${pos[1]}
if [[ -d $here/../lib ]]; then
  export LD_LIBRARY_PATH=$here/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
timeout_s=${BENCH_TIMEOUT:-300}

field() { # field KEY TEXT -> value of KEY=value in the bench line
  sed -n "s/.*\bbench=.* $1=\([^ ]*\).*/\1/p" <<< "$2" | head -n 1
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b }'; }
# run_ms ENV... -- BINARY: the median GPU ms of one run, or "" when it failed.
run_ms() {
  local envs=()
  while [[ $1 != -- ]]; do envs+=("$1"); shift; done
  shift
  local out rc
  out=$(env "${envs[@]}" timeout "$timeout_s" "$1" 2>/dev/null)
  rc=$?
  [[ $rc -eq 0 && $(field check "$out") == ok ]] || return 1
  field median_ms "$out"
}

rows=() failed=0
for plain in "$plain_dir"/*; do
  [[ -x $plain && -f $plain ]] || continue
  name=$(basename "$plain")
  inst=$csan_dir/$name
  echo "running $name ..." >&2
  status=ok
  p=$(run_ms -- "$plain") || status="plain failed"
  pb=$(run_ms CUDA_LAUNCH_BLOCKING=1 -- "$plain") || status="plain (blocking) failed"
  con= coff=
  if [[ -x $inst ]]; then
    con=$(run_ms CSAN_OPTIONS=memory_errors=1 -- "$inst") || status="csan (memerr on) failed"
    coff=$(run_ms CSAN_OPTIONS=memory_errors=0 -- "$inst") || status="csan (memerr off) failed"
  else
    status="no csan build"
  fi
  [[ $status == ok ]] || failed=1
  rows+=("| $name | ${p:--} | ${pb:--} | $(ratio "$pb" "$p") | ${con:--} | $(ratio "$con" "$p") | ${coff:--} | $(ratio "$coff" "$p") | $(ratio "$con" "$coff") | $status |")
done
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
{
  echo "| benchmark | plain ms | blocking ms | blocking/plain | csan memerr on ms | on/plain | csan memerr off ms | off/plain | on/off | status |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "device: ${device:-unknown}"
} | tee ${table_out:+"$table_out"}
exit $failed
