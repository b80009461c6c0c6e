// Memory alloc and free nodes: scratch memory made by cudaMallocAsync and
// released by cudaFreeAsync inside a capture lives from the alloc node to
// the free node in graph order. A kernel captured on a forked stream that
// is joined back only after the free (race build) reads the scratch with
// no path to the free node: a use after free. The fixed twin joins the
// fork before the free. The graph is replayed three times: each replay's
// alloc node follows the previous replay's free node, so the reuse is not
// reported. The read and the free run concurrently, so either may be the
// report's earlier access: the checks take them in any order.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (use-after-free) on 256 bytes at
// RACE-DAG: ree of size 256 {{.*}}by graph free node on stream
// RACE-DAG: ead of size 4 {{.*}}by kernel sum(int const*, int*) on stream
__global__ void sum(const int *scratch, int *out) {
  // RACE-DAG: #0 sum(int const*, int*) {{.*}}graph-alloc-free-nodes.cu:[[#@LINE+1]]
  out[threadIdx.x] = scratch[threadIdx.x] + 1;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by graph alloc node at:
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void fill(int *scratch) { scratch[threadIdx.x] = 41; }

int main() {
  int *out;
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t fork, join;
  CHECK_CUDA(cudaEventCreate(&fork));
  CHECK_CUDA(cudaEventCreate(&join));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int *scratch;
  CHECK_CUDA(cudaMallocAsync(&scratch, 64 * sizeof(int), s));
  fill<<<1, 64, 0, s>>>(scratch);
  CHECK_CUDA(cudaEventRecord(fork, s));
  CHECK_CUDA(cudaStreamWaitEvent(side, fork, 0));
  sum<<<1, 64, 0, side>>>(scratch, out);
  CHECK_CUDA(cudaEventRecord(join, side));
#ifdef FIXED
  CHECK_CUDA(cudaStreamWaitEvent(s, join, 0));
  CHECK_CUDA(cudaFreeAsync(scratch, s));
#else
  CHECK_CUDA(cudaFreeAsync(scratch, s));
  CHECK_CUDA(cudaStreamWaitEvent(s, join, 0));
#endif
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  for (int i = 0; i < 3; i++)
    CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 42;
  return finish(ok);
}
