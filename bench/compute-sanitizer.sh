#!/usr/bin/env bash
# NVIDIA's compute-sanitizer on the same programs, for comparison with csan:
# what it detects and what it costs. Runs on the GPU machine, inside a pack
# made by scripts/gpu-check (plain, uninstrumented binaries):
#
#   bench/compute-sanitizer.sh [PACK_DIR] [-o REPORT.md] [--bench-only|--e2e-only]
#                              [--json FILE] [--logs DIR] [--deadline EPOCH_SECONDS]
#
# Two tools: racecheck (shared-memory hazards inside a kernel) and memcheck
# with --track-stream-ordered-races all (stream-ordered allocation misuse:
# use-before-alloc, use-after-free). For each benchmark: errors found, and
# the slowdown of its median GPU time and of the whole run's wall time
# against a plain run. For each e2e test: errors found in the race build and
# in the fixed build (csan must flag the race build only). --json writes the
# rows machine-readable (scripts/gpu-results renders them), --logs keeps the
# tools' output there; past --deadline the remaining rows say "not run".
#
# compute-sanitizer is looked up in $COMPUTE_SANITIZER, then PATH, then
# /usr/local/cuda*/bin; without it the script says so and exits 2.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pack=$(dirname "$here")
report= json_out= logdir= deadline=
do_bench=1 do_e2e=1
while [[ $# -gt 0 ]]; do
  case $1 in
    -o) report=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
    --logs) logdir=$2; shift 2 ;;
    --deadline) deadline=$2; shift 2 ;;
    --bench-only) do_e2e=0; shift ;;
    --e2e-only) do_bench=0; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) pack=$1; shift ;;
  esac
done

cs=${COMPUTE_SANITIZER:-}
if [[ -z $cs ]]; then
  cs=$(command -v compute-sanitizer || true)
fi
if [[ -z $cs ]]; then
  for d in /usr/local/cuda/bin /usr/local/cuda-*/bin /opt/nvidia/*/compute-sanitizer; do
    [[ -x $d/compute-sanitizer ]] && cs=$d/compute-sanitizer && break
  done
fi
if [[ -z $cs || ! -x $cs ]]; then
  echo "compute-sanitizer.sh: compute-sanitizer not found (set COMPUTE_SANITIZER=/path/to/compute-sanitizer;" \
       "it ships with the CUDA toolkit, not with the driver)" >&2
  exit 2
fi
[[ -d $pack/lib ]] && export LD_LIBRARY_PATH=$pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export BENCH_REPS=${BENCH_REPS:-5} BENCH_WARMUP=${BENCH_WARMUP:-1}
timeout_s=${CS_TIMEOUT:-300}
if [[ -z $logdir ]]; then
  logdir=$(mktemp -d "${TMPDIR:-/tmp}/csan-cs.XXXXXX")
fi
mkdir -p "$logdir"
tsv=$logdir/rows.tsv
: > "$tsv"

tools=("racecheck:--tool racecheck" "memcheck-stream:--tool memcheck --track-stream-ordered-races all")

# errors LOG: the error count compute-sanitizer printed, or "?" if none.
errors() {
  local n
  n=$(grep -Eo '(ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazard)' "$1" | grep -Eo '[0-9]+' | tail -n 1)
  echo "${n:-?}"
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.1f", a / b }'; }
field() { sed -n "s/.*\bbench=.* $1=\([^ ]*\).*/\1/p" "$2" | head -n 1; }
late() { [[ -n $deadline && $(date +%s) -ge $deadline ]]; }
# Seconds a run may take: CS_TIMEOUT, or less before the deadline.
run_limit() {
  local t=$timeout_s
  if [[ -n $deadline ]]; then
    local left=$(( deadline - $(date +%s) ))
    (( left < t )) && t=$left
  fi
  (( t < 1 )) && t=1
  echo "$t"
}

