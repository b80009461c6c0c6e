// A thread created after the main thread synchronized starts with what its
// creator had observed: its read of the result is ordered (fixed twin).
// Without the synchronization before pthread_create, the worker's read
// races with the copy.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>

static int *res;

static void *worker(void *arg) {
  (void)arg;
  printf("worker sees %d\n", res[15]);
  return NULL;
}

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  CK(cudaStreamSynchronize(s));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in worker {{.*}}thread-after-sync.c:
// FIXED: worker sees 16
