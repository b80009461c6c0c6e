// A mutex initialized again is a new mutex: it carries no clock of the one
// that lived at its address before (memory is reused). A worker
// synchronizes the stream, locks and unlocks the mutex, and flags the main
// thread through an atomic (which csan does not follow). Race: the main
// thread initializes the mutex again before it locks it, so the lock
// orders nothing, and its read of the copy's result is reported. Fixed: it
// locks the mutex the worker unlocked, which orders the read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>
#include <stdatomic.h>

static cudaStream_t s;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_int unlocked;

static void *worker(void *arg) {
  (void)arg;
  CK(cudaStreamSynchronize(s));
  pthread_mutex_lock(&mu);
  pthread_mutex_unlock(&mu);
  atomic_store(&unlocked, 1);
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
  while (!atomic_load(&unlocked)) {
  }
#ifndef FIXED
  pthread_mutex_init(&mu, NULL);
#endif
  pthread_mutex_lock(&mu);
  int v = res[7]; // READ-LINE
  pthread_mutex_unlock(&mu);
  printf("main sees %d\n", v);
  pthread_join(t, NULL);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}mutex-reinit.c:45:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
