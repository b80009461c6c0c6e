// An instrumented CUDA file goes through clang, csan-device, csan-device-link
// (with the stand-in runtime), the NVPTX backend and ptxas: the site
// initializers with generic() addresses, the weak anchor, the clone of a
// device function with the context as a parameter and the 1088-byte
// grid_constant context parameter all assemble; csan adds no shared memory.
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.cubin
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o - | FileCheck %s

// CHECK-DAG: .weak .global .align 1 .u8 __csan_module_anchor;
// CHECK-NOT: .shared
// CHECK-DAG: .global .align 8 .u64 csan_$_site{{[0-9]*}}[4] = {{{[0-9]+}}, generic(csan_$_str{{[0-9]*}}), generic(csan_$_str{{[0-9]*}}), {{[0-9]+}}};

// The device function keeps its parameters, its clone has one more. The
// kernel keeps its parameters and calls the original; its twin has one more
// and calls the clone with the context's generic address.
// CHECK-LABEL: .func _Z4axpyfPKfPfi(
// CHECK-NOT:   _param_4
// CHECK-LABEL: .func _Z4axpyfPKfPfi__csan(
// CHECK:       .param .b64 _Z4axpyfPKfPfi__csan_param_4
// CHECK-LABEL: .entry _Z5saxpyfPKfPfi(
// CHECK-NOT:   _param_4
// CHECK:       call.uni _Z4axpyfPKfPfi,
// CHECK-LABEL: .entry _Z5saxpyfPKfPfi__csan(
// CHECK:       .param .align 8 .b8 _Z5saxpyfPKfPfi__csan_param_4[1088]
// CHECK:       cvta.param.u64
// CHECK:       call.uni _Z4axpyfPKfPfi__csan,

__device__ __noinline__ void axpy(float a, const float *x, float *y, int i) { y[i] = a * x[i] + y[i]; }

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    axpy(a, x, y, i);
}
