// The redzone is never why a program runs out of memory: when the
// allocation with its redzone does not fit, csan makes it without one (the
// program's size only). The fake's arena is filled until a 4 MiB block
// fits only where a 4 MiB block was freed (the fake reuses a freed block
// of the same size): cudaMalloc(4 MiB) gets it, asked for 4 MiB, where it
// would ask for 4 MiB + 256 with room to spare. With memory_errors=0 it
// asks for 4 MiB at once.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

int main(void) {
  void *first; /* csan sets itself up at its first call */
  CK(__csan_cudaMalloc(&first, 16, SITE));
  void *hole, *fill;
  CK(cudaMalloc(&hole, 4u << 20)); /* plain calls: csan does not see them */
  CK(cudaFree(hole));
  unsigned long n = 0;
  for (size_t chunk = 1ull << 30; chunk >= (1u << 20); chunk >>= 1)
    if (chunk != (4u << 20))
      while (cudaMalloc(&fill, chunk) == cudaSuccess)
        n++;
  (void)cudaGetLastError();
  void *p = NULL;
  cudaError_t r = __csan_cudaMalloc(&p, 4u << 20, SITE);
  NOTE("filled with %s blocks; cudaMalloc(4 MiB): %d, the freed block: %s, asked %llu",
       n ? "some" : "no", (int)r, p == hole ? "yes" : "no",
       (unsigned long long)fake_cuda_block_asked(p));
  return 0;
}

// CHECK: filled with some blocks; cudaMalloc(4 MiB): 0, the freed block: yes, asked 4194304
// CHECK: exit=0
