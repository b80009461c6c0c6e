// The fake answers a launch of more than 1024 threads per block as CUDA 13.0
// did on an H200 (a probe in csan's first GPU run; the first three CHECK
// lines are its output): cudaErrorInvalidValue from the runtime, which is
// also the thread's last error, and CUDA_ERROR_INVALID_VALUE from the
// driver, which leaves the runtime's last error alone. Not
// cudaErrorInvalidConfiguration, which the fake used to give. A block of
// exactly 1024 threads runs.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t > %t.out 2>&1
// RUN: FileCheck %s --match-full-lines < %t.out
#include <cuda.h>

#include "rt_test.h"

KERNEL_STUB(k)

int main(void) {
  fake_cuda_register_kernel((const void *)k, "_Z1kPi", FAKE_TWIN_OK, 1, NULL);
  int *d;
  CK(cudaMalloc((void **)&d, 16));
  void *args[] = {&d};
  dim3 g = {1, 1, 1}, big = {2048, 1, 1}, max = {1024, 1, 1};
  cudaError_t r = cudaLaunchKernel((const void *)k, g, big, args, 0, 0);
  printf("k<<<1, 2048>>>(d) -> cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
  CUfunction f;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)k));
  CUlaunchConfig c;
  memset(&c, 0, sizeof c);
  c.gridDimX = c.gridDimY = c.gridDimZ = 1;
  c.blockDimX = 2048;
  c.blockDimY = c.blockDimZ = 1;
  CUresult dr = cuLaunchKernelEx(&c, f, args, NULL);
  /* (The fake libcuda has no cuGetErrorName.) */
  const char *dname = dr == CUDA_ERROR_INVALID_VALUE              ? "CUDA_ERROR_INVALID_VALUE"
                      : dr == CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES ? "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"
                                                                 : "another CUresult";
  printf("cuLaunchKernelEx with blockDimX 2048 -> %s (%d); cudaGetLastError afterwards: %s\n", dname,
         (int)dr, cudaGetErrorName(cudaGetLastError()));
  r = cudaLaunchKernel((const void *)k, g, big, args, 0, 0);
  printf("cudaLaunchKernel(k, 1, 2048, ...) -> %s\n", cudaGetErrorName(r));
  cudaGetLastError();
  r = cudaLaunchKernel((const void *)k, g, max, args, 0, 0);
  printf("cudaLaunchKernel(k, 1, 1024, ...) -> %s\n", cudaGetErrorName(r));
  c.blockDimX = 1024;
  dr = cuLaunchKernelEx(&c, f, args, NULL);
  printf("cuLaunchKernelEx with blockDimX 1024 -> %d\n", (int)dr);
  return 0;
}

// CHECK:      k<<<1, 2048>>>(d) -> cudaGetLastError: cudaErrorInvalidValue
// CHECK-NEXT: cuLaunchKernelEx with blockDimX 2048 -> CUDA_ERROR_INVALID_VALUE (1); cudaGetLastError afterwards: cudaSuccess
// CHECK-NEXT: cudaLaunchKernel(k, 1, 2048, ...) -> cudaErrorInvalidValue
// CHECK-NEXT: cudaLaunchKernel(k, 1, 1024, ...) -> cudaSuccess
// CHECK-NEXT: cuLaunchKernelEx with blockDimX 1024 -> 0
