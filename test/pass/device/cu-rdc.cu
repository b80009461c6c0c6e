// -fgpu-rdc: the twin of a kernel calls the clone of a device function of
// another translation unit by name (scale__csan, with the context as its
// last parameter); the kernel itself calls the original. The calling module
// carries a weak fallback scale__csan that calls scale: nvlink takes the
// other module's strong clone when it has one, the fallback when that module
// was compiled without csan (scale then runs unchecked, and the link works).
// Both objects define the weak anchor; nvlink keeps one.
// RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -S -emit-llvm -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %S/Inputs/rdc_function.cu -o - | FileCheck %s --check-prefix=FUNC
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -S -emit-llvm -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o - | FileCheck %s --check-prefix=KERN
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %S/Inputs/rdc_function.cu -o %t.func.o
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -c -fpass-plugin=%csan_plugin -mllvm -csan-rt-bitcode=%t.rt.bc %s -o %t.kern.o
// RUN: %cuda_libdir/../bin/nvlink -arch=%gpu_arch %t.kern.o %t.func.o -o %t.linked.cubin
// RUN: readelf -sW %t.linked.cubin | FileCheck %s --check-prefix=LINKED
// RUN: readelf -sW %t.linked.cubin | FileCheck %s --check-prefix=STRONG
// The other module compiled without csan: the fallback links.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -fgpu-rdc -O2 -c %S/Inputs/rdc_function.cu -o %t.plainfunc.o
// RUN: %cuda_libdir/../bin/nvlink -arch=%gpu_arch %t.kern.o %t.plainfunc.o -o %t.mixed.cubin
// RUN: readelf -sW %t.mixed.cubin | FileCheck %s --check-prefix=MIXED

// FUNC-DAG: @__csan_module_anchor = weak addrspace(1) global i8 0
// FUNC-NOT:   addrspace(3) global
// FUNC-LABEL: define {{.*}}float @_Z5scalePfi(ptr
// FUNC-NOT:   __csan
// FUNC:       ret float
// FUNC-LABEL: define {{.*}}float @_Z5scalePfi__csan(
// FUNC-SAME:  ptr {{.*}}%0, i32 {{.*}}%1, ptr [[CTX:%[0-9]+]])
// FUNC:       call void @__csan_test_slow_path(ptr {{.*}}[[CTX]],

// KERN-LABEL: define {{.*}}void @_Z4kernPf(
// KERN:       call {{.*}}float @_Z5scalePfi(ptr
// KERN-NOT:   __csan
// KERN:       ret void
// KERN-LABEL: define {{.*}}void @_Z4kernPf__csan(
// KERN-SAME:  ptr {{.*}} [[KCTX:%[0-9]+]])
// KERN:       call {{.*}}float @_Z5scalePfi__csan(ptr {{.*}}, i32 {{.*}}, ptr {{.*}}[[KCTX]])
// KERN-LABEL: define weak float @_Z5scalePfi__csan(
// KERN-NEXT:  call float @_Z5scalePfi(

// LINKED-COUNT-1: WEAK {{.*}} __csan_module_anchor
// LINKED-NOT:     __csan_module_anchor
// LINKED:         _Z4kernPf__csan
// The strong clone (640 bytes of SASS with its check) won over the fallback:
// STRONG:         FUNC GLOBAL {{.*}} _Z5scalePfi__csan
// MIXED:          WEAK {{.*}} _Z5scalePfi__csan

extern __device__ float scale(float *p, int i);
__global__ void kern(float *p) { p[threadIdx.x] = scale(p, threadIdx.x); }
