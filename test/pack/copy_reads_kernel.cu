// Pack test (Inputs/pack.h): an API operation reports against a kernel. A
// kernel on s1 writes a buffer (on a GPU itself, under the fake CUDA
// runtime through its CPU body), then cudaMemcpyAsync device-to-host on s2
// reads it with nothing ordering them (write-read). The report's reading
// side is a host call site, its previous side a kernel's source line. The
// fixed twin makes s2 wait for an event recorded after the kernel.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device %s -o %t.race
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/pack.h"

__global__ void produce(float *p); // defined after main: its frame is checked last
static void produce_cpu(const fake_launch *l);

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  cpu_body((const void *)produce, produce_cpu);
  float *buf, *host;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMallocHost(&host, 256));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(written, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, written, 0));
#endif
  settle();
  // RACE: WARNING: csan: data race (write-read) on 256 bytes at
  // RACE-NEXT: Read of size 256 at {{.*}} by cudaMemcpyAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}copy_reads_kernel.cu:[[#M:@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(host, buf, 256, cudaMemcpyDeviceToHost, s2));

  CHECK_CUDA(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= host[i] == (float)i;
  return finish(ok);
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}copy_reads_kernel.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
constexpr unsigned kProduceLine = __LINE__ - 2;
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}copy_reads_kernel.cu:[[#M]]{{[: ]}}
// RACE: csan: reported 1 data race(s)

static void produce_cpu(const fake_launch *l) {
  static const int32_t wr = cpu_site(__FILE__, kProduceLine, "_Z7producePf", CSAN_ACC_WRITE, 4);
  float *p = cpu_arg<float *>(l, 0);
  for (unsigned i = 0; i < cpu_threads(l); i++) {
    fake_cuda_access(l, &p[i], 4, CSAN_ACC_WRITE, wr);
    p[i] = (float)i;
  }
}
