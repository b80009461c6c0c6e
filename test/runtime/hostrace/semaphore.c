// A semaphore passes clocks: sem_post releases the poster's clock, a wait
// that takes the count acquires it. A worker synchronizes the stream and
// posts; the main thread waits, then reads the copy's result. Race: the
// worker posts before it synchronizes. Fixed: after; the main thread never
// synchronizes itself, only the semaphore orders its read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>
#include <semaphore.h>

static cudaStream_t s;
static sem_t done;

static void *worker(void *arg) {
  (void)arg;
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  sem_post(&done);
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
  sem_init(&done, 0, 0);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  while (sem_trywait(&done) != 0) {
  }
  printf("main sees %d\n", res[7]); // READ-LINE
  pthread_join(t, NULL);
  sem_destroy(&done);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}semaphore.c:42:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
