; csan_api.def, group reg: variable registration, in the shape of
; clang's __cuda_register_globals (clang declares __cudaRegisterManagedVar with
; six parameters).
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@dv = internal global [16 x i32] undef, align 16
@mv = internal global ptr null, align 8
@0 = private unnamed_addr constant [3 x i8] c"dv\00", align 1
@1 = private unnamed_addr constant [3 x i8] c"mv\00", align 1

define internal void @__cuda_register_globals(ptr %0) {
  call void @__cudaRegisterVar(ptr %0, ptr @dv, ptr @0, ptr @0, i32 0, i64 64, i32 0, i32 0)
  call void @__cudaRegisterManagedVar(ptr %0, ptr @mv, ptr @dv, ptr @1, i64 64, i32 16)
  ret void
}
; ON-LABEL: define internal void @__cuda_register_globals(
; ON-NEXT:    call void @__csan___cudaRegisterVar(ptr %0, ptr @dv, ptr @0, ptr @0, i32 0, i64 64, i32 0, i32 0, ptr @[[SITE:__csan_host_site[.0-9]*]])
; ON-NEXT:    call void @__csan___cudaRegisterManagedVar(ptr %0, ptr @mv, ptr @dv, ptr @1, i64 64, i32 16, ptr @[[SITE]])
; OFF-LABEL: define internal void @__cuda_register_globals(
; OFF-NEXT:    call void @__cudaRegisterVar(ptr %0, ptr @dv, ptr @0, ptr @0, i32 0, i64 64, i32 0, i32 0)
; OFF-NEXT:    call void @__cudaRegisterManagedVar(ptr %0, ptr @mv, ptr @dv, ptr @1, i64 64, i32 16)

declare void @__cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)
declare void @__cudaRegisterManagedVar(ptr, ptr, ptr, ptr, i64, i32)

; ON-DAG: declare void @__csan___cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32, ptr)
; ON-DAG: declare void @__csan___cudaRegisterManagedVar(ptr, ptr, ptr, ptr, i64, i32, ptr)
