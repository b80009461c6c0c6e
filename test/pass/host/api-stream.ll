; csan_api.def, group stream: stream functions.
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaStreamCreate(ptr %a0) {
  %r = call i32 @cudaStreamCreate(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamCreate(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamCreate(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamCreate(
; OFF-NEXT:    %r = call i32 @cudaStreamCreate(ptr noundef %a0)

define i32 @call_cudaStreamCreateWithFlags(ptr %a0, i32 %a1) {
  %r = call i32 @cudaStreamCreateWithFlags(ptr noundef %a0, i32 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamCreateWithFlags(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamCreateWithFlags(ptr noundef %a0, i32 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamCreateWithFlags(
; OFF-NEXT:    %r = call i32 @cudaStreamCreateWithFlags(ptr noundef %a0, i32 noundef %a1)

define i32 @call_cudaStreamCreateWithPriority(ptr %a0, i32 %a1, i32 %a2) {
  %r = call i32 @cudaStreamCreateWithPriority(ptr noundef %a0, i32 noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamCreateWithPriority(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamCreateWithPriority(ptr noundef %a0, i32 noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamCreateWithPriority(
; OFF-NEXT:    %r = call i32 @cudaStreamCreateWithPriority(ptr noundef %a0, i32 noundef %a1, i32 noundef %a2)

define i32 @call_cudaStreamDestroy(ptr %a0) {
  %r = call i32 @cudaStreamDestroy(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamDestroy(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamDestroy(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamDestroy(
; OFF-NEXT:    %r = call i32 @cudaStreamDestroy(ptr noundef %a0)

define i32 @call_cudaStreamWaitEvent(ptr %a0, ptr %a1, i32 %a2) {
  %r = call i32 @cudaStreamWaitEvent(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamWaitEvent(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamWaitEvent(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamWaitEvent(
; OFF-NEXT:    %r = call i32 @cudaStreamWaitEvent(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)

define i32 @call_cudaStreamWaitEvent_ptsz(ptr %a0, ptr %a1, i32 %a2) {
  %r = call i32 @cudaStreamWaitEvent_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamWaitEvent_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamWaitEvent_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamWaitEvent_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamWaitEvent_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)

define i32 @call_cudaStreamSynchronize(ptr %a0) {
  %r = call i32 @cudaStreamSynchronize(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamSynchronize(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamSynchronize(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamSynchronize(
; OFF-NEXT:    %r = call i32 @cudaStreamSynchronize(ptr noundef %a0)

define i32 @call_cudaStreamSynchronize_ptsz(ptr %a0) {
  %r = call i32 @cudaStreamSynchronize_ptsz(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamSynchronize_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamSynchronize_ptsz(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamSynchronize_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamSynchronize_ptsz(ptr noundef %a0)

define i32 @call_cudaStreamQuery(ptr %a0) {
  %r = call i32 @cudaStreamQuery(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamQuery(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamQuery(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamQuery(
; OFF-NEXT:    %r = call i32 @cudaStreamQuery(ptr noundef %a0)

define i32 @call_cudaStreamQuery_ptsz(ptr %a0) {
  %r = call i32 @cudaStreamQuery_ptsz(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamQuery_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamQuery_ptsz(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamQuery_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamQuery_ptsz(ptr noundef %a0)

define i32 @call_cudaStreamAddCallback(ptr %a0, ptr %a1, ptr %a2, i32 %a3) {
  %r = call i32 @cudaStreamAddCallback(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamAddCallback(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamAddCallback(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamAddCallback(
; OFF-NEXT:    %r = call i32 @cudaStreamAddCallback(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3)

define i32 @call_cudaStreamAddCallback_ptsz(ptr %a0, ptr %a1, ptr %a2, i32 %a3) {
  %r = call i32 @cudaStreamAddCallback_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamAddCallback_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamAddCallback_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamAddCallback_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamAddCallback_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i32 noundef %a3)

define i32 @call_cudaLaunchHostFunc(ptr %a0, ptr %a1, ptr %a2) {
  %r = call i32 @cudaLaunchHostFunc(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchHostFunc(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchHostFunc(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchHostFunc(
; OFF-NEXT:    %r = call i32 @cudaLaunchHostFunc(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)

define i32 @call_cudaLaunchHostFunc_ptsz(ptr %a0, ptr %a1, ptr %a2) {
  %r = call i32 @cudaLaunchHostFunc_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchHostFunc_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchHostFunc_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchHostFunc_ptsz(
; OFF-NEXT:    %r = call i32 @cudaLaunchHostFunc_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)

declare i32 @cudaStreamCreate(ptr noundef)
declare i32 @cudaStreamCreateWithFlags(ptr noundef, i32 noundef)
declare i32 @cudaStreamCreateWithPriority(ptr noundef, i32 noundef, i32 noundef)
declare i32 @cudaStreamDestroy(ptr noundef)
declare i32 @cudaStreamWaitEvent(ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaStreamWaitEvent_ptsz(ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaStreamSynchronize(ptr noundef)
declare i32 @cudaStreamSynchronize_ptsz(ptr noundef)
declare i32 @cudaStreamQuery(ptr noundef)
declare i32 @cudaStreamQuery_ptsz(ptr noundef)
declare i32 @cudaStreamAddCallback(ptr noundef, ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaStreamAddCallback_ptsz(ptr noundef, ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaLaunchHostFunc(ptr noundef, ptr noundef, ptr noundef)
declare i32 @cudaLaunchHostFunc_ptsz(ptr noundef, ptr noundef, ptr noundef)

; ON-DAG: declare i32 @__csan_cudaStreamCreate(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamCreateWithFlags(ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamCreateWithPriority(ptr noundef, i32 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamDestroy(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamWaitEvent(ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamWaitEvent_ptsz(ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamSynchronize(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamSynchronize_ptsz(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamQuery(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamQuery_ptsz(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamAddCallback(ptr noundef, ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamAddCallback_ptsz(ptr noundef, ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchHostFunc(ptr noundef, ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchHostFunc_ptsz(ptr noundef, ptr noundef, ptr noundef, ptr)
