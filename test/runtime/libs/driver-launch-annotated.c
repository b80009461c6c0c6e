// A kernel loaded at run time (cuModuleLoadData + cuModuleGetFunction; its
// module has no instrumented twin) runs unchecked: csan names it once in the
// exit summary (PLAIN). Annotated (include/csan/csan.h), its declared write
// is checked as one operation named by the annotation and issued at the
// line of csan_annotate_begin: a kernel that reads the buffer on another
// stream races with it (RACE), unless it waits for an event (FIXED); an
// annotated launch is not counted as unchecked.
// RUN: %cc_rt -I%csan_src/include -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE --implicit-check-not=unchecked < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING --implicit-check-not=unchecked < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=WARNING < %t.out
#include <csan/csan.h>

#include "lib_test.h"

KERNEL_STUB(saxpy)
static void saxpy_body(const fake_launch *l) {
  (void)l; /* uninstrumented: no checks */
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "plain";
  int race = !strcmp(mode, "race"), plain = !strcmp(mode, "plain");
  lib_kernels_register();
  fake_cuda_register_kernel((const void *)saxpy, "_Z5saxpyPfi", FAKE_TWIN_NONE, 2, saxpy_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *y;
  CK(__csan_cudaMalloc((void **)&y, 64 * sizeof(float), SITE));
  CUmodule mod;
  CUfunction f;
  LK(cuModuleLoadData(&mod, "// PTX from NVRTC"));
  LK(cuModuleGetFunction(&f, mod, "_Z5saxpyPfi"));
  int n = 64;
  void *args[] = {&y, &n};
  if (!plain) {
    csan_annotate_begin(s1, "saxpy (NVRTC)");
    csan_annotate_write(y, n * sizeof(float));
  }
  LK(__csan_cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, (CUstream)s1, args, NULL, SITE));
  if (!plain)
    csan_annotate_end();
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, y, 256);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel kread(void const*, unsigned long) on stream
// RACE:        Previous write by saxpy (NVRTC) on stream
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}driver-launch-annotated.c:[[#@LINE-23]]:5
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0

// PLAIN:      done
// PLAIN-NEXT: csan: 1 call(s) of 1 kind(s) ran unchecked (csan does not know what they access):
// PLAIN-NEXT: csan:   cuLaunchKernel of saxpy(float*, int): 1 call(s), first at {{.*}}driver-launch-annotated.c:[[#]]: the kernel has no instrumented twin (loaded at run time by cuModuleLoad*/cuLibraryLoad*, compiled by NVRTC, or built without csan): its accesses are not checked; declare them with csan_annotate_begin/read/write/end (include/csan/csan.h)
// PLAIN-NEXT: exit=0
