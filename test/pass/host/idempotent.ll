; Running csan-host twice gives the module of a single run: the redirected
; calls, thunks and the device-variable constructor are not redirected or
; emitted again. (The single run itself changes the module: ONCE.)
; RUN: %opt -passes=csan-host -S %s -o %t.once.ll
; RUN: %opt -passes=csan-host,csan-host -S %s -o %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll
; RUN: FileCheck %s --check-prefix=ONCE < %t.once.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@dv = dso_local global [16 x i32] undef, align 16
@n.dv = internal unnamed_addr constant [3 x i8] c"dv\00", section ".llvm.rodata.offloading", align 1
@.offloading.entry.dv = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @dv, ptr @n.dv, i64 64, i64 0, ptr null }, section "llvm_offload_entries", align 8
@free_fn = global ptr @cudaFree

; ONCE: @free_fn = global ptr @__csan_nosite_cudaFree
; ONCE: %r = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @__csan_host_site)
; ONCE: call void @__csan_register_device_var(ptr @dv,

define i32 @f(ptr %p) {
  %r = call i32 @cudaMalloc(ptr %p, i64 64)
  ret i32 %r
}

declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaFree(ptr)
