// cudaLaunchAttributeLaunchCompletionEvent fires once all blocks of the
// kernel have begun, not when the kernel is done: work that waits for it is
// ordered after the work before the kernel (the memset), not after the
// kernel itself, so its read of what the kernel writes races (COMPLETION).
// The same wait on an event recorded after the kernel orders both (RECORD).
// RUN: %cc_rt -o %t
// RUN: %run %t completion > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=COMPLETION < %t.out
// RUN: %run %t record > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RECORD --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(produce)
KERNEL_STUB(consume)
static int32_t wsite, rsite;

static void produce_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, wsite);
}

static void consume_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, rsite);
  kernel_accesses(l, ARG(l, int *, 1), 4, 4, CSAN_ACC_READ, rsite);
}

int main(int argc, char **argv) {
  int completion = argc > 1 && !strcmp(argv[1], "completion");
  wsite = fake_cuda_site("p.cu", 3, 5, "_Z7producePi", CSAN_ACC_WRITE, 4);
  rsite = fake_cuda_site("c.cu", 7, 5, "_Z7consumePiS_", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)produce, "_Z7producePi", FAKE_TWIN_OK, 1, produce_body);
  fake_cuda_register_kernel((const void *)consume, "_Z7consumePiS_", FAKE_TWIN_OK, 2,
                            consume_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t e;
  CK(__csan_cudaEventCreateWithFlags(&e, cudaEventDisableTiming, SITE));
  int *out, *in;
  CK(__csan_cudaMalloc((void **)&out, 16, SITE));
  CK(__csan_cudaMalloc((void **)&in, 16, SITE));
  CK(__csan_cudaMemsetAsync(in, 0, 16, s1, SITE));

  cudaLaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  attr.id = cudaLaunchAttributeLaunchCompletionEvent;
  attr.val.launchCompletionEvent.event = e;
  cudaLaunchConfig_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDim = (dim3){1, 1, 1};
  cfg.blockDim = (dim3){32, 1, 1};
  cfg.stream = s1;
  cfg.attrs = completion ? &attr : NULL;
  cfg.numAttrs = completion ? 1 : 0;
  void *pargs[] = {&out};
  CK(__csan_cudaLaunchKernelExC(&cfg, (const void *)produce, pargs, SITE));
  if (!completion)
    CK(__csan_cudaEventRecord(e, s1, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, e, 0, SITE));
  LAUNCH(consume, s2, &out, &in);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu instrumented", fake_cuda_count("launch:twin"));
  return 0;
}

// COMPLETION-NOT:  WARNING: csan: WARNING
// COMPLETION:      WARNING: csan: data race (write-read) on 16 bytes
// COMPLETION-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel consume(int*, int*) on stream 0x{{[0-9a-f]+}}:
// COMPLETION:        Previous write of size 4 by kernel produce(int*) on stream 0x{{[0-9a-f]+}}:
// COMPLETION-NOT:  WARNING: csan: data race
// COMPLETION:      launches: 2 instrumented
// COMPLETION-NEXT: csan: reported 1 data race(s)
// COMPLETION-NEXT: exit=66

// RECORD:      launches: 2 instrumented
// RECORD-NEXT: exit=0
