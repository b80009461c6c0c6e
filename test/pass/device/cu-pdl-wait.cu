// A CUDA kernel that waits on its grid dependencies with CUDA's
// cudaGridDependencySynchronize(): inlined at -O2 (the PTX instruction is
// the wait), a call at -O0. Either way its twin takes the pair of contexts
// and the store after the wait is checked with the second; a kernel
// without a wait keeps one context. The -O2 build goes through ptxas.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %opt -passes=csan-device -S %t.O0.ll | FileCheck %s
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %opt -passes=csan-device -S %t.O2.ll | FileCheck %s
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.O2.cubin

// CHECK-LABEL: define {{.*}}void @_Z8consumerPiPKi__csan(
// CHECK-SAME:  byval([2 x %struct.csan_launch_ctx])
// CHECK:       call ptr @__csan_dev_write4(ptr {{.*}}%csan.ctx,
// CHECK:       %[[POST:.*]] = call ptr @__csan_dev_pdl_post(
// CHECK:       call ptr @__csan_dev_read4(ptr {{.*}}%[[POST]],
__global__ void consumer(int *scratch, const int *in) {
  scratch[threadIdx.x] = 1; // before the wait: may overlap the producer
  cudaGridDependencySynchronize();
  scratch[threadIdx.x] += in[threadIdx.x]; // after: ordered after it
}

// CHECK-LABEL: define {{.*}}void @_Z8producerPi__csan(
// CHECK-SAME:  byval(%struct.csan_launch_ctx)
// CHECK-NOT:   __csan_dev_pdl_post
// CHECK:       ret void
__global__ void producer(int *out) { out[threadIdx.x] = 2; }
