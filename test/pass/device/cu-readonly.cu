// Read-only data is still checked: const __restrict__ loads (ld.global.nc
// candidates), __ldg and invariant loads can race with writes from another
// stream.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -S %t.ll | FileCheck %s

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z3addPfPKfS1_i__csan(
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx,
// CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx,
// CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx,
__global__ void add(float *__restrict__ out, const float *__restrict__ a,
                    const float *__restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] + __ldg(&b[i]);
}