version=$("$cs" --version 2>/dev/null | grep -i version | head -n 1)
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
{
echo "compute-sanitizer: $version"
echo "device: ${device:-unknown}"
echo
if [[ $do_bench -eq 1 ]]; then
  echo "## Benchmarks (plain binaries; BENCH_REPS=$BENCH_REPS)"
  echo
  echo "| benchmark | tool | errors | median ms | slowdown | wall s | wall slowdown |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  for b in "$pack"/bench/plain/*; do
    [[ -x $b && -f $b ]] || continue
    name=$(basename "$b")
    if late; then
      echo "| $name | (all) | not run (time budget) | - | - | - | - |"
      printf 'bench\t%s\t(all)\tnot run\t\t\t\t\n' "$name" >> "$tsv"
      continue
    fi
    t0=$(now); timeout "$(run_limit)" "$b" > "$logdir/$name.plain" 2>&1; t1=$(now)
    base_ms=$(field median_ms "$logdir/$name.plain"); base_wall=$(secs "$t0" "$t1")
    echo "| $name | (none) | - | ${base_ms:--} | 1.0 | $base_wall | 1.0 |"
    printf 'bench\t%s\t(none)\t-\t%s\t1.0\t%s\t1.0\n' "$name" "$base_ms" "$base_wall" >> "$tsv"
    for tool in "${tools[@]}"; do
      tname=${tool%%:*}; read -r -a targs <<< "${tool#*:}"
      if late; then
        echo "| $name | $tname | not run (time budget) | - | - | - | - |"
        printf 'bench\t%s\t%s\tnot run\t\t\t\t\n' "$name" "$tname" >> "$tsv"
        continue
      fi
      log=$logdir/$name.$tname
      t0=$(now); timeout "$(run_limit)" "$cs" "${targs[@]}" "$b" > "$log" 2>&1; rc=$?; t1=$(now)
      ms=$(field median_ms "$log"); wall=$(secs "$t0" "$t1")
      [[ $rc -eq 124 ]] && ms="timeout"
      err=$(errors "$log")
      echo "| $name | $tname | $err | ${ms:--} | $(ratio "$ms" "$base_ms") | $wall | $(ratio "$wall" "$base_wall") |"
      printf 'bench\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$tname" "$err" "$ms" "$(ratio "$ms" "$base_ms")" \
        "$wall" "$(ratio "$wall" "$base_wall")" >> "$tsv"
    done
  done
  echo
fi
if [[ $do_e2e -eq 1 ]]; then
  echo "## e2e tests (plain builds): errors found in the race / fixed build"
  echo
  echo "| test | racecheck race | racecheck fixed | memcheck-stream race | memcheck-stream fixed |"
  echo "|---|---:|---:|---:|---:|"
  for d in "$pack"/e2e-plain/*/; do
    [[ -d $d ]] || continue
    name=$(basename "$d")
    row="| $name"
    cells=()
    for tool in "${tools[@]}"; do
      tname=${tool%%:*}; read -r -a targs <<< "${tool#*:}"
      for build in race fixed; do
        bin=$d/$name.$build
        if [[ ! -x $bin ]]; then cell="not built"
        elif late; then cell="not run"
        else
          log=$logdir/$name.$build.$tname
          timeout "$(run_limit)" "$cs" "${targs[@]}" "$bin" > "$log" 2>&1
          [[ $? -eq 124 ]] && cell=timeout || cell=$(errors "$log")
        fi
        row+=" | $cell"
        cells+=("$cell")
      done
    done
    echo "$row |"
    printf 'e2e\t%s\t%s\t%s\t%s\t%s\n' "$name" "${cells[@]}" >> "$tsv"
  done
  echo
fi
echo "logs: $logdir"
} | tee ${report:+"$report"}
if [[ -n $json_out ]]; then
  python3 - "$tsv" "$json_out" "$version" "${device:-unknown}" "$BENCH_REPS" <<'EOF'
import json, sys
tsv, out, version, device, reps = sys.argv[1:]
bench, e2e = [], []
for line in open(tsv):
    f = line.rstrip("\n").split("\t")
    if f[0] == "bench":
        f += [""] * (8 - len(f))
        bench.append({"name": f[1], "tool": f[2], "errors": f[3], "median_ms": f[4],
                      "slowdown": f[5], "wall_s": f[6], "wall_slowdown": f[7]})
    elif f[0] == "e2e":
        f += [""] * (6 - len(f))
        e2e.append({"name": f[1], "racecheck_race": f[2], "racecheck_fixed": f[3],
                    "memcheck_stream_race": f[4], "memcheck_stream_fixed": f[5]})
json.dump({"version": version, "device": device, "bench_reps": reps, "bench": bench, "e2e": e2e},
          open(out, "w"), indent=1)
EOF
fi
exit 0
