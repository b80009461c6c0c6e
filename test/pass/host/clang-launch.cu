// A real CUDA source through clang's host compilation with the plugin: the
// <<<>>> stub's cudaLaunchKernel, cudaStreamCreate, cudaMalloc (called from
// the inline template in cuda_runtime.h), cudaMemcpyAsync,
// cudaStreamSynchronize and cudaFree all reach csan's wrappers, at -O0 and at
// -O2 (where the stub may be inlined into main). Without the plugin (PLAIN)
// the same module calls the CUDA runtime directly.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefixes=CHECK,O0 --implicit-check-not=@cuda
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O2 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefixes=CHECK,O2 --implicit-check-not=@cuda
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 %s -o - | FileCheck %s --check-prefix=PLAIN --implicit-check-not=__csan

#include <cuda_runtime.h>

__global__ void kern(int *p, int n) { p[threadIdx.x] = n; }

int main() {
  cudaStream_t s;
  int *d;
  int h[16] = {};
  cudaStreamCreate(&s);
  cudaMalloc(&d, sizeof h);
  cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s);
  kern<<<1, 16, 0, s>>>(d, 3);
  cudaStreamSynchronize(s);
  cudaFree(d);
  return 0;
}

// CHECK-LABEL: define {{.*}}void @_Z19__device_stub__kernPii(
// CHECK:       call noundef i32 @__csan_cudaLaunchKernel(ptr noundef {{(nonnull )?}}@_Z19__device_stub__kernPii, i64 %{{.*}}, i32 %{{.*}}, i64 %{{.*}}, i32 %{{.*}}, ptr noundef {{(nonnull )?}}%{{.*}}, i64 noundef %{{.*}}, ptr noundef %{{.*}}, ptr @__csan_host_site{{[.0-9]*}})
// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK:       call i32 @__csan_cudaStreamCreate(ptr noundef {{(nonnull )?}}%{{.*}}, ptr @[[SITE:__csan_host_site[.0-9]*]])
// O2:          call noundef i32 @__csan_cudaMalloc(ptr noundef nonnull %{{.*}}, i64 noundef 64, ptr @[[SITE]])
// CHECK:       call i32 @__csan_cudaMemcpyAsync(ptr noundef %{{.*}}, ptr noundef {{(nonnull )?}}%{{.*}}, i64 noundef 64, i32 noundef 1, ptr noundef %{{.*}}, ptr @[[SITE]])
// O2:          call noundef i32 @__csan_cudaLaunchKernel(ptr noundef nonnull @_Z19__device_stub__kernPii, {{.*}}, ptr @[[SITE]])
// CHECK:       call i32 @__csan_cudaStreamSynchronize(ptr noundef %{{.*}}, ptr @[[SITE]])
// CHECK:       call i32 @__csan_cudaFree(ptr noundef %{{.*}}, ptr @[[SITE]])
// O0-LABEL:    define internal noundef i32 @_ZL10cudaMallocIiE9cudaErrorPPT_m(
// O0:          call i32 @__csan_cudaMalloc(ptr noundef %{{.*}}, i64 noundef %{{.*}}, ptr @__csan_host_site{{[.0-9]*}})

// PLAIN-LABEL: define {{.*}}void @_Z19__device_stub__kernPii(
// PLAIN:       call noundef i32 @cudaLaunchKernel(ptr noundef @_Z19__device_stub__kernPii,
// PLAIN-LABEL: define {{.*}}i32 @main(
// PLAIN:       call i32 @cudaStreamCreate(
// PLAIN:       call i32 @cudaMemcpyAsync(
// PLAIN:       call i32 @cudaStreamSynchronize(
// PLAIN:       call i32 @cudaFree(
// PLAIN:       call i32 @cudaMalloc(
