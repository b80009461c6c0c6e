// The site of a `<<<>>>` launch names the user's line, not the launch stub
// clang generates; a template of cuda_runtime.h (cudaMalloc<T>) likewise.
// At -O2 the stub and the template are inlined and their inlinedAt chain
// leads to the user's lines (OPT). At -O0 nothing is inlined: the stub's own
// call site remains (O0), and the runtime's host stack names the caller.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O2 -g -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -g -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=O0

#include <cuda_runtime.h>

__global__ void kern(float *p) { p[threadIdx.x] = 1.0f; }

void run(cudaStream_t s) {
  float *p;
  cudaMalloc(&p, 256 * sizeof(float));
  kern<<<1, 256, 0, s>>>(p);
}

// OPT-DAG: @[[FUNC:__csan_host_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"_Z3runP11CUstream_st\00"
// OPT-DAG: @[[MALLOC:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @[[FUNC]], i32 15, i32 3 }
// OPT-DAG: @[[LAUNCH:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @[[FUNC]], i32 16, i32 3 }
// OPT-LABEL: define {{.*}} @_Z3runP11CUstream_st(
// OPT: call {{.*}}i32 @__csan_cudaMalloc({{.*}}, ptr @[[MALLOC]])
// OPT: call {{.*}}i32 @__csan_cudaLaunchKernel({{.*}}, ptr @[[LAUNCH]])

// O0-DAG: @[[STUB:__csan_host_str[.0-9]*]] = private unnamed_addr constant {{.*}} c"_Z19__device_stub__kernPf\00"
// O0-DAG: @[[LAUNCH:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @[[STUB]], i32 11, i32 {{[0-9]+}} }
// O0-LABEL: define {{.*}} @_Z19__device_stub__kernPf(
// O0: call {{.*}}i32 @__csan_cudaLaunchKernel({{.*}}, ptr @[[LAUNCH]])
