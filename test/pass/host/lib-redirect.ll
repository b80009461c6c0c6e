; csan_lib.def: library calls. A function with a model (cublasSgemm_v2,
; ncclAllReduce) is redirected like a CUDA runtime function, with the call's
; site, and a constructor registers the address of every such function the
; module uses (REG): the declaration stays, referenced by that table. An
; address taken goes through the __csan_nosite_ thunk. A library function
; without a model keeps its call, preceded by __csan_lib_unchecked with its
; name and site (cublasSgelsBatched; a driver function cu[A-Z]*;
; ncclFooBar); quiet functions (handles, device queries, communicator set-up,
; NVRTC) and functions of other prefixes (cudaMalloc is csan_api.def's;
; cuhelper does not continue with an upper-case letter) are left alone.
; Running the pass twice changes nothing more (TWICE).
; RUN: %opt -passes=csan-host -S %s -o %t.once.ll
; RUN: FileCheck %s < %t.once.ll
; RUN: FileCheck %s --check-prefix=REG < %t.once.ll
; RUN: %opt -passes=csan-host,csan-host -S %s -o %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fnptrs = global [2 x ptr] [ptr @cublasSaxpy_v2, ptr @cublasSgelsBatched]
; CHECK: @fnptrs = global [2 x ptr] [ptr @__csan_nosite_cublasSaxpy_v2, ptr @cublasSgelsBatched]

define i32 @gemm(ptr %h, ptr %a, ptr %b, ptr %c, ptr %al, ptr %be) {
  %r = call i32 @cublasSgemm_v2(ptr %h, i32 0, i32 1, i32 4, i32 4, i32 4, ptr %al, ptr %a, i32 4, ptr %b, i32 4, ptr %be, ptr %c, i32 4)
  ret i32 %r
}
; CHECK-LABEL: define i32 @gemm(
; CHECK-NEXT: %r = call i32 @__csan_cublasSgemm_v2(ptr %h, i32 0, i32 1, i32 4, i32 4, i32 4, ptr %al, ptr %a, i32 4, ptr %b, i32 4, ptr %be, ptr %c, i32 4, ptr @__csan_host_site{{[.0-9]*}})

define i32 @others(ptr %h, ptr %p, ptr %s, ptr %comm) {
  %c = call i32 @cublasCreate_v2(ptr %h)
  %u = call i32 @cublasSgelsBatched(ptr %h, i32 0, i32 1, i32 1, i32 1, ptr %p, i32 1, ptr %p, i32 1, ptr %p, ptr %p, i32 1)
  %d = call i32 @cuDeviceGet(ptr %p, i32 0)
  %pf = call i32 @cuMemPrefetchAsync_v2(i64 0, i64 4, i32 0, i32 0, ptr %s)
  %n = call i32 @ncclAllReduce(ptr %p, ptr %p, i64 4, i32 7, i32 0, ptr %comm, ptr %s)
  %q = call i32 @ncclCommInitRank(ptr %p, i32 1, ptr byval([128 x i8]) %p, i32 0)
  %x = call i32 @ncclFooBar(ptr %comm)
  %z = call i32 @cudaMalloc(ptr %p, i64 4)
  %v = call i32 @nvrtcCompileProgram(ptr %p, i32 0, ptr null)
  %w = call i32 @cuhelper(ptr %p)
  ret i32 %x
}
; CHECK-LABEL: define i32 @others(
; CHECK-NEXT: %c = call i32 @cublasCreate_v2(ptr %h)
; CHECK-NEXT: call void @__csan_lib_unchecked(ptr @__csan_host_str{{[.0-9]*}}, ptr [[SITE:@__csan_host_site[.0-9]*]])
; CHECK-NEXT: %u = call i32 @cublasSgelsBatched(
; CHECK-NEXT: %d = call i32 @cuDeviceGet(
; CHECK-NEXT: call void @__csan_lib_unchecked(ptr @__csan_host_str{{[.0-9]*}}, ptr [[SITE]])
; CHECK-NEXT: %pf = call i32 @cuMemPrefetchAsync_v2(
; CHECK-NEXT: %n = call i32 @__csan_ncclAllReduce(ptr %p, ptr %p, i64 4, i32 7, i32 0, ptr %comm, ptr %s, ptr [[SITE]])
; CHECK-NEXT: %q = call i32 @ncclCommInitRank(
; CHECK-NEXT: call void @__csan_lib_unchecked(ptr @__csan_host_str{{[.0-9]*}}, ptr [[SITE]])
; CHECK-NEXT: %x = call i32 @ncclFooBar(
; CHECK-NEXT: %z = call i32 @__csan_cudaMalloc(
; CHECK-NEXT: %v = call i32 @nvrtcCompileProgram(
; CHECK-NEXT: %w = call i32 @cuhelper(
; CHECK-DAG: declare i32 @cublasSgemm_v2(
; CHECK-DAG: declare i32 @ncclAllReduce(
; CHECK-DAG: define linkonce_odr hidden i32 @__csan_nosite_cublasSaxpy_v2(ptr %0, i32 %1, ptr %2, ptr %3, i32 %4, ptr %5, i32 %6)
; CHECK-DAG: declare void @__csan_lib_unchecked(ptr, ptr)

; REG-DAG: @__csan_host_str{{[.0-9]*}} = private unnamed_addr constant [19 x i8] c"cublasSgelsBatched\00"
; REG-DAG: @__csan_host_str{{[.0-9]*}} = private unnamed_addr constant [22 x i8] c"cuMemPrefetchAsync_v2\00"
; REG-DAG: @__csan_host_str{{[.0-9]*}} = private unnamed_addr constant [11 x i8] c"ncclFooBar\00"
; REG-DAG: @__csan_lib_fns = private constant [3 x { ptr, ptr }] [{ ptr, ptr } { ptr [[N1:@__csan_host_str[.0-9]*]], ptr @cublasSaxpy_v2 }, { ptr, ptr } { ptr [[N2:@__csan_host_str[.0-9]*]], ptr @cublasSgemm_v2 }, { ptr, ptr } { ptr [[N3:@__csan_host_str[.0-9]*]], ptr @ncclAllReduce }]
; REG-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @csan.register_lib_fns, ptr null }]
; REG: define internal void @csan.register_lib_fns() {
; REG-NEXT: entry:
; REG-NEXT: call void @__csan_lib_register(ptr @__csan_lib_fns, i32 3)

declare i32 @cublasSgemm_v2(ptr, i32, i32, i32, i32, i32, ptr, ptr, i32, ptr, i32, ptr, ptr, i32)
declare i32 @cublasSaxpy_v2(ptr, i32, ptr, ptr, i32, ptr, i32)
declare i32 @cublasCreate_v2(ptr)
declare i32 @cublasSgelsBatched(ptr, i32, i32, i32, i32, ptr, i32, ptr, i32, ptr, ptr, i32)
declare i32 @cuDeviceGet(ptr, i32)
declare i32 @cuMemPrefetchAsync_v2(i64, i64, i32, i32, ptr)
declare i32 @ncclAllReduce(ptr, ptr, i64, i32, i32, ptr, ptr)
declare i32 @ncclCommInitRank(ptr, i32, ptr, i32)
declare i32 @ncclFooBar(ptr)
declare i32 @cudaMalloc(ptr, i64)
declare i32 @nvrtcCompileProgram(ptr, i32, ptr)
declare i32 @cuhelper(ptr)
