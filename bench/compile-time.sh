#!/usr/bin/env bash
# Compile time of each benchmark, plain clang++ against csan-clang++ (median
# of 3 runs each, one compile at a time), on the build machine; no GPU
# needed.
#
#   bench/compile-time.sh [CSAN_BIN_DIR] [-n RUNS]
#
# CSAN_BIN_DIR holds csan-clang++ (default: build/bin of this checkout).
# Both compilers get the same flags, -g -O2 and the same GPU arch (the
# driver's default, sm_90, given to plain clang explicitly); csan-clang++
# adds the plugin, the device runtime link and the host runtime, which is
# what is measured. A benchmark csan-clang++ fails to compile shows as
# FAILED; the exit status is then 1.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
bin_dir=$root/build/bin
runs=3
while [[ $# -gt 0 ]]; do
  case $1 in
    -n) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) bin_dir=$1; shift ;;
  esac
done
llvm=${LLVM_BIN:-/usr/lib/llvm-22/bin}
cuda=${CUDA_PATH:-/usr/local/cuda}
arch=${CSAN_GPU_ARCH:-sm_90}
plain=("$llvm/clang++" "--cuda-path=$cuda" -Wno-unknown-cuda-version "--offload-arch=$arch"
       -g -O2 -L"$cuda/lib64" -lcudart)
csan=("$bin_dir/csan-clang++" -g -O2)
if [[ ! -x ${csan[0]} ]]; then
  echo "compile-time: ${csan[0]} not found; build csan first or pass its bin/ directory" >&2
  exit 1
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/csan-ct.XXXXXX")
trap 'rm -rf "$out"' EXIT

# time_median CMD...: median wall seconds of $runs runs, or FAILED.
time_median() {
  local times=() i t0 t1
  for ((i = 0; i < runs; i++)); do
    t0=$(date +%s.%N)
    if ! "$@" > "$out/log" 2>&1; then
      echo FAILED
      return
    fi
    t1=$(date +%s.%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

failed=0
echo "| benchmark | plain s | csan s | ratio |"
echo "|---|---:|---:|---:|"
for src in "$here"/*.cu; do
  name=$(basename "$src" .cu)
  tp=$(time_median "${plain[@]}" "$src" -o "$out/$name.plain")
  tc=$(time_median "${csan[@]}" "$src" -o "$out/$name.csan")
  if [[ $tc == FAILED || $tp == FAILED ]]; then
    failed=1
    echo "| $name | $tp | $tc | - |"
    sed 's/^/    /' "$out/log" | tail -n 5 >&2
  else
    echo "| $name | $tp | $tc | $(awk -v a="$tc" -v b="$tp" 'BEGIN { printf "%.2f", a / b }') |"
  fi
done
echo
echo "median of $runs runs each; plain: ${plain[*]}; csan: ${csan[*]}"
exit $failed
