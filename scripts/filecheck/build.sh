#!/usr/bin/env bash
# Builds csan-filecheck, a fully static FileCheck (LLVM's FileCheck library
# with a small driver), for machines that have no LLVM: the GPU pack.
#   scripts/filecheck/build.sh OUT [LLVM_ROOT]
set -euo pipefail
out=${1:?usage: build.sh OUT [LLVM_ROOT]}
llvm=${2:-/usr/lib/llvm-22}
here=$(cd "$(dirname "$0")" && pwd)
for lib in FileCheck Support Demangle; do
  if [[ ! -f $llvm/lib/libLLVM$lib.a ]]; then
    echo "build.sh: $llvm/lib/libLLVM$lib.a is missing (install llvm-22-dev)" >&2
    exit 1
  fi
done
# -static: no libz3/libstdc++/glibc version to match on the GPU machine. The
# linker warns that getpwnam_r needs glibc at run time; that is LLVM's ~user
# path expansion, which FileCheck never uses.
"$llvm/bin/clang++" -std=c++17 -O2 -fno-rtti -fno-exceptions -I"$llvm/include" \
  -ffunction-sections -fdata-sections "$here/csan-filecheck.cpp" -o "$out" \
  -static -Wl,--gc-sections -s \
  "$llvm/lib/libLLVMFileCheck.a" "$llvm/lib/libLLVMSupport.a" "$llvm/lib/libLLVMDemangle.a" \
  -lpthread 2> >(grep -v -e 'statically linked applications requires' -e 'in function .llvm::sys::' >&2)
# It must run and reject a failing match, or it is not a FileCheck.
printf 'a\nb\n' | "$out" <(printf '// CHECK: a\n// CHECK-NEXT: b\n') >/dev/null
if printf 'b\na\n' | "$out" <(printf '// CHECK: a\n// CHECK-NEXT: b\n') 2>/dev/null; then
  echo "build.sh: $out accepted a wrong input" >&2; exit 1
fi
echo "$out"
