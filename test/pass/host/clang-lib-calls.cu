// Library calls through the real headers: cublas_v2.h maps cublasSgemm to
// cublasSgemm_v2, cuda.h maps cuMemAlloc / cuMemcpyHtoD to their _v2
// symbols; csan-host redirects each modelled symbol to its wrapper with the
// call's site (under -g the call's own line), registers the real
// functions in a constructor, counts a call without a model
// (cublasSgelsBatched) as unchecked, and leaves quiet ones alone (NVRTC,
// module loading). In C nccl.h declares ncclGroupStart() without a
// prototype: the call still becomes __csan_ncclGroupStart(site).
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O1 -g -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=LINE
// RUN: %clang -x c -std=gnu17 -S -emit-llvm -O0 -fpass-plugin=%csan_plugin %S/Inputs/nccl_group.c -o - | FileCheck %s --check-prefix=CLANG_C
#include <cuda.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <nvrtc.h>

// NCCL's declarations as nccl.h states them (NCCL is not part of every
// toolkit).
extern "C" {
typedef struct ncclComm *ncclComm_t;
typedef enum { ncclSuccess = 0 } ncclResult_t;
typedef enum { ncclFloat = 7 } ncclDataType_t;
typedef enum { ncclSum = 0 } ncclRedOp_t;
ncclResult_t ncclGroupStart();
ncclResult_t ncclGroupEnd();
ncclResult_t ncclAllReduce(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t, ncclComm_t,
                           cudaStream_t);
}

int work(cublasHandle_t h, float *a, CUdeviceptr d, ncclComm_t c, cudaStream_t s, cufftHandle p,
         cufftComplex *z) {
  float one = 1;
  int r = 0;
  r |= cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, a, 2, &one, a, 2);
  r |= cuMemAlloc(&d, 4);
  r |= cuMemcpyHtoD(d, a, 4);
  r |= ncclGroupStart();
  r |= ncclAllReduce(a, a, 4, ncclFloat, ncclSum, c, s);
  r |= ncclGroupEnd();
  r |= cufftExecC2C(p, z, z, CUFFT_FORWARD);
  r |= cublasSgelsBatched(h, CUBLAS_OP_N, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1);
  nvrtcProgram prog;
  r |= nvrtcCreateProgram(&prog, "", "k.cu", 0, 0, 0);
  CUmodule m;
  r |= cuModuleLoadData(&m, "");
  return r;
}
// LINE: @[[SITE:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @{{.*}}, i32 34, i32 {{[0-9]+}} }
// LINE: call {{.*}}i32 @__csan_cublasSgemm_v2({{.*}}, ptr @[[SITE]])

// CHECK-DAG: @__csan_lib_fns = private constant [7 x { ptr, ptr }]
// CHECK-DAG: ptr @cublasSgemm_v2 }
// CHECK-DAG: ptr @cuMemAlloc_v2 }
// CHECK-DAG: ptr @ncclGroupEnd }
// CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @csan.register_lib_fns, ptr null }]
// CHECK-LABEL: define {{.*}}@_Z4work
// CHECK: call i32 @__csan_cublasSgemm_v2(ptr {{.*}}, ptr @__csan_host_site{{[.0-9]*}})
// CHECK: call i32 @__csan_cuMemAlloc_v2(ptr {{.*}}, i64 noundef 4, ptr @__csan_host_site{{[.0-9]*}})
// CHECK: call i32 @__csan_cuMemcpyHtoD_v2(i64 {{.*}}, ptr @__csan_host_site{{[.0-9]*}})
// CHECK: call i32 @__csan_ncclGroupStart(ptr @__csan_host_site{{[.0-9]*}})
// CHECK: call i32 @__csan_ncclAllReduce(
// CHECK: call i32 @__csan_ncclGroupEnd(ptr @__csan_host_site{{[.0-9]*}})
// CHECK: call i32 @__csan_cufftExecC2C(
// CHECK: call void @__csan_lib_unchecked(ptr @__csan_host_str{{[.0-9]*}}, ptr @__csan_host_site{{[.0-9]*}})
// CHECK-NEXT: call i32 @cublasSgelsBatched(
// CHECK: call i32 @nvrtcCreateProgram(
// CHECK: call i32 @cuModuleLoadData(
// CHECK: call void @__csan_lib_register(ptr @__csan_lib_fns, i32 7)

// CLANG_C: call i32 @__csan_ncclGroupStart(ptr @__csan_host_site{{[.0-9]*}})
// CLANG_C: call i32 @__csan_ncclGroupEnd(ptr @__csan_host_site{{[.0-9]*}})
