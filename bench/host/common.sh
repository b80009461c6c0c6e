# common.sh: sourced by the bench/host/*.sh scripts, which all measure csan's
# host side against the fake CUDA library of the test tree (no GPU).
#
#   . "$(dirname "$0")/common.sh" NAME [BUILD_DIR]
#
# sets root (the source tree), build (BUILD_DIR, default ./build), fake (the
# fake CUDA library's folder), cuda (the toolkit, for its headers) and tmp (a
# folder removed at exit), and stops with a clear message when csan is not
# built. bench_cc SRC OUT builds a benchmark program the way csan-clang builds
# host code (frame pointers on), linked with csan's runtime and the fake.
bench_name="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$(cd "${2:-$root/build}" 2>/dev/null && pwd)" ||
  { echo "$bench_name: no build folder ${2:-$root/build} (run scripts/build)" >&2; exit 1; }
fake="$build/test/fake"
[ -f "$fake/libcudart.so.13" ] || { echo "$bench_name: build csan first ($fake is missing)" >&2; exit 1; }
cuda="${CSAN_CUDA_PATH:-/usr/local/cuda}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

bench_cc() {
  cc -std=gnu11 -O2 -g -fno-omit-frame-pointer -D_GNU_SOURCE -I"$root/rt_host/core" \
     -I"$root/rt_host/cuda" -I"$root/rt_device" -I"$root/test/fake" -I"$cuda/include" "$1" \
     -L"$build/lib" -Wl,-rpath,"$build/lib" -lcsan_rt -L"$fake" -lcudart -Wl,-rpath,"$fake" \
     -lpthread -o "$2"
}
