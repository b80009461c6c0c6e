// csan runs at the end of the optimizer, which the -O0 pipeline runs too:
// -O0 (optnone, all locals in allocas, not checked) and -O3 builds are both
// instrumented, with and without -g, and the result passes the verifier
// (clang itself does not verify in release builds).
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O0 -g -S -emit-llvm -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.O0.ll
// RUN: opt -passes=verify -disable-output %t.O0.ll
// RUN: FileCheck %s --input-file=%t.O0.ll --check-prefixes=CHECK,O0
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -g -S -emit-llvm -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.O3.ll
// RUN: opt -passes=verify -disable-output %t.O3.ll
// RUN: FileCheck %s --input-file=%t.O3.ll --check-prefixes=CHECK,O3
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O3 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.O3.cubin
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O0 -g -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.O0g.cubin

// The twin checks the read of in[i] and the write of out[i] (the stand-in
// runtime's slow path takes the access kind last: 0 read, 1 write).
// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4copyPfPKf__csan(
// O0-SAME:     #[[ATTR:[0-9]+]]
// CHECK:       call void @__csan_test_slow_path({{.*}}, i64 4, i32 {{.*}}, i32 0)
// CHECK:       call void @__csan_test_slow_path({{.*}}, i64 4, i32 {{.*}}, i32 1)
// CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_
// CHECK:       ret void
// O0:          attributes #[[ATTR]] = { {{.*}}optnone
// O3-NOT:      optnone
__global__ void copy(float *out, const float *in) {
  int i = threadIdx.x;
  out[i] = in[i];
}
