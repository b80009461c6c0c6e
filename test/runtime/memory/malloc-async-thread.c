// cudaMallocAsync's operation gets its epoch in the same step as csan's
// kernels that mark the new bytes (EMPTY, then ALLOC) are queued on its
// stream, so work another thread issues meanwhile on that stream comes after
// them in the stream as well as in the model. Here the other thread starts
// right when csan queues its first kernel and uses the new block (the
// pointer is already in the variable), whose bytes were freed just before.
// Ordered after the allocation by an event it is not reported (ORDERED);
// unordered it races with the allocation (UNORDERED), and in neither case
// with the old free's markers.
// RUN: %cc_rt -o %t
// RUN: %run %t ordered > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
// RUN: %run %t unordered > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=UNORDERED < %t.out
#include <pthread.h>
#include <time.h>

#include "rt_test.h"

KERNEL_STUB(use)
static int32_t site;
static int ordered;
static int *p;
static cudaStream_t s, s2;
static cudaEvent_t made;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int other_done;
static pthread_t other;

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

static void *other_thread(void *arg) {
  (void)arg;
  if (ordered) {
    CK(__csan_cudaEventRecord(made, s, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, made, 0, SITE));
  }
  LAUNCH(use, s2, &p);
  pthread_mutex_lock(&mu);
  other_done = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
  return NULL;
}

/* Runs in the allocating thread as csan queues its first kernel for the
 * allocation: starts the other thread and gives it a moment to get its
 * work in first, if nothing holds it back. */
static void start_other(void *arg) {
  (void)arg;
  pthread_create(&other, NULL, other_thread, NULL);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_nsec += 300 * 1000 * 1000;
  if (until.tv_nsec >= 1000000000) {
    until.tv_sec++;
    until.tv_nsec -= 1000000000;
  }
  pthread_mutex_lock(&mu);
  while (!other_done && pthread_cond_timedwait(&cv, &mu, &until) == 0) {
  }
  pthread_mutex_unlock(&mu);
}

int main(int argc, char **argv) {
  ordered = argc > 1 && !strcmp(argv[1], "ordered");
  site = fake_cuda_site("use.cu", 4, 3, "_Z3usePi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  cudaStream_t old;
  NONBLOCKING_STREAM(old);
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  CK(__csan_cudaEventCreate(&made, SITE));
  int *q;
  CK(__csan_cudaMallocAsync((void **)&q, 64, old, SITE));
  CK(__csan_cudaFreeAsync(q, old, SITE));
  fake_cuda_set_hook("cuLaunchKernelEx", start_other, NULL);
  CK(__csan_cudaMallocAsync((void **)&p, 64, s, SITE));
  pthread_join(other, NULL);
  NOTE("same block: %d", p == q);
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// ORDERED:      same block: 1
// ORDERED-NEXT: exit=0

// UNORDERED:      same block: 1
// UNORDERED-NEXT: ==================
// UNORDERED-NEXT: WARNING: csan: data race (write-write) on 16 bytes
// UNORDERED-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// UNORDERED:        Previous allocation of size 64 by cudaMallocAsync on stream 0x{{[0-9a-f]+}}:
// UNORDERED-NOT:  WARNING: csan
// UNORDERED:      csan: reported 1 data race(s)
// UNORDERED-NEXT: exit=66
