// Pack test (Inputs/pack.h): a kernel's off-by-one store, caught at the
// access: on a GPU by the instrumented kernel, under the fake CUDA runtime
// by a CPU body that replays the same accesses through the same memory-error
// check (fake_cuda_access_use) and stores through the address it returns.
// Thread 250 stores p[250] of a 1000-byte array, in the bytes up to the
// next 256 that no allocation owns: csan reports it with the kernel's line,
// block and thread (thread 0 under the fake, whose CPU body has no
// threads) and the allocation's line, drops the store (the byte
// after the end keeps its value) and exits 66. The fixed twin stops at n-1.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device %s -o %t.race
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/pack.h"

// RACE: csan: ERROR: out of bounds: write of 4 bytes at {{.*}} by kernel fill(int*, int) at {{.*}}memerr_kernel_store.cu:[[#W:@LINE+12]]
// RACE-NEXT: block (0,0,0), thread ({{250|0}},0,0)
// RACE: is 0 bytes after the end of a 1000-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr_kernel_store.cu:[[#@LINE+38]]
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_kernel_store.cu:[[#W]] in fill(int*, int)
// RACE: e2e: result ok
__global__ void fill(int *p, int n) {
  int i = threadIdx.x;
#ifdef FIXED
  if (i < n)
#else
  if (i <= n) // off by one
#endif
    p[i] = i;
}
constexpr unsigned kFillLine = __LINE__ - 2;

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

// The kernel on the CPU (under the fake only).
static void fill_cpu(const fake_launch *l) {
  static const int32_t wr = cpu_site(__FILE__, kFillLine, "_Z4fillPii", CSAN_ACC_WRITE, 4);
  int *p = cpu_arg<int *>(l, 0);
  int n = cpu_arg<int>(l, 1);
  for (unsigned i = 0; i < cpu_threads(l); i++) {
#ifdef FIXED
    bool in = (int)i < n;
#else
    bool in = (int)i <= n;
#endif
    if (in)
      *(int *)fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_WRITE, wr) = (int)i;
  }
}

int main() {
  cpu_body((const void *)fill, fill_cpu);
  const int n = 250;
  int *p;
  CHECK_CUDA(cudaMalloc(&p, n * sizeof(int)));
  fill<<<1, 256>>>(p, n);
  CHECK_LAUNCH();
  int h[n + 1];
  CHECK_CUDA(cudaMemcpy(h, p, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= h[i] == i;
  return finish(ok);
}
