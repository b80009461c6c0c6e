; csan_api.def, group graph: graph capture and launch.
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaStreamBeginCapture(ptr %a0, i32 %a1) {
  %r = call i32 @cudaStreamBeginCapture(ptr noundef %a0, i32 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamBeginCapture(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamBeginCapture(ptr noundef %a0, i32 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamBeginCapture(
; OFF-NEXT:    %r = call i32 @cudaStreamBeginCapture(ptr noundef %a0, i32 noundef %a1)

define i32 @call_cudaStreamBeginCapture_ptsz(ptr %a0, i32 %a1) {
  %r = call i32 @cudaStreamBeginCapture_ptsz(ptr noundef %a0, i32 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamBeginCapture_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamBeginCapture_ptsz(ptr noundef %a0, i32 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamBeginCapture_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamBeginCapture_ptsz(ptr noundef %a0, i32 noundef %a1)

define i32 @call_cudaStreamEndCapture(ptr %a0, ptr %a1) {
  %r = call i32 @cudaStreamEndCapture(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamEndCapture(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamEndCapture(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamEndCapture(
; OFF-NEXT:    %r = call i32 @cudaStreamEndCapture(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaStreamEndCapture_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaStreamEndCapture_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaStreamEndCapture_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaStreamEndCapture_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaStreamEndCapture_ptsz(
; OFF-NEXT:    %r = call i32 @cudaStreamEndCapture_ptsz(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaGraphLaunch(ptr %a0, ptr %a1) {
  %r = call i32 @cudaGraphLaunch(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaGraphLaunch(
; ON-NEXT:    %r = call i32 @__csan_cudaGraphLaunch(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaGraphLaunch(
; OFF-NEXT:    %r = call i32 @cudaGraphLaunch(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaGraphLaunch_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaGraphLaunch_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaGraphLaunch_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaGraphLaunch_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaGraphLaunch_ptsz(
; OFF-NEXT:    %r = call i32 @cudaGraphLaunch_ptsz(ptr noundef %a0, ptr noundef %a1)

declare i32 @cudaStreamBeginCapture(ptr noundef, i32 noundef)
declare i32 @cudaStreamBeginCapture_ptsz(ptr noundef, i32 noundef)
declare i32 @cudaStreamEndCapture(ptr noundef, ptr noundef)
declare i32 @cudaStreamEndCapture_ptsz(ptr noundef, ptr noundef)
declare i32 @cudaGraphLaunch(ptr noundef, ptr noundef)
declare i32 @cudaGraphLaunch_ptsz(ptr noundef, ptr noundef)

; ON-DAG: declare i32 @__csan_cudaStreamBeginCapture(ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamBeginCapture_ptsz(ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamEndCapture(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaStreamEndCapture_ptsz(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaGraphLaunch(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaGraphLaunch_ptsz(ptr noundef, ptr noundef, ptr)
