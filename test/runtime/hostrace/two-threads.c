// Two host threads: the main thread starts the copy and a worker reads the
// result. The main thread's synchronization is its own; the worker is
// ordered after the copy only by a synchronization it observes itself (the
// fixed twin synchronizes in the worker). The report names host thread 2.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>

static int *res;
static cudaStream_t s;

static void *worker(void *arg) {
  (void)arg;
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  printf("worker sees %d\n", res[7]);
  return NULL;
}

int main(void) {
  kernels_register();
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  res[0] = 0; // the main thread is host thread 1
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  CK(cudaStreamSynchronize(s));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 2 on the host:
// RACE: #0 {{.*}} in worker {{.*}}two-threads.c:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: worker sees 8
