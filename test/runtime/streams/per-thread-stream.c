// Per-thread default streams (_ptsz entry points, -fgpu-default-stream=
// per-thread): a null stream is the calling thread's own stream. Two
// threads' launches are unordered (a race, reported on streams named
// `per-thread`) unless the first thread synchronized its stream before the
// second launched. Within one thread, the null stream of a _ptsz call and
// cudaStreamPerThread are the same stream: the fixed run reports nothing.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include <pthread.h>

#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(clear)
static int32_t fill_site, clear_site;
static int *buf;
static int race;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 8, 4, CSAN_ACC_WRITE, fill_site);
}

static void clear_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 8, 4, CSAN_ACC_WRITE, clear_site);
}

static void *first(void *arg) {
  (void)arg;
  void *args[] = {&buf};
  dim3 g = {1, 1, 1}, b = {32, 1, 1};
  CK(__csan_cudaLaunchKernel_ptsz((const void *)fill, g, b, args, 0, NULL, SITE));
  if (!race)
    CK(__csan_cudaStreamSynchronize_ptsz(NULL, SITE));
  return NULL;
}

static void *second(void *arg) {
  (void)arg;
  void *args[] = {&buf};
  dim3 g = {1, 1, 1}, b = {32, 1, 1};
  CK(__csan_cudaLaunchKernel_ptsz((const void *)fill, g, b, args, 0, NULL, SITE));
  /* The same per-thread stream, named by its handle through a plain entry. */
  CK(__csan_cudaLaunchKernel((const void *)clear, g, b, args, 0, cudaStreamPerThread, SITE));
  return NULL;
}

int main(int argc, char **argv) {
  race = argc > 1 && !strcmp(argv[1], "race");
  fill_site = fake_cuda_site("pt.cu", 4, 3, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  clear_site = fake_cuda_site("pt.cu", 8, 3, "_Z5clearPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)clear, "_Z5clearPi", FAKE_TWIN_OK, 1, clear_body);
  CK(__csan_cudaMalloc((void **)&buf, 32, SITE));
  pthread_t t;
  pthread_create(&t, NULL, first, NULL);
  pthread_join(t, NULL);
  pthread_create(&t, NULL, second, NULL);
  pthread_join(t, NULL);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE-DAG:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel fill(int*) on stream per-thread:
// RACE-DAG:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel clear(int*) on stream per-thread:
// RACE-DAG:   Previous write of size 4 by kernel fill(int*) on stream per-thread:
// RACE-DAG:     #0 0x{{[0-9a-f]+}} in first {{.*}}per-thread-stream.c
// RACE-DAG:     #0 0x{{[0-9a-f]+}} in second {{.*}}per-thread-stream.c
// RACE:      done
// RACE-NEXT: csan: reported 2 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
