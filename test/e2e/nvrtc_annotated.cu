// A kernel compiled at run time by NVRTC and launched with cuLaunchKernel
// has no instrumented twin, so csan cannot see its accesses; annotated with
// csan_annotate_begin/write/end (include/csan/csan.h), its declared write is
// checked as one operation named by the annotation, issued at the line of
// csan_annotate_begin. A kernel on another stream reads the buffer with no
// ordering (write-read). The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu, cuda-lib-nvrtc
// RUN: %csan_clangxx -g -O2 -I%csan_src/include %s -o %t.race -lnvrtc -lcuda
// RUN: %csan_clangxx -g -O2 -I%csan_src/include -DFIXED %s -o %t.fixed -lnvrtc -lcuda
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <csan/csan.h>
#include <cuda.h>
#include <nvrtc.h>

#include <vector>

static const char *kFill =
    "extern \"C\" __global__ void fill(float *y, int n) {\n"
    "  int i = threadIdx.x;\n"
    "  if (i < n) y[i] = 3.0f;\n"
    "}\n";

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}nvrtc_annotated.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *y, *out;
  CHECK_CUDA(cudaMalloc(&y, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t filled;
  CHECK_CUDA(cudaEventCreate(&filled));
  int major = 0, minor = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  CHECK_CUDA(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
  if (major < 7 || (major == 7 && minor < 5)) // the oldest CUDA 13 supports (and the fake's 0.0)
    major = 7, minor = 5;
  char arch[64];
  snprintf(arch, sizeof arch, "--gpu-architecture=compute_%d%d", major, minor);
  const char *opts[] = {arch};
  nvrtcProgram prog;
  size_t ptx_size = 0;
  if (nvrtcCreateProgram(&prog, kFill, "fill.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS ||
      nvrtcCompileProgram(prog, 1, opts) != NVRTC_SUCCESS || nvrtcGetPTXSize(prog, &ptx_size) != NVRTC_SUCCESS)
    return 2;
  std::vector<char> ptx(ptx_size);
  nvrtcGetPTX(prog, ptx.data());
  CUmodule mod;
  CUfunction fill;
  if (cuModuleLoadData(&mod, ptx.data()) != CUDA_SUCCESS || cuModuleGetFunction(&fill, mod, "fill") != CUDA_SUCCESS)
    return 2;
  CHECK_CUDA(cudaDeviceSynchronize());

  int n = 64;
  void *args[] = {&y, &n};
  // RACE: Previous write by fill (NVRTC) on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}nvrtc_annotated.cu:[[#@LINE+1]]
  csan_annotate_begin(s1, "fill (NVRTC)");
  csan_annotate_write(y, n * sizeof(float));
  cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0, reinterpret_cast<CUstream>(s1), args, nullptr);
  csan_annotate_end();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(filled, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, filled, 0));
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(y, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}nvrtc_annotated.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 4.0f;
  return finish(ok);
}
