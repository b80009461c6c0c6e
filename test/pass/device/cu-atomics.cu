// CUDA atomics as clang compiles them: atomicAdd/atomicCAS/atomicExch are
// system-scope atomic writes, atomicAdd_block (llvm.nvvm.atomic.*.cta) is
// block-scoped and so checked as a plain write (it is not atomic with respect
// to another kernel), and __atomic_load_n is an atomic read.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %t.ll | FileCheck %s

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4atomPiPyPf__csan(
// CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %0,
// CHECK-NEXT:  atomicrmw add ptr {{%csan.use[0-9]*|%0}}, i32 1 {{.*}}seq_cst
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %0,
// CHECK-NEXT:  call {{.*}}i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %0, i32 2)
// CHECK:       call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %1,
// CHECK-NEXT:  cmpxchg ptr {{%csan.use[0-9]*|%1}}
// CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %2,
// CHECK-NEXT:  atomicrmw xchg ptr {{%csan.use[0-9]*|%2}}
// CHECK:       call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr %0,
// CHECK-NEXT:  load atomic i32, ptr {{%csan.use[0-9]*|%0}}
__global__ void atom(int *counter, unsigned long long *word, float *f) {
  atomicAdd(counter, 1);
  atomicAdd_block(counter, 2);
  atomicCAS(word, 0ull, 1ull);
  atomicExch(f, 1.0f);
  int seen = __atomic_load_n(counter, __ATOMIC_ACQUIRE);
  if (seen == 7)
    f[1] = 0.0f;
}
