; When the module already uses a wrapper's or thunk's name for something
; else, csan-host says so and leaves those uses alone instead of crashing or
; calling a variable: cudaMalloc (its wrapper name is a variable) stays,
; the address of cudaFree (its thunk name is taken) stays while its direct
; call is redirected, and cudaStreamQuery is redirected as usual.
; RUN: %opt -passes=csan-host -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__csan_cudaMalloc = global i32 0
@__csan_nosite_cudaFree = global i32 0
@free_fn = global ptr @cudaFree

; WARN-DAG: warning: csan: '__csan_cudaMalloc' names a variable in this module; calls of 'cudaMalloc' are not redirected
; WARN-DAG: warning: csan: '__csan_nosite_cudaFree' already names something else in this module; uses of 'cudaFree' that are not calls are not redirected

; CHECK: @free_fn = global ptr @cudaFree

define i32 @f(ptr %p, ptr %s) {
  %a = call i32 @cudaMalloc(ptr %p, i64 64)
  %b = call i32 @cudaFree(ptr %p)
  %c = call i32 @cudaStreamQuery(ptr %s)
  ret i32 %c
}
; CHECK-LABEL: define i32 @f(
; CHECK-NEXT:  %a = call i32 @cudaMalloc(ptr %p, i64 64)
; CHECK-NEXT:  %b = call i32 @__csan_cudaFree(ptr %p, ptr @{{__csan_host_site[.0-9]*}})
; CHECK-NEXT:  %c = call i32 @__csan_cudaStreamQuery(ptr %s, ptr @{{__csan_host_site[.0-9]*}})

declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaFree(ptr)
declare i32 @cudaStreamQuery(ptr)
