// An rwlock passes clocks: a worker synchronizes the stream and publishes a
// flag under the write lock; the main thread polls the flag under the read
// lock, then reads the copy's result. Race: the worker publishes before it
// synchronizes. Fixed: it synchronizes under the write lock; the main
// thread never synchronizes itself, only the lock orders its read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>

static cudaStream_t s;
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static int ready;

static void *worker(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&lock);
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  ready = 1;
  pthread_rwlock_unlock(&lock);
#ifndef FIXED
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
  for (int r = 0; !r;) {
    pthread_rwlock_rdlock(&lock);
    r = ready;
    pthread_rwlock_unlock(&lock);
  }
  printf("main sees %d\n", res[7]); // READ-LINE
  pthread_join(t, NULL);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}rwlock.c:46:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
