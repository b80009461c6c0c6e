// An in-place real-to-complex FFT of 64 floats on stream s1 (bound with
// cufftSetStream) writes the whole padded array: 64/2+1 = 33 complex values
// (264 bytes), past the 256 bytes of real input. A kernel on s2 reads the
// padding with no ordering (write-read on the real part of the last
// value, [256, 260)). The fixed twin waits for an event recorded after the
// transform.
//
// REQUIRES: cuda-gpu, cuda-lib-cufft
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcufft
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcufft
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cufft.h>

constexpr int N = 64;

// RACE: WARNING: csan: data race (write-read) on 4 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel nyquist(float const*, float*) on stream
__global__ void nyquist(const float *spectrum, float *out) {
  // the real part of complex value N/2: floats N and N+1 are past the input
  // RACE-NEXT: #0 nyquist(float const*, float*) {{.*}}cufft_inplace.cu:[[#R:@LINE+1]]
  out[0] = spectrum[N];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  cufftReal *data;
  float *out;
  CHECK_CUDA(cudaMalloc(&data, (N / 2 + 1) * sizeof(cufftComplex)));
  CHECK_CUDA(cudaMalloc(&out, 2 * sizeof(float)));
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1.0f; // spectrum: N at frequency 0, 0 elsewhere
  CHECK_CUDA(cudaMemcpy(data, h, sizeof h, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  cufftHandle plan;
  if (cufftPlan1d(&plan, N, CUFFT_R2C, 1) != CUFFT_SUCCESS || cufftSetStream(plan, s1) != CUFFT_SUCCESS)
    return 2;
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write by cufftExecR2C on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}cufft_inplace.cu:[[#@LINE+1]]
  cufftExecR2C(plan, data, reinterpret_cast<cufftComplex *>(data));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, done, 0));
#endif
  settle();
  nyquist<<<1, 1, 0, s2>>>(data, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [256, 260) of a 264-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}cufft_inplace.cu:[[#R]]:{{[0-9]+}} in nyquist(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h_out = -1;
  CHECK_CUDA(cudaMemcpy(&h_out, out, sizeof h_out, cudaMemcpyDeviceToHost));
  cufftDestroy(plan);
  return finish(h_out == 0.0f);
}
