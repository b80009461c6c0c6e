#!/usr/bin/env bash
# Runs csan's benchmarks on a GPU machine, plain and instrumented, and
# prints one table row per benchmark: GPU time (median of CUDA-event timed
# reps), its slowdown (csan / plain), wall time per rep and its slowdown,
# application device memory, csan's shadow memory and their ratio.
#
#   bench/run.sh [PLAIN_DIR [CSAN_DIR]] [-o TABLE.md] [--json FILE]
#                [--logs DIR] [--deadline EPOCH_SECONDS]
#
# PLAIN_DIR / CSAN_DIR hold prebuilt binaries of the same names (defaults:
# plain/ and csan/ beside this script, the layout scripts/gpu-check packs).
# The instrumented runs use CSAN_OPTIONS=verbosity=1, where the runtime
# prints `csan: shadow: <bytes> bytes for <bytes> tracked bytes` at exit.
# --json writes the rows machine-readable (scripts/gpu-results renders
# them); --logs keeps every run's stderr there (default: a new temp dir);
# past --deadline the remaining benchmarks are not run and say so.
# BENCH_REPS / BENCH_WARMUP pass through to the benchmarks. Exit status 1 if
# a benchmark failed its check, crashed, was not run, or csan reported a
# race in it (they are race free); the table is printed either way.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
plain_dir=$here/plain
csan_dir=$here/csan
table_out= json_out= logdir= deadline=
pos=()
while [[ $# -gt 0 ]]; do
  case $1 in
    -o) table_out=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
    --logs) logdir=$2; shift 2 ;;
    --deadline) deadline=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) pos+=("$1"); shift ;;
  esac
