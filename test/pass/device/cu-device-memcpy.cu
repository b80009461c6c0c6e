// Struct copies and memset/memcpy in device code become memory intrinsics:
// range checks of their exact length on both sides.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -S %t.ll | FileCheck %s

struct Particle { float pos[3]; float vel[3]; int id; };

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4movePvPKvm__csan(
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %0, i64 %2,
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %1, i64 %2,
// CHECK-NEXT:  call void @llvm.memcpy
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr {{.*}}, i64 64,
// CHECK-NEXT:  call void @llvm.memset
__global__ void move(void *dst, const void *src, size_t n) {
  memcpy(dst, src, n);
  memset((char *)dst + 4096, 0, 64);
}

// A 28-byte struct copy: a memcpy, checked on both sides for 28 bytes.
// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4copyP8ParticlePKS_i__csan(
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr [[DST:%.*]], i64 28,
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr [[SRC:%.*]], i64 28,
// CHECK-NEXT:  call void @llvm.memcpy{{.*}}(ptr {{.*}}[[DST]], ptr {{.*}}[[SRC]], i64 28
// CHECK:       ret void
__global__ void copy(Particle *out, const Particle *in, int i) { out[i] = in[i]; }
