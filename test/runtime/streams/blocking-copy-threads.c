// A synchronous copy that waits for the device does not hold csan's locks
// while it waits: another thread launches, copies and synchronizes its own
// stream meanwhile. (The fake's cudaMemcpy takes 3 s here.)
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_COPY_SLEEP_MS=3000 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=WARNING < %t.out
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "rt_test.h"

KERNEL_STUB(fill)
static atomic_int copy_done;
static int *buf;

static void *copier(void *arg) {
  (void)arg;
  int host[4];
  CK(__csan_cudaMemcpy(host, buf, 16, cudaMemcpyDeviceToHost, SITE));
  atomic_store(&copy_done, 1);
  return NULL;
}

int main(void) {
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  int *mine;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMalloc((void **)&mine, 16, SITE));
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  pthread_t t;
  pthread_create(&t, NULL, copier, NULL);
  usleep(300 * 1000); /* the copy is under way */
  for (int i = 0; i < 10; i++)
    LAUNCH(fill, s, &mine);
  CK(__csan_cudaMemsetAsync(mine, 0, 16, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("other thread's work done %s the copy", atomic_load(&copy_done) ? "after" : "during");
  pthread_join(t, NULL);
  return 0;
}

// CHECK: other thread's work done during the copy
// CHECK-NEXT: exit=0
