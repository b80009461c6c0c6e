// -fgpu-rdc: a device function in another translation unit reads the launch
// context from the weak shared slot that the kernel's prologue writes. Both
// objects define the weak slot and the weak anchor; nvlink keeps one anchor.
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -S -emit-llvm -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %S/Inputs/rdc_function.cu -o - | FileCheck %s --check-prefix=FUNC
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %S/Inputs/rdc_function.cu -o %t.func.o
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.kern.o
// RUN: %cuda_libdir/../bin/nvlink -arch=%gpu_arch %t.kern.o %t.func.o -o %t.linked.cubin
// RUN: readelf -sW %t.linked.cubin | FileCheck %s --check-prefix=LINKED

// FUNC-DAG: @__csan_ctx_slot = weak addrspace(3) global ptr undef
// FUNC-DAG: @__csan_module_anchor = weak addrspace(1) global i8 0
// FUNC-LABEL: define {{.*}}float @_Z5scalePfi(
// FUNC:       [[CTX:%.*]] = load ptr, ptr addrspace(3) @__csan_ctx_slot
// FUNC:       call void @__csan_test_slow_path(ptr [[CTX]],

// LINKED-COUNT-1: WEAK {{.*}} __csan_module_anchor
// LINKED-NOT:     __csan_module_anchor
// LINKED:         _Z4kernPf__csan

extern __device__ float scale(float *p, int i);
__global__ void kern(float *p) { p[threadIdx.x] = scale(p, threadIdx.x); }
