; csan_api.def, group launch: kernel launches
; (dim3 arguments stay coerced to i64, i32 as on x86-64).
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before, followed by a call of __csan_launch_result_used (the
; program reads the launch's error); the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaLaunchKernel(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call noundef i32 @cudaLaunchKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchKernel(
; ON-NEXT:    %r = call noundef i32 @__csan_cudaLaunchKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchKernel(
; OFF-NEXT:    %r = call noundef i32 @cudaLaunchKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

define i32 @call_cudaLaunchKernel_ptsz(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call noundef i32 @cudaLaunchKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchKernel_ptsz(
; ON-NEXT:    %r = call noundef i32 @__csan_cudaLaunchKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchKernel_ptsz(
; OFF-NEXT:    %r = call noundef i32 @cudaLaunchKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

define i32 @call_cudaLaunchKernelExC(ptr %a0, ptr %a1, ptr %a2) {
  %r = call i32 @cudaLaunchKernelExC(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchKernelExC(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchKernelExC(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchKernelExC(
; OFF-NEXT:    %r = call i32 @cudaLaunchKernelExC(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)

define i32 @call_cudaLaunchKernelExC_ptsz(ptr %a0, ptr %a1, ptr %a2) {
  %r = call i32 @cudaLaunchKernelExC_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchKernelExC_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchKernelExC_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchKernelExC_ptsz(
; OFF-NEXT:    %r = call i32 @cudaLaunchKernelExC_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2)

define i32 @call_cudaLaunchCooperativeKernel(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call i32 @cudaLaunchCooperativeKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchCooperativeKernel(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchCooperativeKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchCooperativeKernel(
; OFF-NEXT:    %r = call i32 @cudaLaunchCooperativeKernel(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

define i32 @call_cudaLaunchCooperativeKernel_ptsz(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call i32 @cudaLaunchCooperativeKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaLaunchCooperativeKernel_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaLaunchCooperativeKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    call void @__csan_launch_result_used()
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaLaunchCooperativeKernel_ptsz(
; OFF-NEXT:    %r = call i32 @cudaLaunchCooperativeKernel_ptsz(ptr noundef %a0, i64 %a1, i32 %a2, i64 %a3, i32 %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchKernelExC(ptr noundef, ptr noundef, ptr noundef)
declare i32 @cudaLaunchKernelExC_ptsz(ptr noundef, ptr noundef, ptr noundef)
declare i32 @cudaLaunchCooperativeKernel(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef)
declare i32 @cudaLaunchCooperativeKernel_ptsz(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef)

; ON-DAG: declare i32 @__csan_cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchKernelExC(ptr noundef, ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchKernelExC_ptsz(ptr noundef, ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchCooperativeKernel(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaLaunchCooperativeKernel_ptsz(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef, ptr)
