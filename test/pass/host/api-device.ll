; csan_api.def, group device: device-wide synchronization.
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaDeviceSynchronize() {
  %r = call i32 @cudaDeviceSynchronize()
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaDeviceSynchronize(
; ON-NEXT:    %r = call i32 @__csan_cudaDeviceSynchronize(ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaDeviceSynchronize(
; OFF-NEXT:    %r = call i32 @cudaDeviceSynchronize()

define i32 @call_cudaDeviceReset() {
  %r = call i32 @cudaDeviceReset()
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaDeviceReset(
; ON-NEXT:    %r = call i32 @__csan_cudaDeviceReset(ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaDeviceReset(
; OFF-NEXT:    %r = call i32 @cudaDeviceReset()

declare i32 @cudaDeviceSynchronize()
declare i32 @cudaDeviceReset()

; ON-DAG: declare i32 @__csan_cudaDeviceSynchronize(ptr)
; ON-DAG: declare i32 @__csan_cudaDeviceReset(ptr)
