; -csan-host-stats prints, per host module, the calls redirected in each
; csan_api.def group, the uses sent to thunks or left alone, and the device
; variables registered or not. Without the option csan-host prints nothing
; (QUIET), and it prints nothing for a device module (DEVICE).
; RUN: %opt -passes=csan-host -csan-host-stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=csan-host -disable-output %s 2>&1 | count 0
; RUN: %opt -mtriple=nvptx64-nvidia-cuda -passes=csan-host -csan-host-stats -disable-output %s 2>&1 | count 0

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@dv = dso_local global i32 0, align 4
@tex = dso_local global i64 0, align 8
@n.dv = internal unnamed_addr constant [3 x i8] c"dv\00", section ".llvm.rodata.offloading", align 1
@n.tex = internal unnamed_addr constant [4 x i8] c"tex\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry.dv = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @dv, ptr @n.dv, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.tex = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 3, ptr @tex, ptr @n.tex, i64 8, i64 1, ptr null }, section "llvm_offload_entries", align 8
@fns = global [2 x ptr] [ptr @cudaFree, ptr @cudaFree]

define void @f(ptr %p, ptr %s, ptr %e) {
  call i32 @cudaLaunchKernel(ptr null, i64 1, i32 1, i64 1, i32 1, ptr null, i64 0, ptr %s)
  call i32 @cudaStreamSynchronize(ptr %s)
  call i32 @cudaStreamSynchronize_ptsz(ptr %s)
  call i32 @cudaEventRecord(ptr %e, ptr %s)
  call i32 @cudaMalloc(ptr %p, i64 4)
  call i32 @cudaFree(ptr %p)
  call i32 @cudaMemsetAsync(ptr %p, i32 0, i64 4, ptr %s)
  ret void
}

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaStreamSynchronize(ptr)
declare i32 @cudaStreamSynchronize_ptsz(ptr)
declare i32 @cudaEventRecord(ptr, ptr)
declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaFree(ptr)
declare i32 @cudaMemsetAsync(ptr, i32, i64, ptr)

; CHECK:      csan-host: {{.*}}stats.ll:
; CHECK-NEXT: csan-host:   launch calls redirected: 1
; CHECK-NEXT: csan-host:   stream calls redirected: 2
; CHECK-NEXT: csan-host:   event calls redirected: 1
; CHECK-NEXT: csan-host:   device calls redirected: 0
; CHECK-NEXT: csan-host:   alloc calls redirected: 2
; CHECK-NEXT: csan-host:   copy calls redirected: 0
; CHECK-NEXT: csan-host:   set calls redirected: 1
; CHECK-NEXT: csan-host:   reg calls redirected: 0
; CHECK-NEXT: csan-host:   graph calls redirected: 0
; CHECK-NEXT: csan-host:   lib calls redirected: 0
; CHECK-NEXT: csan-host:   library calls counted as unchecked: 0
; CHECK-NEXT: csan-host:   library functions registered: 0
; CHECK-NEXT: csan-host:   uses redirected to thunks: 2
; CHECK-NEXT: csan-host:   uses left alone: 0
; CHECK-NEXT: csan-host:   device variables registered: 1
; CHECK-NEXT: csan-host:   device variables not registered: 1
; CHECK-NOT:  csan-host
