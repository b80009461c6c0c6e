// A launch with 2048 threads per block fails at once (CUDA 13.0 answers
// cudaErrorInvalidValue, seen on an H200; older toolkits said
// cudaErrorInvalidConfiguration) and the program never reads the error: the kernel never
// runs, and only a wrong result would tell. csan warns at the program's next
// CUDA call with the launch's line, kernel, shape and the error. The race
// build exits 1 on its wrong result; the fixed twin launches 256 threads and
// checks the launch.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void fill(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

// RACE: csan: WARNING: the launch of kernel fill(float*) at {{.*}}launcherr_ignored.cu:{{[0-9]+}}:{{[0-9]+}} failed: cudaErrorInvalid{{Value|Configuration}} ({{.*}}), and the program did not check (cudaGetLastError or cudaPeekAtLastError) before its next CUDA call: the kernel never ran
// RACE-NEXT: grid (1,1,1), block (2048,1,1), 0 bytes of dynamic shared memory
// RACE: e2e: result WRONG

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  float *a;
  CHECK_CUDA(cudaMalloc(&a, 2048 * sizeof(float)));
  CHECK_CUDA(cudaMemset(a, 0, 2048 * sizeof(float)));
  CHECK_CUDA(cudaDeviceSynchronize());
#ifdef FIXED
  fill<<<8, 256>>>(a);
  CHECK_LAUNCH();
#else
  fill<<<1, 2048>>>(a); // never checked
#endif
  static float h[2048];
  CHECK_CUDA(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 2048; i++)
    ok &= h[i] == 1.0f;
  printf("e2e: result %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
