; -fgpu-rdc host module (clang 22, new offloading driver): device variables
; are described by offloading entries in section "llvm_offload_entries", and
; csan-host adds a constructor (priority 101, appended to the module's own)
; that passes each variable to __csan_register_device_var(host_var, name,
; size, flags). Registered: plain (flags 0), __constant__ (entry flag 0x10 ->
; CSAN_VAR_F_CONSTANT = 2), managed (entry type 1 -> CSAN_VAR_F_MANAGED = 1).
; Not registered: kernels (size 0), surfaces and textures, extern variables
; (the defining module registers them), entries of other offloading kinds, and
; an entry of unknown layout, which gets a warning. -csan-host-redirect=false
; turns off only the redirection of calls, not this registration.
; RUN: %opt -passes=csan-host -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s 2>/dev/null | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@dv = dso_local global [16 x i32] undef, align 16
@cv = dso_local global [4 x double] undef, align 16
@mv = dso_local global ptr null, align 8
@mv.managed = dso_local global float 0.000000e+00, align 4
@surf = dso_local global i64 0, align 8
@tex = dso_local global i64 0, align 8
@ext = external global i32, align 4
@omp = dso_local global i32 0, align 4

@n.k = internal unnamed_addr constant [7 x i8] c"_Z1kPi\00", section ".llvm.rodata.offloading", align 1
@n.dv = internal unnamed_addr constant [3 x i8] c"dv\00", section ".llvm.rodata.offloading", align 1
@n.cv = internal unnamed_addr constant [3 x i8] c"cv\00", section ".llvm.rodata.offloading", align 1
@n.mv = internal unnamed_addr constant [3 x i8] c"mv\00", section ".llvm.rodata.offloading", align 1
@n.surf = internal unnamed_addr constant [5 x i8] c"surf\00", section ".llvm.rodata.offloading", align 1
@n.tex = internal unnamed_addr constant [4 x i8] c"tex\00", section ".llvm.rodata.offloading", align 1
@n.ext = internal unnamed_addr constant [4 x i8] c"ext\00", section ".llvm.rodata.offloading", align 1
@n.omp = internal unnamed_addr constant [4 x i8] c"omp\00", section ".llvm.rodata.offloading", align 1

@.offloading.entry._Z1kPi = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @_Z16__device_stub__kPi, ptr @n.k, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.dv = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @dv, ptr @n.dv, i64 64, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.cv = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 16, ptr @cv, ptr @n.cv, i64 32, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.mv = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 1, ptr @mv.managed, ptr @n.mv, i64 4, i64 4, ptr @mv }, section "llvm_offload_entries", align 8
@.offloading.entry.surf = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 2, ptr @surf, ptr @n.surf, i64 8, i64 1, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.tex = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 3, ptr @tex, ptr @n.tex, i64 8, i64 1, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.ext = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 8, ptr @ext, ptr @n.ext, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.omp = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 1, i32 0, ptr @omp, ptr @n.omp, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.odd = weak constant { ptr, ptr, i64 } { ptr @dv, ptr @n.dv, i64 64 }, section "llvm_offload_entries", align 8

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @user_ctor, ptr null }]

; WARN: warning: csan: offloading entry '.offloading.entry.odd' does not have the layout csan knows (LLVM 22); if it is a device variable, csan does not track it
; WARN-NOT: warning

; CHECK: @[[DV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [3 x i8] c"dv\00"
; CHECK-NEXT: @[[CV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [3 x i8] c"cv\00"
; CHECK-NEXT: @[[MV:__csan_device_var_name[.0-9]*]] = private unnamed_addr constant [3 x i8] c"mv\00"
; CHECK-NOT:  __csan_device_var_name
; CHECK: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @user_ctor, ptr null }, { i32, ptr, ptr } { i32 101, ptr @csan.register_device_vars, ptr null }]

; CHECK-LABEL: define internal void @csan.register_device_vars() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:  call void @__csan_register_device_var(ptr @dv, ptr @[[DV]], i64 64, i32 0)
; CHECK-NEXT:  call void @__csan_register_device_var(ptr @cv, ptr @[[CV]], i64 32, i32 2)
; CHECK-NEXT:  call void @__csan_register_device_var(ptr @mv.managed, ptr @[[MV]], i64 4, i32 1)
; CHECK-NEXT:  ret void

define void @_Z16__device_stub__kPi(ptr %p) {
  ret void
}

define internal void @user_ctor() {
  ret void
}
