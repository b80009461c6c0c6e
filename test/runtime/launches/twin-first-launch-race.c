// Two threads launch one kernel for the first time at once. Each looks the
// kernel up outside csan's lock (those are CUDA calls) and makes its state;
// the first to insert its entry wins, and the other must free the state it
// made: it is lost otherwise. Both launches run checked, with one entry.
// cudaGetFuncBySymbol is interposed here to hold each thread inside the
// look-up until both are there, so the race happens every run. The test
// runs under LeakSanitizer: ASan builds have it, other builds but TSan's
// link it here.
// RUN: %cc_rt %if !sanitizer %{ -fsanitize=leak %} -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=WARNING --implicit-check-not=Sanitizer < %t.out
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

#include "rt_test.h"

KERNEL_STUB(first)

static pthread_barrier_t g_both;
static atomic_int g_lookups;

cudaError_t cudaGetFuncBySymbol(cudaFunction_t *f, const void *symbol) {
  typedef cudaError_t (*real_fn)(cudaFunction_t *, const void *);
  real_fn real = (real_fn)dlsym(RTLD_NEXT, "cudaGetFuncBySymbol");
  if (atomic_fetch_add(&g_lookups, 1) < 2)
    pthread_barrier_wait(&g_both);
  return real(f, symbol);
}

// On the legacy stream: the test makes no stream or event, which the fake
// never frees (test/sanitizers/lsan.supp).
static void *launcher(void *arg) {
  (void)arg;
  LAUNCH(first, 0);
  CK(__csan_cudaStreamSynchronize(0, SITE));
  return NULL;
}

int main(void) {
  fake_cuda_register_kernel((const void *)first, "_Z5firstv", FAKE_TWIN_OK, 0, NULL);
  pthread_barrier_init(&g_both, NULL, 2);
  pthread_t a, b;
  pthread_create(&a, NULL, launcher, NULL);
  pthread_create(&b, NULL, launcher, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  // A third launch finds the entry: no look-up.
  launcher(NULL);
  NOTE("look-ups %d, last launch checked %d", atomic_load(&g_lookups),
       fake_cuda_last_launch()->instrumented);
  pthread_barrier_destroy(&g_both);
  return 0;
}

// CHECK:      look-ups 2, last launch checked 1
// CHECK-NEXT: exit=0
