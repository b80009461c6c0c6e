// With -fgpu-rdc (clang 22's new offloading driver) the host module has no
// registration code, only offloading entries; csan-host adds a constructor
// that registers each device variable with the host runtime: name as the
// device linker sees it (a file-static variable gets clang's
// __static__<cuid> suffix), size, and CSAN_VAR_F_CONSTANT (2) for
// __constant__. The kernel's entry and the extern declaration (no entry) are
// not registered. -O0 and -O2 alike. Without -fgpu-rdc (NORDC) there are no
// entries and no constructor. The <cuid> is a hash of the compilation (the
// source's path and the options), in hex without leading zeros, so neither
// it nor the name's length is checked.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -fgpu-rdc -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -fgpu-rdc -S -emit-llvm -O2 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=NORDC

#include <cuda_runtime.h>

__device__ int dv[16];
__constant__ double cv[4];
static __device__ float sv;
extern __device__ int ev;

__global__ void kern(int *p) { p[threadIdx.x] = dv[0] + (int)cv[0] + (int)sv + ev; }

int upload(const int *h) {
  return cudaMemcpyToSymbol(dv, h, sizeof dv) | cudaMemcpyToSymbol(sv, h, sizeof sv) |
         cudaMemcpyToSymbol(ev, h, sizeof ev);
}

// CHECK:       @[[DV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [3 x i8] c"dv\00"
// CHECK-NEXT:  @[[CV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [3 x i8] c"cv\00"
// CHECK-NEXT:  @[[SV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"_ZL2sv__static__{{[0-9a-f]+}}\00"
// CHECK-NEXT:  @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @csan.register_device_vars, ptr null }]
// CHECK-LABEL: define internal void @csan.register_device_vars()
// CHECK-NEXT:  call void @__csan_register_device_var(ptr @dv, ptr @[[DV]], i64 64, i32 0)
// CHECK-NEXT:  call void @__csan_register_device_var(ptr @cv, ptr @[[CV]], i64 32, i32 2)
// CHECK-NEXT:  call void @__csan_register_device_var(ptr @_ZL2sv, ptr @[[SV]], i64 4, i32 0)
// CHECK-NEXT:  ret void

// NORDC-NOT: __csan_register_device_var
// NORDC-NOT: csan.register_device_vars
