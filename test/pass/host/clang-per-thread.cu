// Per-thread default stream builds: CUDA's headers switch the runtime calls
// to their _ptsz/_ptds entry points and clang's <<<>>> stubs call
// cudaLaunchKernel_ptsz; csan-host sends each to its own wrapper (PTSZ), so
// the runtime knows a null stream means the thread's own stream. The
// legacy-stream build of the same source (LEGACY) uses the plain wrappers.
//
// clang 22's driver ignores -fgpu-default-stream=per-thread for CUDA (only
// HIP forwards it; CUDA gets an unused-argument warning), so the cc1 flag is
// passed with -Xclang. Defining CUDA_API_PER_THREAD_DEFAULT_STREAM alone
// (MACRO) switches only the header functions: the stub still calls
// cudaLaunchKernel, whose null stream is then the legacy stream.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin -Xclang -fgpu-default-stream=per-thread %s -o - | FileCheck %s --check-prefix=PTSZ
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=LEGACY --implicit-check-not=_ptsz --implicit-check-not=_ptds
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin -DCUDA_API_PER_THREAD_DEFAULT_STREAM %s -o - | FileCheck %s --check-prefix=MACRO

#include <cuda_runtime.h>

__global__ void kern(int *p) { p[threadIdx.x] = 1; }

void work(int *d, int *h, cudaEvent_t e) {
  cudaMemset(d, 0, 64);
  cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice);
  kern<<<1, 16>>>(d);
  cudaEventRecord(e);
  cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost);
  cudaStreamSynchronize(0);
}

// PTSZ-LABEL: define {{.*}} @_Z19__device_stub__kernPi(
// PTSZ:       call noundef i32 @__csan_cudaLaunchKernel_ptsz(ptr noundef @_Z19__device_stub__kernPi, {{.*}}, ptr @__csan_host_site{{[.0-9]*}})
// PTSZ-LABEL: define {{.*}} @_Z4workPiS_P10CUevent_st(
// PTSZ:       call i32 @__csan_cudaMemset_ptds(
// PTSZ:       call i32 @__csan_cudaMemcpyAsync_ptsz(
// PTSZ:       call i32 @__csan_cudaEventRecord_ptsz(
// PTSZ:       call i32 @__csan_cudaMemcpy_ptds(
// PTSZ:       call i32 @__csan_cudaStreamSynchronize_ptsz(

// LEGACY-LABEL: define {{.*}} @_Z19__device_stub__kernPi(
// LEGACY:       call noundef i32 @__csan_cudaLaunchKernel(ptr noundef @_Z19__device_stub__kernPi, {{.*}}, ptr @__csan_host_site{{[.0-9]*}})
// LEGACY-LABEL: define {{.*}} @_Z4workPiS_P10CUevent_st(
// LEGACY:       call i32 @__csan_cudaMemset(
// LEGACY:       call i32 @__csan_cudaMemcpyAsync(
// LEGACY:       call i32 @__csan_cudaEventRecord(
// LEGACY:       call i32 @__csan_cudaMemcpy(
// LEGACY:       call i32 @__csan_cudaStreamSynchronize(

// MACRO-LABEL: define {{.*}} @_Z19__device_stub__kernPi(
// MACRO:       call noundef i32 @__csan_cudaLaunchKernel(
// MACRO-LABEL: define {{.*}} @_Z4workPiS_P10CUevent_st(
// MACRO:       call i32 @__csan_cudaMemcpyAsync_ptsz(
