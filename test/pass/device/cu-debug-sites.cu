// With -g, a site names the access's file, line and column. An access in a
// device function inlined into the kernel is named by that function's line
// (CUDA device debug info has no linkage names: the plain name), and an
// atomicAdd by the user's line that called it, not by CUDA's header.
// The link step does not matter here: clang without the plugin, then csan-device.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -g -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -S %t.ll | FileCheck %s

// CHECK-DAG: [[FILE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"{{[^"]*}}cu-debug-sites.cu\00"
// CHECK-DAG: [[KERN:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"_Z4kernPfPi\00"
// CHECK-DAG: [[HELPER:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"load_twice\00"

// helper's read at line 21, column 10 (read of 4 bytes).
// CHECK-DAG: constant %struct.csan_site { i32 21, i32 10, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[HELPER]] to ptr), i32 0, i32 4 }
// The store at line 26, column 10 (write of 4 bytes).
// CHECK-DAG: constant %struct.csan_site { i32 26, i32 10, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), i32 1, i32 4 }
// atomicAdd at line 27, column 3 (atomic write of 4 bytes).
// CHECK-DAG: constant %struct.csan_site { i32 27, i32 3, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), i32 3, i32 4 }

static __device__ __attribute__((always_inline)) float load_twice(const float *p, int i) {
  return p[i] * 2.0f;
}

__global__ void kern(float *out, int *count) {
  int i = threadIdx.x;
  out[i] = load_twice(out, i + 1);
  atomicAdd(count, 1);
}
