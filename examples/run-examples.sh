#!/usr/bin/env bash
# Builds csan's examples with csan-clang++ and, where there is a usable GPU,
# runs each one twice (as written, and with --fixed) and prints the summary
# of what csan reported.
#
#   examples/run-examples.sh [BIN_DIR] [OUT_DIR]
#
# BIN_DIR holds csan-clang++ and csan-gpu-probe (a csan build's bin/ or an
# install's); without it both are taken from PATH. OUT_DIR receives the
# binaries (default: ./csan-examples). Each example declares what csan must
# say about it in an "// EXPECT: race" or "// EXPECT: clean" line: a racy
# example must report at least one race and exit 66 as written, and report
# nothing and exit 0 with --fixed; a clean one must report nothing either
# way. Exit status: 1 if a build or an expectation failed, else 0 (also when
# there is no GPU: then only the builds are checked, and it says so).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin_dir=${1:-}
out_dir=${2:-csan-examples}

if [[ -n $bin_dir ]]; then
  driver=$bin_dir/csan-clang++
  probe=$bin_dir/csan-gpu-probe
else
  driver=$(command -v csan-clang++ || true)
  probe=$(command -v csan-gpu-probe || true)
fi
if [[ -z $driver || ! -x $driver ]]; then
  echo "run-examples: csan-clang++ not found (${bin_dir:-PATH}); pass the csan bin/ directory" >&2
  exit 1
fi
mkdir -p "$out_dir"

failed=0
examples=()
for src in "$here"/*.cu; do
  name=$(basename "$src" .cu)
  if "$driver" -g -O2 "$src" -o "$out_dir/$name" 2> "$out_dir/$name.build.log"; then
    echo "built   $name"
    examples+=("$name")
  else
    echo "FAILED  $name: csan-clang++ failed, see $out_dir/$name.build.log:"
    sed 's/^/    /' "$out_dir/$name.build.log" | tail -n 15
    failed=1
  fi
done

if [[ -z $probe || ! -x $probe ]] || ! why=$("$probe" 2>&1); then
  echo
  echo "run-examples: no usable GPU here (${why:-csan-gpu-probe not found})."
  echo "run-examples: built ${#examples[@]} example(s) in $out_dir; running them needs a GPU."
  exit $failed
fi
echo
echo "GPU: $why"

# run NAME ARGS...: runs one binary, prints its report summary, and sets
# $reports and $status.
run() {
  local name=$1; shift
  local log="$out_dir/$name${1:+.fixed}.log"
  "$out_dir/$name" "$@" > "$log" 2>&1
  status=$?
  reports=$(grep -c '^WARNING: csan: data race' "$log")
  printf '  %-28s exit %-3d %d report(s)\n' "$name ${*:-}" "$status" "$reports"
  grep -E '^SUMMARY: csan:|^csan: (reported|WARNING)' "$log" | sort | uniq -c | sed 's/^/    /'
  grep -v -E '^(SUMMARY|WARNING|csan)|^ |^=+$' "$log" | sed 's/^/    | /'
}

for name in "${examples[@]}"; do
  expect=$(sed -n 's|^// EXPECT: *||p' "$here/$name.cu")
  echo
  echo "$name (expect: ${expect:-?})"
  run "$name"
  racy_ok=0
  if [[ $expect == race ]]; then
    [[ $status -eq 66 && $reports -ge 1 ]] && racy_ok=1
  else
    [[ $status -eq 0 && $reports -eq 0 ]] && racy_ok=1
  fi
  run "$name" --fixed
  fixed_ok=0
  [[ $status -eq 0 && $reports -eq 0 ]] && fixed_ok=1
  if [[ $racy_ok -eq 1 && $fixed_ok -eq 1 ]]; then
    echo "  PASS $name"
  else
    echo "  FAIL $name (logs: $out_dir/$name.log, $out_dir/$name.fixed.log)"
    failed=1
  fi
done
exit $failed
