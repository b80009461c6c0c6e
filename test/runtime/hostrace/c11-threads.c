// C11 threads pass clocks as their pthread counterparts do (glibc runs
// them on its pthread internals, so csan interposes them too): a thread of
// thrd_create synchronizes the stream and hands the result over under an
// mtx_t and a cnd_t; the main thread waits, reads the pinned buffer, and
// joins it with thrd_join. Race: the worker signals before it
// synchronizes. Fixed: it synchronizes under the mutex first; only the
// hand-over orders the main thread's read.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"
#include <threads.h>

static cudaStream_t s;
static mtx_t mu;
static cnd_t cv;
static int ready;

static int worker(void *arg) {
  (void)arg;
  mtx_lock(&mu);
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  ready = 1;
  cnd_signal(&cv);
  mtx_unlock(&mu);
#ifndef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  return 7;
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
  mtx_init(&mu, mtx_plain);
  cnd_init(&cv);
  thrd_t t;
  if (thrd_create(&t, worker, NULL) != thrd_success)
    return 3;
  mtx_lock(&mu);
  while (!ready)
    cnd_wait(&cv, &mu);
  mtx_unlock(&mu);
  int v = res[7]; // READ-LINE
  int code = 0;
  thrd_join(t, &code);
  printf("main sees %d, worker returned %d\n", v, code);
  mtx_destroy(&mu);
  cnd_destroy(&cv);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}c11-threads.c:52:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8, worker returned 7

// ThreadSanitizer (LLVM 22) does not intercept glibc's thrd_create: a
// TSan-built program that starts a C11 thread crashes in TSan even without
// csan, so the sanitized TSan run skips this test.
// UNSUPPORTED: tsan
