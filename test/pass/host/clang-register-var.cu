// Without -fgpu-rdc, clang emits __cuda_register_globals into the host module
// before the optimizer runs, so csan-host (at OptimizerLast) sees its
// __cudaRegisterVar calls and redirects them, at -O0 and at -O2 (where the
// function is inlined into the module constructor). The registration
// function exists only when a GPU binary is embedded, hence the (empty)
// -fcuda-include-gpubinary. No __csan_register_device_var constructor is
// added: there are no offloading entries without -fgpu-rdc.
// RUN: : > %t.fatbin
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s --check-prefixes=CHECK,O0 --implicit-check-not=@__cudaRegisterVar --implicit-check-not=__csan_register_device_var
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O2 -fpass-plugin=%csan_plugin -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s --check-prefixes=CHECK,O2 --implicit-check-not=@__cudaRegisterVar --implicit-check-not=__csan_register_device_var

#include <cuda_runtime.h>

__device__ int dv[16];
__constant__ double cv[4];

__global__ void kern(int *p) { p[threadIdx.x] = dv[threadIdx.x] + (int)cv[0]; }

int upload(const int *h) { return cudaMemcpyToSymbol(dv, h, sizeof dv); }

// CHECK-DAG:   @[[DVNAME:[0-9]+]] = private unnamed_addr constant [3 x i8] c"dv\00"
// CHECK-DAG:   @[[CVNAME:[0-9]+]] = private unnamed_addr constant [3 x i8] c"cv\00"
// O0-LABEL:    define internal void @__cuda_register_globals(ptr %0)
// O0:          call void @__csan___cudaRegisterVar(ptr %0, ptr @dv, ptr @[[DVNAME]], ptr @[[DVNAME]], i32 0, i64 64, i32 0, i32 0, ptr @[[SITE:__csan_host_site[.0-9]*]])
// O0-NEXT:     call void @__csan___cudaRegisterVar(ptr %0, ptr @cv, ptr @[[CVNAME]], ptr @[[CVNAME]], i32 0, i64 32, i32 1, i32 0, ptr @[[SITE]])
// O2-LABEL:    define internal void @__cuda_module_ctor()
// O2:          call void @__csan___cudaRegisterVar(ptr %{{.*}}, ptr nonnull @dv, ptr nonnull @[[DVNAME]], ptr nonnull @[[DVNAME]], i32 0, i64 64, i32 0, i32 0, ptr @[[SITE:__csan_host_site[.0-9]*]])
// O2-NEXT:     call void @__csan___cudaRegisterVar(ptr %{{.*}}, ptr nonnull @cv, ptr nonnull @[[CVNAME]], ptr nonnull @[[CVNAME]], i32 0, i64 32, i32 1, i32 0, ptr @[[SITE]])
// CHECK:       declare void @__csan___cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32, ptr)
