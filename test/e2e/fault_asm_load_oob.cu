// An out-of-bounds load inside inline PTX that csan cannot read (the
// address is computed inside the asm): csan does not check it, so it
// cannot stop it, and the kernel faults with an illegal address. csan then
// names the faulting launch (kernel, stream, launch line), without having
// serialized anything. The fixed twin loads in bounds.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void load_far(const int *p, long long off, int *out) {
  int v;
  // The address is p + off, formed inside the asm: csan sees no operand it
  // could check (skip reason: address not an operand).
  asm volatile("{\n\t.reg .u64 a;\n\tadd.s64 a, %1, %2;\n\tld.global.u32 %0, [a];\n\t}"
               : "=r"(v)
               : "l"(p), "l"(off)
               : "memory");
  out[threadIdx.x] = v;
}

// RACE: csan: ERROR: asynchronous fault: cudaErrorIllegalAddress
// RACE: #1 kernel load_far(int const*, long long, int*) on stream {{.*}} (begun and never finished)
// RACE: SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress in load_far(int const*, long long, int*)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  int *p, *out;
  CHECK_CUDA(cudaMalloc(&p, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMemset(p, 0, 256));
  cudaStream_t s = nonblocking_stream();
#ifdef FIXED
  long long off = 0;
#else
  long long off = 1ll << 42; // far outside every allocation
#endif
  load_far<<<1, 64, 0, s>>>(p, off, out);
  cudaError_t e = cudaStreamSynchronize(s);
  return finish(e == cudaSuccess);
}
