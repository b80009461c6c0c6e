; csan_api.def, group event: event functions.
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaEventCreate(ptr %a0) {
  %r = call i32 @cudaEventCreate(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventCreate(
; ON-NEXT:    %r = call i32 @__csan_cudaEventCreate(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventCreate(
; OFF-NEXT:    %r = call i32 @cudaEventCreate(ptr noundef %a0)

define i32 @call_cudaEventCreateWithFlags(ptr %a0, i32 %a1) {
  %r = call i32 @cudaEventCreateWithFlags(ptr noundef %a0, i32 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventCreateWithFlags(
; ON-NEXT:    %r = call i32 @__csan_cudaEventCreateWithFlags(ptr noundef %a0, i32 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventCreateWithFlags(
; OFF-NEXT:    %r = call i32 @cudaEventCreateWithFlags(ptr noundef %a0, i32 noundef %a1)

define i32 @call_cudaEventDestroy(ptr %a0) {
  %r = call i32 @cudaEventDestroy(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventDestroy(
; ON-NEXT:    %r = call i32 @__csan_cudaEventDestroy(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventDestroy(
; OFF-NEXT:    %r = call i32 @cudaEventDestroy(ptr noundef %a0)

define i32 @call_cudaEventRecord(ptr %a0, ptr %a1) {
  %r = call i32 @cudaEventRecord(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventRecord(
; ON-NEXT:    %r = call i32 @__csan_cudaEventRecord(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventRecord(
; OFF-NEXT:    %r = call i32 @cudaEventRecord(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaEventRecord_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaEventRecord_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventRecord_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaEventRecord_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventRecord_ptsz(
; OFF-NEXT:    %r = call i32 @cudaEventRecord_ptsz(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaEventRecordWithFlags(ptr %a0, ptr %a1, i32 %a2) {
  %r = call i32 @cudaEventRecordWithFlags(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventRecordWithFlags(
; ON-NEXT:    %r = call i32 @__csan_cudaEventRecordWithFlags(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventRecordWithFlags(
; OFF-NEXT:    %r = call i32 @cudaEventRecordWithFlags(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)

define i32 @call_cudaEventRecordWithFlags_ptsz(ptr %a0, ptr %a1, i32 %a2) {
  %r = call i32 @cudaEventRecordWithFlags_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventRecordWithFlags_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaEventRecordWithFlags_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventRecordWithFlags_ptsz(
; OFF-NEXT:    %r = call i32 @cudaEventRecordWithFlags_ptsz(ptr noundef %a0, ptr noundef %a1, i32 noundef %a2)

define i32 @call_cudaEventQuery(ptr %a0) {
  %r = call i32 @cudaEventQuery(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventQuery(
; ON-NEXT:    %r = call i32 @__csan_cudaEventQuery(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventQuery(
; OFF-NEXT:    %r = call i32 @cudaEventQuery(ptr noundef %a0)

define i32 @call_cudaEventSynchronize(ptr %a0) {
  %r = call i32 @cudaEventSynchronize(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaEventSynchronize(
; ON-NEXT:    %r = call i32 @__csan_cudaEventSynchronize(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaEventSynchronize(
; OFF-NEXT:    %r = call i32 @cudaEventSynchronize(ptr noundef %a0)

declare i32 @cudaEventCreate(ptr noundef)
declare i32 @cudaEventCreateWithFlags(ptr noundef, i32 noundef)
declare i32 @cudaEventDestroy(ptr noundef)
declare i32 @cudaEventRecord(ptr noundef, ptr noundef)
declare i32 @cudaEventRecord_ptsz(ptr noundef, ptr noundef)
declare i32 @cudaEventRecordWithFlags(ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaEventRecordWithFlags_ptsz(ptr noundef, ptr noundef, i32 noundef)
declare i32 @cudaEventQuery(ptr noundef)
declare i32 @cudaEventSynchronize(ptr noundef)

; ON-DAG: declare i32 @__csan_cudaEventCreate(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventCreateWithFlags(ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventDestroy(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventRecord(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventRecord_ptsz(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventRecordWithFlags(ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventRecordWithFlags_ptsz(ptr noundef, ptr noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventQuery(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaEventSynchronize(ptr noundef, ptr)
