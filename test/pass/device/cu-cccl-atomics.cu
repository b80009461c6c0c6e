// Atomics of every flavour reach csan as atomics: libcu++'s atomic_ref is
// inline PTX (atom/st with scopes), an atomicCAS loop is a cmpxchg, and
// cooperative groups' grid.sync() is asm atom/ld.acquire on the grid's
// barrier word. Device- and system-scoped ones are atomic accesses,
// block-scoped ones plain (not atomic with respect to another kernel). The
// checks of the spinning loads of a CAS loop and of the barrier are
// loop-invariant and go to the loop's preheader.
// RUN: %clangxx %cuda_flags %cccl_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-stats -S %t.ll 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
#include <cooperative_groups.h>
#include <cuda/atomic>
namespace cg = cooperative_groups;

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z11ref_atomicsPiPy__csan(
// CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %0,
// CHECK-NEXT:  asm sideeffect "atom.add.relaxed.gpu.s32
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[B:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "atom.add.acquire.cta.s32 $0,[$1],$2;", "=r,l,r,~{memory}"(ptr nonnull [[B]],
// CHECK:       call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %1,
// CHECK-NEXT:  asm sideeffect "st.release.sys.b64
__global__ void ref_atomics(int *counter, unsigned long long *big) {
  cuda::atomic_ref<int, cuda::thread_scope_device> c(*counter);
  c.fetch_add(1, cuda::std::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_block> b(counter[1]);
  b.fetch_add(1);
  cuda::std::atomic_ref<unsigned long long> s(*big);
  s.store(7, cuda::std::memory_order_release);
}

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z8cas_loopPff__csan(
// CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %0,
// CHECK:       cmpxchg ptr %0
__global__ void cas_loop(float *p, float v) {
  int *ip = (int *)p;
  int old = *ip, assumed;
  do {
    assumed = old;
    old = atomicCAS(ip, assumed, __float_as_int(__int_as_float(assumed) + v));
  } while (assumed != old);
}

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z12grid_barrierPi__csan(
// CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr [[BAR:%[0-9]+]],
// CHECK-NEXT:  asm sideeffect "atom.add.release.gpu.u32 $0,[$1],$2;", "=r,l,r,~{memory}"(ptr nonnull [[BAR]],
// CHECK:       call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr [[BAR]],
// CHECK:       asm sideeffect "ld.acquire.gpu.u32 $0,[$1];", "=r,l,~{memory}"(ptr nonnull [[BAR]])
__global__ void grid_barrier(int *data) {
  cg::grid_group g = cg::this_grid();
  data[g.thread_rank()] = 1;
  g.sync();
  data[g.thread_rank()] += data[(g.thread_rank() + 1) % g.size()];
}

// STATS: inline asm: address not an operand{{ +}}0
// STATS: inline asm: predicate not known{{ +}}0
// STATS: inline asm: instruction not understood{{ +}}0
// STATS: unclassified{{ +}}0
