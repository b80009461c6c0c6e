#!/usr/bin/env bash
# host-access-locks.sh: the cost of csan's interposed pthread mutex calls
# (issue 18), against the fake CUDA library (no GPU). Builds
# bench/host/host-access-locks.c plainly (clang, the fake's libcudart, no
# csan runtime) and with csan-clang --csan-host-accesses, runs the plain
# build, the csan build without any region, and the csan build after a
# cudaMallocHost (clocks passed), alternately, best of 9. Prints a Markdown
# table for bench/RESULTS.md.
#
#   bench/host/host-access-locks.sh [BUILD_DIR] [N]      (default: ./build, 2000000)
set -euo pipefail
. "$(dirname "$0")/common.sh" host-access-locks "${1:-}"
n="${2:-2000000}"
src="$root/bench/host/host-access-locks.c"
clang -std=gnu11 -O2 -g -I"$root/test/fake" -I"$cuda/include" "$src" -L"$fake" -lcudart \
      -Wl,-rpath,"$fake" -lpthread -o "$tmp/plain"
"$build/bin/csan-clang" -std=gnu11 -O2 -g --csan-host-accesses "$src" -L"$fake" \
      -Wl,-rpath,"$fake" -lpthread -o "$tmp/csan"
run() { env LD_LIBRARY_PATH="$fake" FAKE_CUDA_NO_EXEC=1 "$tmp/$1" 5 "$n" ${2:-} 2>/dev/null |
          sed -n 's/^pair_ns=//p'; }
for i in 1 2 3 4 5 6 7 8 9; do
  run plain >>"$tmp/plain.t"
  run csan >>"$tmp/none.t"
  run csan pinned >>"$tmp/pinned.t"
done
best() { sort -g "$1" | head -1; }
p="$(best "$tmp/plain.t")"; c="$(best "$tmp/none.t")"; r="$(best "$tmp/pinned.t")"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
echo "| lock/unlock pairs ($n, one thread) | ns/pair | ratio to plain |"
echo "|---|---|---|"
echo "| plain (the C library) | $p | 1.00 |"
echo "| csan, no region (a load and a forward) | $c | **$(ratio "$p" "$c")** |"
echo "| csan, a pinned region (clocks passed) | $r | **$(ratio "$p" "$r")** |"
