; A use of a CUDA runtime function that is not a direct call (stored, passed
; as a callback, in a global initializer, the callee of a musttail call) goes
; to __csan_nosite_<name>: a linkonce_odr hidden thunk with the function's own
; type and attributes that calls the wrapper with a null site (no tail call
; when an argument is byval). Direct calls in the same module still get
; their site, and uses of other functions are left alone.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --implicit-check-not=@cuda

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.cudaExtent = type { i64, i64, i64 }
%struct.cudaPitchedPtr = type { ptr, i64, i64, i64 }

@table = global [3 x ptr] [ptr @cudaMalloc, ptr @cudaFree, ptr @not_cuda]
; CHECK: @table = global [3 x ptr] [ptr @__csan_nosite_cudaMalloc, ptr @__csan_nosite_cudaFree, ptr @not_cuda]

define void @store_it(ptr %slot) {
  store ptr @cudaStreamSynchronize, ptr %slot, align 8
  store ptr @not_cuda, ptr %slot, align 8
  ret void
}
; CHECK-LABEL: define void @store_it(
; CHECK-NEXT:  store ptr @__csan_nosite_cudaStreamSynchronize, ptr %slot, align 8
; CHECK-NEXT:  store ptr @not_cuda, ptr %slot, align 8

define i32 @callback(ptr %s, ptr %p) {
  %r = call i32 @cudaLaunchHostFunc(ptr noundef %s, ptr noundef @cudaFreeHost, ptr noundef %p)
  call void @register(ptr @cudaMemset3D)
  ret i32 %r
}
; CHECK-LABEL: define i32 @callback(
; CHECK-NEXT:  %r = call i32 @__csan_cudaLaunchHostFunc(ptr noundef %s, ptr noundef @__csan_nosite_cudaFreeHost, ptr noundef %p, ptr @__csan_host_site{{[.0-9]*}})
; CHECK-NEXT:  call void @register(ptr @__csan_nosite_cudaMemset3D)

define i32 @direct(ptr %p) {
  %r = call i32 @cudaMalloc(ptr noundef %p, i64 noundef 8)
  ret i32 %r
}
; CHECK-LABEL: define i32 @direct(
; CHECK-NEXT:  %r = call i32 @__csan_cudaMalloc(ptr noundef %p, i64 noundef 8, ptr @__csan_host_site{{[.0-9]*}})

define i32 @forward() {
  %r = musttail call i32 @cudaDeviceSynchronize()
  ret i32 %r
}
; CHECK-LABEL: define i32 @forward(
; CHECK-NEXT:  %r = musttail call i32 @__csan_nosite_cudaDeviceSynchronize()

; CHECK-LABEL: define linkonce_odr hidden i32 @__csan_nosite_cudaMalloc(ptr noundef %0, i64 noundef %1) comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %2 = tail call i32 @__csan_cudaMalloc(ptr noundef %0, i64 noundef %1, ptr null)
; CHECK-NEXT:    ret i32 %2

; CHECK-LABEL: define linkonce_odr hidden i32 @__csan_nosite_cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %0, i32 noundef %1, ptr noundef byval(%struct.cudaExtent) align 8 %2) comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %3 = call i32 @__csan_cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %0, i32 noundef %1, ptr noundef byval(%struct.cudaExtent) align 8 %2, ptr null)
; CHECK-NEXT:    ret i32 %3

declare i32 @cudaMalloc(ptr noundef, i64 noundef)
declare i32 @cudaFree(ptr noundef)
declare i32 @cudaFreeHost(ptr noundef)
declare i32 @cudaStreamSynchronize(ptr noundef)
declare i32 @cudaLaunchHostFunc(ptr noundef, ptr noundef, ptr noundef)
declare i32 @cudaDeviceSynchronize()
declare i32 @cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8)
declare i32 @not_cuda(i32)
declare void @register(ptr)
