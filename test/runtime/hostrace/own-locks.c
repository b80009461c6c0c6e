// csan's own locks pass no clock between host threads (core/csan_own_locks.h):
// a worker synchronizes the stream (csan joins the worker's clock under its
// model lock, then releases the lock), then flags the main thread through
// an atomic, which csan does not follow; the main thread reads the copy's
// result, and csan takes the same model lock for the read's new host
// operation. Race: the read is not ordered after the copy and is reported
// (were csan's own locks passing clocks, the main thread would have the
// worker's). The main thread makes no CUDA call in between: the CUDA
// library's own locks do pass clocks. Fixed: the main thread joins the
// worker instead, which orders the read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>
#include <stdatomic.h>

static cudaStream_t s;
static atomic_int synced;

static void *worker(void *arg) {
  (void)arg;
  CK(cudaStreamSynchronize(s)); // the worker's last CUDA call
  atomic_store(&synced, 1);
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
#ifdef FIXED
  pthread_join(t, NULL);
#else
  while (!atomic_load(&synced)) {
  }
#endif
  printf("main sees %d\n", res[7]); // READ-LINE
#ifndef FIXED
  pthread_join(t, NULL);
#endif
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}own-locks.c:45:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
