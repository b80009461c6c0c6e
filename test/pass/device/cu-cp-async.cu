// cp.async staging through CUDA's and CCCL's headers: __pipeline_memcpy_async
// and cuda::memcpy_async emit cp.async.cg.shared.global as inline PTX (not
// the NVVM intrinsic); the global source is checked as a read of the copy's
// bytes, the shared destination is not.
// RUN: %clangxx %cuda_flags %cccl_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-stats -S %t.ll 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4primPK6float4PS___csan(
// CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr [[SRC:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 {{%[0-9]+}}, ptr [[SRC]], i32 16, i64 16)
// CHECK:       call ptr @__csan_dev_write16(
__global__ void prim(const float4 *in, float4 *out) {
  __shared__ float4 tile[128];
  __pipeline_memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[threadIdx.x] = tile[threadIdx.x];
}

// The source address reaches the asm as an integer (cvta.to.global).
// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4ccclPK4int4PS___csan(
// CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr
// CHECK-NEXT:  asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 {{%[0-9]+}}, i64 {{%[0-9]+}}, i32 16)
__global__ void cccl(const int4 *in, int4 *out) {
  __shared__ int4 tile[128];
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], cuda::aligned_size_t<16>(sizeof(int4)), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = tile[threadIdx.x];
  pipe.consumer_release();
}

// STATS: inline asm: address not an operand{{ +}}0
// STATS: inline asm: predicate not known{{ +}}0
// STATS: inline asm: instruction not understood{{ +}}0
