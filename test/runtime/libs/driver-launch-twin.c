// cuLaunchKernel of a kernel whose module has an instrumented twin runs the
// twin with csan's context, like a runtime launch: its write races with a
// cudaMemcpyAsync that reads the buffer on another stream (write-read,
// reported by the copy, the previous side the kernel's own device line).
// The fixed twin orders them with cuEventRecord and cuStreamWaitEvent.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  CUstream s1, s2;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  CUfunction f;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)kwrite));
  size_t n = 16;
  void *args[] = {&buf, &n};
  LK(__csan_cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s1, args, NULL, SITE));
  CUevent ev;
  LK(cuEventCreate(&ev, 0));
  if (!race) {
    LK(__csan_cuEventRecord(ev, s1, SITE));
    LK(__csan_cuStreamWaitEvent(s2, ev, 0, SITE));
  }
  char host[16];
  CK(__csan_cudaMemcpyAsync(host, (void *)(uintptr_t)buf, 16, cudaMemcpyDeviceToHost,
                            (cudaStream_t)s2, SITE));
  LK(__csan_cuCtxSynchronize(SITE));
  NOTE("launches: %lu instrumented", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE-NEXT:   Read of size 16 at {{.*}} by cudaMemcpyAsync on stream
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE-NEXT:     #0 kwrite(void*, unsigned long) k.cu:3:5
// RACE:        Location: bytes [0, 16) of a 64-byte allocation at {{.*}} made by cuMemAlloc at:
// RACE:      launches: 1 instrumented
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: launches: 1 instrumented
// FIXED-NEXT: exit=0
