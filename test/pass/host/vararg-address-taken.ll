; An unprototyped (variadic) declaration of a CUDA runtime function: its
; direct calls are redirected, but no thunk can forward arguments it does
; not know, so a use that is not a call is left alone, with a warning that
; says so (never silently, never a crash). A prototyped function's address
; in the same module does get its thunk.
; RUN: %opt -passes=csan-host -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; WARN: warning: csan: 'cudaFree' is declared variadic (no prototype); 1 use(s) that are not direct calls are not redirected
; WARN-NOT: warning

@callbacks = global [2 x ptr] [ptr @cudaFree, ptr @cudaFreeHost]
; CHECK: @callbacks = global [2 x ptr] [ptr @cudaFree, ptr @__csan_nosite_cudaFreeHost]

define i32 @use(ptr %p) {
  %r = call i32 (ptr, ...) @cudaFree(ptr %p)
  ret i32 %r
}
; CHECK-LABEL: define i32 @use(
; CHECK-NEXT:  %r = call i32 @__csan_cudaFree(ptr %p, ptr @__csan_host_site)

; CHECK: declare i32 @cudaFree(...)

declare i32 @cudaFree(...)
declare i32 @cudaFreeHost(ptr)
