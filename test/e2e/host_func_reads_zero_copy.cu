// Host code against device work (issue 18, the device half): a host
// function (cudaLaunchHostFunc) reads mapped pinned memory a kernel wrote
// directly. On the kernel's stream it runs after the kernel (the fixed
// twin: clean); on another stream with nothing ordering the two it races
// with the kernel's writes, which the host replays from the device's log
// before the host function's read is checked.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void produce(int *p) {
  p[threadIdx.x] = threadIdx.x + 1;
}

static int seen;

// The read is named by its line in the host function and by the host
// function's launch, the kernel's write by its size, device line and
// launch. The report comes at the next synchronization: a report made
// inside the host function could not read the kernel's site from the
// device (the second GPU run printed it without the write's size and line).
// RACE: WARNING: csan: data race (write-read) on 4 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by host function on stream
// RACE-NEXT: #0 {{.*}} in check(void*) {{.*}}host_func_reads_zero_copy.cu:[[#@LINE+7]]
// RACE: issued at:
// RACE-NEXT: #0 {{.*}}in main {{.*}}host_func_reads_zero_copy.cu:[[#@LINE+22]]
// RACE: Previous write of size 4 by kernel produce(int*) on stream
// RACE-NEXT: #0 produce(int*) {{.*}}host_func_reads_zero_copy.cu:[[#@LINE-16]]
// RACE: #0 {{.*}}in main {{.*}}host_func_reads_zero_copy.cu:[[#@LINE+13]]
static void CUDART_CB check(void *arg) {
  seen = static_cast<int *>(arg)[3];
}

int main() {
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  int *buf, *dbuf;
  CHECK_CUDA(cudaHostAlloc(&buf, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dbuf, buf, 0));
  for (int i = 0; i < 64; i++)
    buf[i] = 0;
  CHECK_CUDA(cudaDeviceSynchronize());
  produce<<<1, 64, 0, s1>>>(dbuf);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaLaunchHostFunc(s1, check, buf));
#else
  CHECK_CUDA(cudaLaunchHostFunc(s2, check, buf));
#endif
  CHECK_CUDA(cudaDeviceSynchronize());
  // RACE: Location: bytes [12, 16) of a 256-byte allocation at {{.*}} made by cudaHostAlloc at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(seen == 4);
  CHECK_CUDA(cudaFreeHost(buf));
  return r;
}
