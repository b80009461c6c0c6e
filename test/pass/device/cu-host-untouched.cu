// The device half leaves the host module of a CUDA file alone: no twins, no
// checks, no runtime needed.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-host-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.missing.bc -S %t.ll -o %t.out.ll
// RUN: FileCheck %s --input-file=%t.out.ll
// RUN: FileCheck %s --input-file=%t.out.ll --check-prefix=STUB

// CHECK-NOT: __csan
// STUB: define {{.*}}void @_Z24__device_stub__incrementPi(
__global__ void increment(int *p) { p[threadIdx.x] += 1; }

int main() {
  int *p = nullptr;
  increment<<<1, 32>>>(p);
  return 0;
}
