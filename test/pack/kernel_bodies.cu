// Pack test (Inputs/pack.h): a race between two kernels, found by their
// instrumented accesses: on a GPU by the kernels themselves, under the fake
// CUDA runtime by CPU bodies that replay the same accesses with the same
// source lines. A kernel on s2 reads what a kernel on s1 wrote, with
// nothing ordering them (write-read); the report names both kernels, their
// lines and the allocation. The fixed twin records an event after the
// writer and makes s2 wait for it.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device %s -o %t.race
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/pack.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}kernel_bodies.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}
constexpr unsigned kConsumeLine = __LINE__ - 2;

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}kernel_bodies.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
constexpr unsigned kProduceLine = __LINE__ - 2;
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}kernel_bodies.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

// The kernels on the CPU (under the fake only).
static void consume_cpu(const fake_launch *l) {
  static const int32_t rd = cpu_site(__FILE__, kConsumeLine, "_Z7consumePKfPf", CSAN_ACC_READ, 4);
  static const int32_t wr = cpu_site(__FILE__, kConsumeLine, "_Z7consumePKfPf", CSAN_ACC_WRITE, 4);
  const float *in = cpu_arg<const float *>(l, 0);
  float *out = cpu_arg<float *>(l, 1);
  for (unsigned i = 0; i < cpu_threads(l); i++) {
    fake_cuda_access(l, &in[i], 4, CSAN_ACC_READ, rd);
    fake_cuda_access(l, &out[i], 4, CSAN_ACC_WRITE, wr);
    out[i] = in[i] + 1.0f;
  }
}

static void produce_cpu(const fake_launch *l) {
  static const int32_t wr = cpu_site(__FILE__, kProduceLine, "_Z7producePf", CSAN_ACC_WRITE, 4);
  float *p = cpu_arg<float *>(l, 0);
  for (unsigned i = 0; i < cpu_threads(l); i++) {
    fake_cuda_access(l, &p[i], 4, CSAN_ACC_WRITE, wr);
    p[i] = (float)i;
  }
}

int main() {
  cpu_body((const void *)consume, consume_cpu);
  cpu_body((const void *)produce, produce_cpu);
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
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
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
