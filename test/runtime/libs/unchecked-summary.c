// Library calls without a model run unchecked, and never silently: each
// call csan-host finds (a cublas*, cufft*, cusparse*, curand*, nccl* or
// cu[A-Z]* function without a model) is preceded by __csan_lib_unchecked,
// which counts it by name with its first call site; the exit summary lists
// every kind with its count. Inside an annotation the calls are not
// counted (the annotation covers them). Nothing unchecked: no summary
// (NONE).
// RUN: %cc_rt -I%csan_src/include -Wl,--no-as-needed -lcublas -lcuda -o %t
// RUN: %run %t calls > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: %run %t none > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NONE --implicit-check-not=unchecked < %t.out
#include <csan/csan.h>

#include "lib_test.h"

int main(int argc, char **argv) {
  int calls = argc > 1 && !strcmp(argv[1], "calls");
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  float *a;
  CK(__csan_cudaMalloc((void **)&a, 64, SITE));
  for (int i = 0; calls && i < 3; i++) {
    __csan_lib_unchecked("cublasSgelsBatched", SITE);
    LK(cublasSgelsBatched(h, CUBLAS_OP_N, 1, 1, 1, NULL, 1, NULL, 1, NULL, NULL, 0));
  }
  if (calls) {
    CUmemLocation loc = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
    __csan_lib_unchecked("cuMemPrefetchAsync_v2", SITE);
    LK(cuMemPrefetchAsync_v2((CUdeviceptr)(uintptr_t)a, 64, loc, 0, (CUstream)s));
    csan_annotate_begin(s, "prefetch");
    __csan_lib_unchecked("cuMemPrefetchAsync_v2", SITE);
    LK(cuMemPrefetchAsync_v2((CUdeviceptr)(uintptr_t)a, 64, loc, 0, (CUstream)s));
    csan_annotate_end();
  }
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// CHECK:      done
// CHECK-NEXT: csan: 4 call(s) of 2 kind(s) ran unchecked (csan does not know what they access):
// CHECK-NEXT: csan:   cublasSgelsBatched: 3 call(s), first at {{.*}}unchecked-summary.c:[[#]]: csan has no model of what this library function accesses (declare it with csan_annotate_begin/read/write/end, include/csan/csan.h)
// CHECK-NEXT: csan:   cuMemPrefetchAsync_v2: 1 call(s), first at {{.*}}unchecked-summary.c:[[#]]: csan has no model
// CHECK-NEXT: exit=0

// NONE: done
// NONE-NEXT: exit=0
