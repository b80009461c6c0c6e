// Two lanes of one warp, one granule lock (instrumented code). In one warp
// the even lanes read and the odd lanes write bytes of the same granules:
// two kinds of access, so they do not merge, and both miss the fast path
// (another stream read the bytes). They must not wait on each other's lock
// forever: they take the granule in turns. The writes race with the reads
// of a kernel on s1 (read-write, the odd bytes [1, 64)); the reads do not.
// The fixed twin makes s2 wait for an event recorded after the reader.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 63 bytes at
// RACE-NEXT: Write of size 1 at {{.*}} by kernel mixed(char*, char*) on stream
__global__ void mixed(char *p, char *out) {
  int t = threadIdx.x;
  if (t & 1)
    // RACE-NEXT: #0 mixed(char*, char*) {{.*}}lock_warp_mixed_kinds.cu:[[#W:@LINE+1]]
    p[t] = 'w';
  else
    out[t] = p[t];
}

// RACE: Previous read of size 1 by kernel read_bytes(char const*, char*) on stream
__global__ void read_bytes(const char *p, char *out) {
  int t = threadIdx.x;
  // RACE-NEXT: #0 read_bytes(char const*, char*) {{.*}}lock_warp_mixed_kinds.cu:[[#@LINE+1]]
  out[t] = p[t];
}
// RACE: Location: bytes [1, 64) of a 64-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}lock_warp_mixed_kinds.cu:[[#W]]:{{[0-9]+}} in mixed(char*, char*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  char *buf, *seen, *out;
  CHECK_CUDA(cudaMalloc(&buf, 64));
  CHECK_CUDA(cudaMemset(buf, 'r', 64));
  CHECK_CUDA(cudaMalloc(&seen, 64));
  CHECK_CUDA(cudaMalloc(&out, 64));
  CHECK_CUDA(cudaMemset(out, 0, 64));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t read;
  CHECK_CUDA(cudaEventCreate(&read));
  CHECK_CUDA(cudaDeviceSynchronize());

  read_bytes<<<1, 64, 0, s1>>>(buf, seen);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(read, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, read, 0));
#endif
  settle();
  mixed<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  char h[64], s[64], o[64];
  CHECK_CUDA(cudaMemcpy(h, buf, 64, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(s, seen, 64, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(o, out, 64, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= s[i] == 'r' && h[i] == (i & 1 ? 'w' : 'r') && o[i] == (i & 1 ? 0 : 'r');
  return finish(ok);
}
