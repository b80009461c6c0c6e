// csan asks the driver for each entry point at the ABI version whose
// prototype it calls (rt_host/cuda/csan_driver.h). Like the real driver, the
// fake hands out the newest version not newer than the one requested, and
// counts calls per version: cuStreamGetCtx has a 3-parameter version since
// CUDA 12.5 and cuCtxGetDevice a 2-parameter one since CUDA 13.0, so a
// request at the runtime's own version (13.0) would get, and call wrongly,
// those. Work on a named stream while another device is current calls both
// (which device a stream and a context belong to).
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_DEVICES=2 %run %t 2>&1 | FileCheck %s
#include "rw_kernels.h"

int main(void) {
  rw_kernels_register();
  cudaStream_t a;
  NONBLOCKING_STREAM(a);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(write4, a, &buf);
  CK(cudaSetDevice(1));
  cudaStream_t other;
  CK(__csan_cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking, SITE));
  CK(__csan_cudaStreamSynchronize(a, SITE));
  LAUNCH(write4, other, &buf);
  CK(cudaSetDevice(0));
  CK(__csan_cudaDeviceSynchronize(SITE));
  printf("cuStreamGetCtx v9020: %s, v12050: %lu\n",
         fake_cuda_count("cuStreamGetCtx") ? "called" : "not called",
         fake_cuda_count("cuStreamGetCtx@12050"));
  printf("cuCtxGetDevice v2000: %s, v13000: %lu\n",
         fake_cuda_count("cuCtxGetDevice") ? "called" : "not called",
         fake_cuda_count("cuCtxGetDevice@13000"));
  return 0;
}

// CHECK: cuStreamGetCtx v9020: called, v12050: 0
// CHECK: cuCtxGetDevice v2000: called, v13000: 0
