// Sites through clang: with -g (G) a call's csan_host_site holds the source
// file, the enclosing function's mangled name and the call's line and column;
// with -g0 (G0) the same file and function with line and column 0.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -g -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=G
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -S -emit-llvm -O0 -g0 -fpass-plugin=%csan_plugin %s -o - | FileCheck %s --check-prefix=G0

#include <cuda_runtime.h>

int drain(cudaStream_t s, cudaEvent_t e) {
  int r = cudaEventRecord(e, s);
  return r | cudaStreamSynchronize(s);
}

// G-DAG:  @[[FILE:__csan_host_str[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}clang-sites.cu\00"
// G-DAG:  @[[FUNC:__csan_host_str[.0-9]*]] = private unnamed_addr constant [36 x i8] c"_Z5drainP11CUstream_stP10CUevent_st\00"
// G-DAG:  @[[REC:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FUNC]], i32 10, i32 11 }
// G-DAG:  @[[SYNC:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FUNC]], i32 11, i32 14 }
// G-LABEL: define {{.*}} @_Z5drainP11CUstream_stP10CUevent_st(
// G:      call i32 @__csan_cudaEventRecord(ptr noundef %{{.*}}, ptr noundef %{{.*}}, ptr @[[REC]]), !dbg
// G:      call i32 @__csan_cudaStreamSynchronize(ptr noundef %{{.*}}, ptr @[[SYNC]]), !dbg

// G0-DAG: @[[FILE:__csan_host_str[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}clang-sites.cu\00"
// G0-DAG: @[[FUNC:__csan_host_str[.0-9]*]] = private unnamed_addr constant [36 x i8] c"_Z5drainP11CUstream_stP10CUevent_st\00"
// G0-DAG: @[[SITE:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[FILE]], ptr @[[FUNC]], i32 0, i32 0 }
// G0-LABEL: define {{.*}} @_Z5drainP11CUstream_stP10CUevent_st(
// G0:     call i32 @__csan_cudaEventRecord(ptr noundef %{{.*}}, ptr noundef %{{.*}}, ptr @[[SITE]])
// G0:     call i32 @__csan_cudaStreamSynchronize(ptr noundef %{{.*}}, ptr @[[SITE]])
