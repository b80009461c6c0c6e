// pthread_join passes the joined thread's clock: a worker synchronizes the
// stream and ends, and the main thread reads the copy's result after
// joining it. Race: the worker ends without synchronizing, so the join
// orders nothing and the read is reported. Fixed: the worker synchronizes
// before it ends; the main thread never synchronizes itself, and only the
// join orders its read (without csan following the join it would be
// reported).
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>

static cudaStream_t s;

static void *worker(void *arg) {
  (void)arg;
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  return NULL;
}

int main(void) {
  kernels_register();
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  res[0] = 0; // the main thread's clock starts here, before any synchronization
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  printf("main sees %d\n", res[7]); // READ-LINE
  CK(cudaStreamSynchronize(s));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}thread-join.c:36:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