done
[[ ${#pos[@]} -ge 1 ]] && plain_dir=${pos[0]}
[[ ${#pos[@]} -ge 2 ]] && csan_dir=${pos[1]}
# Libraries of the pack (libcsan_rt.so, libcudart) when run from one.
if [[ -d $here/../lib ]]; then
  export LD_LIBRARY_PATH=$here/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
timeout_s=${BENCH_TIMEOUT:-300}

field() { # field KEY TEXT -> value of KEY=value in the bench line
  sed -n "s/.*\bbench=.* $1=\([^ ]*\).*/\1/p" <<< "$2" | head -n 1
}
mib() { awk -v b="$1" 'BEGIN { if (b == "") print "-"; else printf "%.1f", b / 1048576 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b }'; }
# Seconds a run may take: BENCH_TIMEOUT, or less before the deadline. With
# a deadline, each of the runs still to come (two per benchmark left, this
# one included: $1) gets an equal share of what is left, so one benchmark
# that hangs cannot take the others' time (the first GPU run lost all but
# one benchmark that way).
run_limit() {
  local t=$timeout_s runs_left=${1:-1}
  if [[ -n $deadline ]]; then
    local left=$(( deadline - $(date +%s) ))
    local share=$(( left / (runs_left > 0 ? runs_left : 1) ))
    (( share < t )) && t=$share
  fi
  (( t < 1 )) && t=1
  echo "$t"
}

# stacks PID FILE: the host threads' stacks of a run that hangs and, with
# cuda-gdb, the kernels running on the device and where their warps are,
# so a timed-out row says where the time went. Best effort: nothing when no
# debugger is there or it cannot attach.
stacks() {
  local dbg
  dbg=$(command -v cuda-gdb || command -v gdb) || return 0
  timeout 90 "$dbg" -batch -p "$1" -ex 'set pagination off' -ex 'info threads' \
    -ex 'thread apply all bt 40' -ex 'info cuda kernels' -ex 'info cuda blocks' \
    -ex 'info cuda warps' -ex 'bt 40' > "$2" 2>&1 || true
}

# run_capped LIMIT ERRFILE CMD...: CMD with its stderr in ERRFILE and at most
# LIMIT seconds; its stdout is the caller's. Exit status 124 when it ran out
# of time (then its stacks are in ERRFILE.stacks), else CMD's.
run_capped() {
  local limit=$1 err=$2 own=
  shift 2
  # In a process group of its own (setsid), so that what it started goes
  # too and nothing holds the caller's pipe open.
  command -v setsid > /dev/null && own=setsid
  $own "$@" 2> "$err" &
  local pid=$! tenths=0
  while kill -0 "$pid" 2> /dev/null; do
    if (( tenths >= limit * 10 )); then
      stacks "$pid" "$err.stacks" >&2
      kill -TERM -- "-$pid" "$pid" 2> /dev/null
      sleep 2
      kill -KILL -- "-$pid" "$pid" 2> /dev/null
      wait "$pid" 2> /dev/null
      return 124
    fi
    sleep 0.1
    tenths=$((tenths + 1))
  done
  wait "$pid"
}

if [[ -z $logdir ]]; then
  logdir=$(mktemp -d "${TMPDIR:-/tmp}/csan-bench.XXXXXX")
fi
mkdir -p "$logdir"
rows=()
tsv=$logdir/rows.tsv
: > "$tsv"
failed=0
log_slowdowns=()
benches_left=0
for plain in "$plain_dir"/*; do
  [[ -x $plain && -f $plain ]] && benches_left=$((benches_left + 1))
done
for plain in "$plain_dir"/*; do
  [[ -x $plain && -f $plain ]] || continue
  name=$(basename "$plain")
  inst=$csan_dir/$name
  if [[ -n $deadline && $(date +%s) -ge $deadline ]]; then
    status="not run (time budget)"
    failed=1
    rows+=("| $name | - | - | - | - | - | - | - | - | - | - | - | $status |")
    printf '%s\t\t\t\t\t\t\t\t%s\t\t\n' "$name" "$status" >> "$tsv"
    continue
  fi
  echo "running $name ..." >&2
  p_out=$(run_capped "$(run_limit $((2 * benches_left)))" "$logdir/$name.plain.err" "$plain")
  p_rc=$?
  if [[ -x $inst ]]; then
    c_out=$(CSAN_OPTIONS=verbosity=1 run_capped "$(run_limit $((2 * benches_left - 1)))" \
      "$logdir/$name.csan.err" "$inst")
    c_rc=$?
  else
    c_out= c_rc=127
  fi
  printf '%s\n' "$p_out" > "$logdir/$name.plain.out"
  printf '%s\n' "$c_out" > "$logdir/$name.csan.out"
  p_ms=$(field median_ms "$p_out"); c_ms=$(field median_ms "$c_out")
  p_wall=$(field wall_ms "$p_out"); c_wall=$(field wall_ms "$c_out")
  app=$(field app_bytes "$p_out")
  shadow_line=$(grep -m1 '^csan: shadow:' "$logdir/$name.csan.err" || true)
  shadow=$(sed -n 's/^csan: shadow: \([0-9]*\) bytes for \([0-9]*\) tracked bytes.*/\1/p' <<< "$shadow_line")
  tracked=$(sed -n 's/^csan: shadow: \([0-9]*\) bytes for \([0-9]*\) tracked bytes.*/\2/p' <<< "$shadow_line")
  # Escalations, each a compare-and-swap on one of the pool's free lists
  # (csan_shadow.h): many of them say where a slow run's time went.
  pool_ops=$(sed -n 's/^csan: escalation pool: [0-9]* of [0-9]* blocks handed out, \([0-9]*\) free-list operations.*/\1/p' \
    "$logdir/$name.csan.err" | head -n 1)
  status=ok
  benches_left=$((benches_left - 1))
  if [[ $p_rc -eq 124 || $c_rc -eq 124 ]]; then
    status="timed out (plain exit $p_rc, csan exit $c_rc)"
    for f in "$logdir/$name".{plain,csan}.err.stacks; do
      [[ -s $f ]] && status+="; stacks in $(basename "$f")"
    done
  elif [[ $p_rc -ne 0 || $(field check "$p_out") != ok ]]; then
    status="plain failed (exit $p_rc)"
  elif [[ $c_rc -eq 66 ]]; then
    status="csan reported a race"
  elif [[ $c_rc -ne 0 || $(field check "$c_out") != ok ]]; then
    status="csan build failed (exit $c_rc)"
  fi
  [[ $status == ok ]] || failed=1
  slow=$(ratio "$c_ms" "$p_ms")
  [[ $status == ok && $slow != - ]] && log_slowdowns+=("$slow")
  rows+=("| $name | ${p_ms:--} | ${c_ms:--} | $slow | ${p_wall:--} | ${c_wall:--} | $(ratio "$c_wall" "$p_wall") | $(mib "$app") | $(mib "$shadow") | $(ratio "$shadow" "$app") | $(mib "$tracked") | ${pool_ops:--} | $status |")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$p_ms" "$c_ms" "$p_wall" "$c_wall" \
    "$app" "$shadow" "$tracked" "$status" "$p_rc" "$c_rc" "$pool_ops" >> "$tsv"
done

geo=$(printf '%s\n' "${log_slowdowns[@]}" | awk '$1 > 0 { s += log($1); n++ } END { if (n) printf "%.2f", exp(s / n); else print "-" }')
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
{
  echo "| benchmark | plain ms | csan ms | slowdown | plain wall ms | csan wall ms | wall slowdown | app MiB | shadow MiB | shadow/app | tracked MiB | pool ops | status |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "geometric mean slowdown (GPU time, benchmarks with status ok): $geo"
  echo "device: ${device:-unknown}"
  echo "logs: $logdir"
} | tee ${table_out:+"$table_out"}
if [[ -n $json_out ]]; then
  python3 - "$tsv" "$json_out" "$geo" "${device:-unknown}" "${BENCH_REPS:-}" <<'EOF'
import json, sys
tsv, out, geo, device, reps = sys.argv[1:]
num = lambda v: float(v) if v not in ("", "-") else None
rows = []
for line in open(tsv):
    f = line.rstrip("\n").split("\t")
    f += [""] * (12 - len(f))
    r = {"name": f[0], "plain_ms": num(f[1]), "csan_ms": num(f[2]), "plain_wall_ms": num(f[3]),
         "csan_wall_ms": num(f[4]), "app_bytes": num(f[5]), "shadow_bytes": num(f[6]),
         "tracked_bytes": num(f[7]), "status": f[8], "plain_exit": f[9], "csan_exit": f[10],
         "pool_ops": num(f[11])}
    ratio = lambda a, b: round(a / b, 3) if a is not None and b else None
    r["slowdown"] = ratio(r["csan_ms"], r["plain_ms"])
    r["wall_slowdown"] = ratio(r["csan_wall_ms"], r["plain_wall_ms"])
    r["shadow_per_app"] = ratio(r["shadow_bytes"], r["app_bytes"])
    rows.append(r)
json.dump({"rows": rows, "geomean_slowdown": num(geo), "device": device,
           "bench_reps": reps or None}, open(out, "w"), indent=1)
EOF
fi
exit $failed
