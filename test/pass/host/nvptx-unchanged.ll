; csan-host never touches a device (nvptx64) module, even one that calls
; functions whose names are in csan_api.def (the device runtime API has a
; cudaMalloc and a cudaDeviceSynchronize of its own). The same IR given a
; host triple (HOST) is redirected.
; RUN: %opt -S %s -o %t.plain.ll
; RUN: %opt -passes=csan-host -S %s -o %t.csan.ll
; RUN: diff %t.plain.ll %t.csan.ll
; RUN: %opt -mtriple=x86_64-pc-linux-gnu -passes=csan-host -S %s | FileCheck %s --check-prefix=HOST

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @child(ptr %p) {
  %a = call i32 @cudaMalloc(ptr %p, i64 64)
  %b = call i32 @cudaDeviceSynchronize()
  ret void
}
; HOST-LABEL: define void @child(
; HOST-NEXT:  %a = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @{{__csan_host_site[.0-9]*}})
; HOST-NEXT:  %b = call i32 @__csan_cudaDeviceSynchronize(ptr @{{__csan_host_site[.0-9]*}})

declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaDeviceSynchronize()
