; Device asserts (DESIGN.md, decision 21): in a twin or a clone, a call of
; CUDA's __assertfail becomes __csan_dev_assertfail with the copy's context
; first and the same arguments, so the launch and the assert's file and line
; are recorded before the assert stops the context. The original kernel and
; device function keep their __assertfail; a clone whose only reason to
; exist is an assert is kept.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@msg = private addrspace(1) constant [6 x i8] c"x < n\00"
@file = private addrspace(1) constant [8 x i8] c"k.cu\00\00\00\00"
@fn = private addrspace(1) constant [2 x i8] c"k\00"

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:       call void @__assertfail(
; CHECK:       call void @check(

; CHECK-LABEL: define void @check(
; CHECK:       call void @__assertfail(ptr addrspacecast (ptr addrspace(1) @msg to ptr), ptr addrspacecast (ptr addrspace(1) @file to ptr), i32 7,

; CHECK-LABEL: define void @check__csan(
; CHECK:       call void @__csan_dev_assertfail(ptr %csan.ctx, {{.*}}, i32 7,
; CHECK-NOT:   call void @__assertfail(

; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:       call void @__csan_dev_assertfail(ptr %csan.ctx, ptr addrspacecast (ptr addrspace(1) @msg to ptr), ptr addrspacecast (ptr addrspace(1) @file to ptr), i32 3, ptr addrspacecast (ptr addrspace(1) @fn to ptr), i64 1)
; CHECK-NOT:   call void @__assertfail(
; CHECK:       call void @check__csan(i32 %n, ptr %csan.ctx)

define ptx_kernel void @k(i32 %n) {
  %bad = icmp sgt i32 %n, 4
  br i1 %bad, label %fail, label %ok
fail:
  call void @__assertfail(ptr addrspacecast (ptr addrspace(1) @msg to ptr), ptr addrspacecast (ptr addrspace(1) @file to ptr), i32 3, ptr addrspacecast (ptr addrspace(1) @fn to ptr), i64 1)
  unreachable
ok:
  call void @check(i32 %n)
  ret void
}

define void @check(i32 %n) {
  %bad = icmp slt i32 %n, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @__assertfail(ptr addrspacecast (ptr addrspace(1) @msg to ptr), ptr addrspacecast (ptr addrspace(1) @file to ptr), i32 7, ptr addrspacecast (ptr addrspace(1) @fn to ptr), i64 1)
  unreachable
ok:
  ret void
}

declare void @__assertfail(ptr, ptr, i32, ptr, i64)
