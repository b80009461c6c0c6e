// Programmatic dependent launch. With cudaLaunchAttributeProgrammaticStream-
// Serialization a kernel may begin before the kernel before it on its stream
// has finished: what it does before cudaGridDependencySynchronize() is not
// ordered after that kernel. A secondary that never waits reads the
// primary's write unordered: a race (SERIAL). Its fixed twin waits and reads
// after the wait (its twin takes two contexts, FAKE_TWIN_PDL): ordered, no
// report (AFTER_WAIT). cudaLaunchAttributeProgrammaticEvent is recorded like a launch completion
// event: a waiter is ordered after the work before the kernel, so its read
// of the kernel's write is reported, and csan says once per kernel that this
// includes accesses cudaGridDependencySynchronize() orders (EVENT). Without
// these attributes nothing is said (PLAIN).
// RUN: %cc_rt -o %t
// RUN: %run %t serial > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SERIAL < %t.out
// RUN: %run %t after-wait > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=AFTER_WAIT --implicit-check-not=WARNING < %t.out
// RUN: %run %t event > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=EVENT < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(primary)
KERNEL_STUB(secondary)
KERNEL_STUB(waiter)
static int32_t wsite, rsite, wrsite;

static void primary_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, wsite);
}

static void secondary_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, rsite);
}

/* Reads after cudaGridDependencySynchronize(). */
static void waiter_body(const fake_launch *l) {
  for (unsigned i = 0; i < 4; i++)
    fake_cuda_access_after_wait(l, ARG(l, int *, 0) + i, 4, CSAN_ACC_READ, wrsite);
}

static cudaError_t launch_ex(const void *k, cudaStream_t s, int **buf, cudaLaunchAttribute *a,
                             unsigned n) {
  cudaLaunchConfig_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDim = (dim3){1, 1, 1};
  cfg.blockDim = (dim3){32, 1, 1};
  cfg.stream = s;
  cfg.attrs = n ? a : NULL;
  cfg.numAttrs = n;
  void *args[] = {buf};
  return __csan_cudaLaunchKernelExC(&cfg, k, args, SITE);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "plain";
  wsite = fake_cuda_site("p.cu", 3, 5, "_Z7primaryPi", CSAN_ACC_WRITE, 4);
  rsite = fake_cuda_site("s.cu", 7, 5, "_Z9secondaryPi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)primary, "_Z7primaryPi", FAKE_TWIN_OK, 1, primary_body);
  fake_cuda_register_kernel((const void *)secondary, "_Z9secondaryPi", FAKE_TWIN_OK, 1,
                            secondary_body);
  wrsite = fake_cuda_site("w.cu", 9, 5, "_Z6waiterPi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)waiter, "_Z6waiterPi", FAKE_TWIN_PDL, 1, waiter_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t e;
  CK(__csan_cudaEventCreateWithFlags(&e, cudaEventDisableTiming, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaLaunchAttribute a;
  memset(&a, 0, sizeof a);
  for (int round = 0; round < 2; round++) {
    if (!strcmp(mode, "serial") || !strcmp(mode, "after-wait")) {
      CK(launch_ex((const void *)primary, s1, &buf, NULL, 0));
      a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
      a.val.programmaticStreamSerializationAllowed = 1;
      CK(launch_ex(!strcmp(mode, "serial") ? (const void *)secondary : (const void *)waiter, s1,
                   &buf, &a, 1));
    } else if (!strcmp(mode, "event")) {
      a.id = cudaLaunchAttributeProgrammaticEvent;
      a.val.programmaticEvent.event = e;
      a.val.programmaticEvent.triggerAtBlockStart = 0;
      CK(launch_ex((const void *)primary, s1, &buf, &a, 1));
      CK(__csan_cudaStreamWaitEvent(s2, e, 0, SITE));
      CK(launch_ex((const void *)secondary, s2, &buf, NULL, 0));
    } else {
      CK(launch_ex((const void *)primary, s1, &buf, NULL, 0));
      CK(__csan_cudaEventRecord(e, s1, SITE));
      CK(__csan_cudaStreamWaitEvent(s2, e, 0, SITE));
      CK(launch_ex((const void *)secondary, s2, &buf, NULL, 0));
    }
    CK(__csan_cudaDeviceSynchronize(SITE));
  }
  NOTE("launches: %lu plain, %lu instrumented", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// SERIAL:      WARNING: csan: data race (write-read) on 16 bytes
// SERIAL-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel secondary(int*) on stream
// SERIAL:        Previous write of size 4 by kernel primary(int*) on stream
// SERIAL-NOT:  WARNING
// SERIAL:      launches: 0 plain, 4 instrumented
// SERIAL-NEXT: csan: reported 1 data race(s)
// SERIAL-NEXT: exit=66

// AFTER_WAIT:      launches: 0 plain, 4 instrumented
// AFTER_WAIT-NEXT: exit=0

// EVENT:      csan: WARNING: kernel primary(int*) records a programmatic event: csan orders work that waits for it after the work before the kernel only, so it reports that work's conflicts with the kernel, also accesses that cudaGridDependencySynchronize() orders after the kernel
// EVENT-NEXT: ==================
// EVENT-NEXT: WARNING: csan: data race (write-read) on 16 bytes
// EVENT-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel secondary(int*) on stream
// EVENT:        Previous write of size 4 by kernel primary(int*) on stream
// EVENT-NOT:  WARNING
// EVENT:      launches: 0 plain, 4 instrumented
// EVENT-NEXT: csan: reported 1 data race(s)
// EVENT-NEXT: exit=66

// PLAIN:      launches: 0 plain, 4 instrumented
// PLAIN-NEXT: exit=0
