// A mutex passes clocks between host threads: a worker synchronizes the
// stream and sets a flag under a mutex; the main thread reads the flag
// under the same mutex, then the copy's result. Race: the worker sets the
// flag before it synchronizes (the read is not ordered after the copy,
// whatever the timing). Fixed: it synchronizes inside the locked section;
// the main thread never synchronizes itself, and only the mutex orders its
// read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <pthread.h>

static cudaStream_t s;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int ready;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mu);
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  ready = 1;
  pthread_mutex_unlock(&mu);
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
    pthread_mutex_lock(&mu);
    r = ready;
    pthread_mutex_unlock(&mu);
  }
  printf("main sees %d\n", res[7]); // READ-LINE
  pthread_join(t, NULL);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}mutex.c:48:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
