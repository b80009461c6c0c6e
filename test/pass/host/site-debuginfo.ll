; The csan_host_site passed to a wrapper names the call. With debug info
; (DBG): the file, line and column of the call's own DILocation and the
; linkage name (else the name) of its subprogram; for a call inlined from
; another function, that function and its file and line (the innermost
; location). A call without a location falls back to the module's source
; file and the calling function, line and column 0. Without debug info
; (NODBG, -strip-debug, like -g0) every site is that fallback. Equal sites
; and equal strings are emitted once.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=DBG
; RUN: %opt -strip-debug -passes=csan-host -S %s | FileCheck %s --check-prefix=NODBG

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
source_filename = "app.cu"

; DBG-DAG: @[[APP:__csan_host_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"app.cu\00", align 1
; DBG-DAG: @[[MAIN:__csan_host_str[.0-9]*]] = private unnamed_addr constant [9 x i8] c"_Z4mainv\00", align 1
; DBG-DAG: @[[HDR:__csan_host_str[.0-9]*]] = private unnamed_addr constant [11 x i8] c"helper.cuh\00", align 1
; DBG-DAG: @[[HELPER:__csan_host_str[.0-9]*]] = private unnamed_addr constant [11 x i8] c"_Z6helperv\00", align 1
; DBG-DAG: @[[CFUNC:__csan_host_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"c_func\00", align 1
; DBG-DAG: @[[OWN:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[APP]], ptr @[[MAIN]], i32 7, i32 3 }, align 8
; DBG-DAG: @[[INL:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[HDR]], ptr @[[HELPER]], i32 4, i32 10 }, align 8
; DBG-DAG: @[[NOLOC:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[APP]], ptr @[[MAIN]], i32 0, i32 0 }, align 8
; DBG-DAG: @[[CSITE:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[APP]], ptr @[[CFUNC]], i32 21, i32 5 }, align 8

; NODBG:      @[[APP:__csan_host_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"app.cu\00", align 1
; NODBG-NEXT: @[[CFUNC:__csan_host_str[.0-9]*]] = private unnamed_addr constant [7 x i8] c"c_func\00", align 1
; NODBG-NEXT: @[[CSITE:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[APP]], ptr @[[CFUNC]], i32 0, i32 0 }, align 8
; NODBG-NEXT: @[[MAIN:__csan_host_str[.0-9]*]] = private unnamed_addr constant [9 x i8] c"_Z4mainv\00", align 1
; NODBG-NEXT: @[[MSITE:__csan_host_site[.0-9]*]] = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @[[APP]], ptr @[[MAIN]], i32 0, i32 0 }, align 8
; NODBG-NOT:  constant { ptr, ptr, i32, i32 }

define i32 @_Z4mainv() !dbg !10 {
  %p = alloca ptr, align 8
  %a = call i32 @cudaMalloc(ptr %p, i64 64), !dbg !20
  %b = call i32 @cudaMalloc(ptr %p, i64 64), !dbg !20
  %c = call i32 @cudaDeviceSynchronize(), !dbg !21
  %d = call i32 @cudaDeviceSynchronize()
  ret i32 %a, !dbg !20
}
; DBG-LABEL: define i32 @_Z4mainv(
; DBG:       %a = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @[[OWN]]), !dbg ![[L7:[0-9]+]]
; DBG-NEXT:  %b = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @[[OWN]]), !dbg ![[L7]]
; DBG-NEXT:  %c = call i32 @__csan_cudaDeviceSynchronize(ptr @[[INL]]), !dbg
; DBG-NEXT:  %d = call i32 @__csan_cudaDeviceSynchronize(ptr @[[NOLOC]]){{$}}
; NODBG-LABEL: define i32 @_Z4mainv(
; NODBG:       %a = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @[[MSITE]])
; NODBG-NEXT:  %b = call i32 @__csan_cudaMalloc(ptr %p, i64 64, ptr @[[MSITE]])
; NODBG-NEXT:  %c = call i32 @__csan_cudaDeviceSynchronize(ptr @[[MSITE]])
; NODBG-NEXT:  %d = call i32 @__csan_cudaDeviceSynchronize(ptr @[[MSITE]])

define void @c_func(ptr %s) !dbg !30 {
  %r = call i32 @cudaStreamSynchronize(ptr %s), !dbg !31
  ret void
}
; DBG-LABEL: define void @c_func(
; DBG-NEXT:  %r = call i32 @__csan_cudaStreamSynchronize(ptr %s, ptr @[[CSITE]]), !dbg
; NODBG-LABEL: define void @c_func(
; NODBG-NEXT:  %r = call i32 @__csan_cudaStreamSynchronize(ptr %s, ptr @[[CSITE]])

declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaDeviceSynchronize()
declare i32 @cudaStreamSynchronize(ptr)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "app.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIFile(filename: "helper.cuh", directory: "/src")
!5 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "main", linkageName: "_Z4mainv", scope: !1, file: !1, line: 5, type: !5, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!11 = distinct !DISubprogram(name: "helper", linkageName: "_Z6helperv", scope: !4, file: !4, line: 3, type: !5, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!20 = !DILocation(line: 7, column: 3, scope: !10)
!21 = !DILocation(line: 4, column: 10, scope: !11, inlinedAt: !22)
!22 = distinct !DILocation(line: 8, column: 3, scope: !10)
!30 = distinct !DISubprogram(name: "c_func", scope: !1, file: !1, line: 20, type: !5, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocation(line: 21, column: 5, scope: !30)
