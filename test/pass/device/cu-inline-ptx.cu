// Cache-hint loads and stores of CUDA's headers are inline PTX: clang's
// __ldcs/__ldcg (no memory clobber: LLVM sees memory(none)), cuda_fp16's
// __ldcs for __half, __stwt, and CUB's ThreadLoad/ThreadStore. Each is
// checked with its exact bytes; nothing is left as inline asm.
// RUN: %clangxx %cuda_flags %cccl_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-stats -S %t.ll 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
#include <cuda_fp16.h>
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_store.cuh>

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z5loadsPKfPK6float4PK6__halfPf__csan(
// CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr [[B:%[0-9]+]],
// CHECK-NEXT:  asm "ld.global.cs.v4.f32 {$0,$1,$2,$3}, [$4];", "=f,=f,=f,=f,l"(ptr [[B]])
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[A:%[0-9]+]],
// CHECK-NEXT:  asm "ld.global.cs.f32 $0, [$1];", "=f,l"(ptr [[A]])
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[C:%[0-9]+]],
// CHECK-NEXT:  asm "ld.global.cg.f32 $0, [$1];", "=f,l"(ptr nonnull [[C]])
// CHECK:       call ptr @__csan_dev_read2(ptr %csan.ctx, ptr [[H:%[0-9]+]],
// CHECK-NEXT:  asm "ld.global.cs.b16 $0, [$1];", "=h,l"(ptr [[H]])
__global__ void loads(const float *a, const float4 *b, const __half *h, float *out) {
  int i = threadIdx.x;
  float4 v = __ldcs(b + i);
  out[i] = __ldcs(a + i) + __ldcg(a + i + 64) + __ldg(a + i + 128) + v.x + __half2float(__ldcs(h + i));
}

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z6storesPff__csan(
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[P:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "st.global.wt.f32 [$0], $1;", "l,f,~{memory}"(ptr [[P]],
__global__ void stores(float *a, float x) { __stwt(a + threadIdx.x, x); }

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z9cub_loadsPKiPi__csan(
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[L:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "ld.global.nc.u32 $0, [$1];", "=r,l"(ptr [[L]])
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[CS:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "ld.cs.u32 $0, [$1];", "=r,l"(ptr nonnull [[CS]])
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[S:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "st.cg.u32 [$0], $1;", "l,r"(ptr [[S]],
__global__ void cub_loads(const int *in, int *out) {
  int i = threadIdx.x;
  int v = cub::ThreadLoad<cub::LOAD_LDG>(in + i) + cub::ThreadLoad<cub::LOAD_CS>(in + i + 32);
  cub::ThreadStore<cub::STORE_CG>(out + i, v);
}

// STATS: inline asm: address not an operand{{ +}}0
// STATS: inline asm: predicate not known{{ +}}0
// STATS: inline asm: instruction not understood{{ +}}0
// STATS: unclassified{{ +}}0
