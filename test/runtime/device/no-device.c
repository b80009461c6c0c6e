// Without a usable device, csan says once why and passes every call through
// unchanged: the application sees CUDA's own errors and its own exit status,
// and nothing crashes or hangs.
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_NO_DEVICE=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NODEV < %t.out
// RUN: env FAKE_CUDA_NO_KERNEL_IMAGE=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NOIMAGE < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(void) {
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  int *p = NULL;
  cudaError_t e1 = __csan_cudaMalloc((void **)&p, 64, SITE);
  cudaStream_t s1 = NULL, s2 = NULL;
  cudaError_t e2 = __csan_cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking, SITE);
  __csan_cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking, SITE);
  void *args[] = {&p};
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  cudaError_t e3 = __csan_cudaLaunchKernel((const void *)fill, g, b, args, 0, s1, SITE);
  __csan_cudaLaunchKernel((const void *)fill, g, b, args, 0, s2, SITE);
  cudaError_t e4 = __csan_cudaMemsetAsync(p, 0, 64, s2, SITE);
  cudaError_t e5 = __csan_cudaDeviceSynchronize(SITE);
  NOTE("results %d %d %d %d %d", e1, e2, e3, e4, e5);
  NOTE("real calls: %lu cudaMalloc, %lu cudaLaunchKernel, %lu twin launches",
       fake_cuda_count("cudaMalloc"), fake_cuda_count("cudaLaunchKernel"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// NODEV:      csan: no usable CUDA device (no CUDA-capable device is detected): this run is not checked
// NODEV-NEXT: results 100 100 100 100 100
// NODEV-NEXT: real calls: 1 cudaMalloc, 2 cudaLaunchKernel, 0 twin launches
// NODEV-NEXT: exit=0

// NOIMAGE:      csan: no usable CUDA device (csan's own kernels do not load on this GPU: no kernel image is available for execution on the device): this run is not checked
// NOIMAGE-NEXT: results 0 0 0 0 0
// NOIMAGE-NEXT: real calls: 1 cudaMalloc, 2 cudaLaunchKernel, 0 twin launches
// NOIMAGE-NEXT: exit=0
