// Without debug info (-g0) sites still name the file (the module's source
// file) and the function (the kernel's mangled name for its twin), with line
// and column 0.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -g0 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -S %t.ll | FileCheck %s

// CHECK-DAG: [[FILE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"{{[^"]*}}cu-g0-sites.cu\00"
// CHECK-DAG: [[KERN:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"_Z4zeroPi\00"
// CHECK-DAG: constant %struct.csan_site { i32 0, i32 0, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), i32 1, i32 4 }
// CHECK-NOT: !dbg
__global__ void zero(int *p) { p[threadIdx.x] = 0; }
