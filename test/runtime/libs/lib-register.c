// The real library functions: csan-host's constructor registers the
// address of each modelled function a module calls (__csan_lib_register),
// and the wrapper calls exactly that function, before any other of the same
// name (here the program's own saxpy, with no cuBLAS linked at all: a
// program that does not link a library never needs it). The call is still
// modelled: it writes y on the legacy stream, and a kernel on a
// non-blocking stream that reads y races with it (RACE); FIXED synchronizes
// the device first.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

static int my_saxpy_calls;
static cublasStatus_t my_saxpy(cublasHandle_t h, int n, const float *alpha, const float *x,
                               int incx, float *y, int incy) {
  (void)h, (void)n, (void)alpha, (void)x, (void)incx, (void)y, (void)incy;
  my_saxpy_calls++;
  return CUBLAS_STATUS_SUCCESS;
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  struct {
    const char *name;
    void *fn;
  } table[] = {{"cublasSaxpy_v2", (void *)my_saxpy}};
  __csan_lib_register(table, 1);
  lib_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  float *x, *y, alpha = 1;
  CK(__csan_cudaMalloc((void **)&x, 64, SITE));
  CK(__csan_cudaMalloc((void **)&y, 64, SITE));
  LK(__csan_cublasSaxpy_v2((cublasHandle_t)1, 16, &alpha, x, 1, y, 1, SITE));
  if (!race)
    CK(__csan_cudaDeviceSynchronize(SITE));
  KREAD(s, y, 64);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("saxpy calls: %d", my_saxpy_calls);
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 64 bytes at
// RACE:        Previous write by cublasSaxpy_v2 on stream legacy:
// RACE:      saxpy calls: 1
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: saxpy calls: 1
// FIXED-NEXT: exit=0
