// __device__ variables are global memory: their reads and writes are
// checked, also through memory intrinsics (memset/memcpy/memmove on them and
// on kernel pointers); __constant__ variables are read-only in device code
// (the host writes them with cudaMemcpyToSymbol, which the runtime checks),
// so their reads need no check. (__managed__ does not build with clang 22
// for CUDA: the attribute is HIP-only; cudaMallocManaged memory is checked
// like any pointer.)
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-stats -S %t.ll 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats

__device__ int dev_arr[64];
__constant__ int con_arr[64];

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4varsPii__csan(
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[IN:%[0-9]+]],
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[DEV:%[0-9]+]],
// CHECK-NEXT:  store i32 {{.*}}, ptr {{%csan.use[0-9]*|%[0-9]+}}
// CHECK:       [[CON:%[0-9]+]] = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(4) @con_arr to ptr)
// CHECK-NEXT:  load i32, ptr [[CON]]
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx,
// CHECK:       call ptr @__csan_dev_write4(
// CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
// CHECK:       ret void
__global__ void vars(int *out, int i) {
  dev_arr[i] = out[i];
  out[i + 1] = con_arr[i] + dev_arr[i + 3];
}

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z10intrinsicsPcPKci__csan(
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %0, i64 48,
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %1, i64 48,
// CHECK-NEXT:  call void @llvm.memcpy
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr [[D8:%[0-9]+]], i64 [[N:%[0-9]+]],
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %0, i64 [[N]],
// CHECK-NEXT:  call void @llvm.memmove
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr addrspacecast (ptr addrspace(1) @dev_arr to ptr), i64 256,
// CHECK-NEXT:  call void @llvm.memset
__global__ void intrinsics(char *dst, const char *src, int n) {
  __builtin_memcpy(dst, src, 48);
  __builtin_memmove(dst + 8, dst, n);
  __builtin_memset(dev_arr, 0, sizeof dev_arr);
}

// STATS: constant memory{{ +}}1
// STATS: unclassified{{ +}}0
