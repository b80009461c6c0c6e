// Several host threads launch, copy, allocate, free and synchronize at once,
// each on its own stream and buffer: nothing races and nothing is reported.
// Then the threads write one shared buffer from their streams and never wait
// for anything: the races are reported, once per pair of sites.
// RUN: %cc_rt -o %t
// RUN: %run %t own > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OWN --implicit-check-not=WARNING < %t.out
// RUN: %run %t shared > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SHARED < %t.out
#include <pthread.h>

#include "rt_test.h"

#define THREADS 4
#define ROUNDS 50

KERNEL_STUB(work)
static int32_t site;
static int shared;
static int *common;

static void work_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

static void *thread(void *arg) {
  (void)arg;
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  if (shared) {
    for (int r = 0; r < ROUNDS; r++)
      LAUNCH(work, s, &common);
    return NULL;
  }
  for (int r = 0; r < ROUNDS; r++) {
    int *p, host[4] = {r, r, r, r};
    CK(__csan_cudaMalloc((void **)&p, 16, SITE));
    CK(__csan_cudaMemcpyAsync(p, host, 16, cudaMemcpyHostToDevice, s, SITE));
    LAUNCH(work, s, &p);
    CK(__csan_cudaStreamSynchronize(s, SITE));
    CK(__csan_cudaFree(p, SITE));
  }
  CK(__csan_cudaStreamDestroy(s, SITE));
  return NULL;
}

int main(int argc, char **argv) {
  shared = argc > 1 && !strcmp(argv[1], "shared");
  site = fake_cuda_site("work.cu", 6, 5, "_Z4workPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)work, "_Z4workPi", FAKE_TWIN_OK, 1, work_body);
  CK(__csan_cudaMalloc((void **)&common, 16, SITE));
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, thread, NULL);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  NOTE("joined");
  return 0;
}

// OWN: joined
// OWN-NEXT: exit=0

// SHARED:      WARNING: csan: data race (write-write) on 16 bytes
// SHARED-NOT:  WARNING
// SHARED:      csan: reported 1 data race(s)
// SHARED-NEXT: exit=66
