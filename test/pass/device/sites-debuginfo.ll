; A check's csan_site descriptor holds the access's line, column, file and
; function, access kind (CSAN_ACC_*) and size (0 = range). For inlined code the
; innermost location names the inlined function (linkage name, else the name
; of the function owning the subprogram, else the subprogram's name), except
; frames in compiler or CUDA headers, which give way to the user's line that
; called them. Twins are named by their kernel. Strings are shared.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The twin's store: kern.cu:7:9, in _Z4kernPi (not _Z4kernPi__csan), write of 4.
; CHECK-DAG: [[FILE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [8 x i8] c"kern.cu\00"
; CHECK-DAG: [[KERN:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [10 x i8] c"_Z4kernPi\00"
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 7, i32 9, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), i32 1, i32 4 }, align 8
; The load inlined from helper (kern.cu:3:12), named by helper's linkage name.
; CHECK-DAG: [[HELPER:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [12 x i8] c"_Z6helperPf\00"
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 3, i32 12, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[HELPER]] to ptr), i32 0, i32 4 }, align 8
; The atomic inside atomicAdd (a CUDA header) is named at the user's call, kern.cu:8:3.
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 8, i32 3, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), i32 3, i32 4 }, align 8
; A subprogram without linkage name inlined from a function still in the module.
; CHECK-DAG: [[LINE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [10 x i8] c"_Z4linePf\00"
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 12, i32 5, ptr addrspacecast (ptr addrspace(1) [[FILE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[LINE]] to ptr), i32 0, i32 8 }, align 8
; Only one copy of each string.
; CHECK-NOT: c"kern.cu\00"

define ptx_kernel void @_Z4kernPi(ptr %p, ptr %q, ptr %c) !dbg !5 {
  %v = load float, ptr %q, align 4, !dbg !20
  store i32 1, ptr %p, align 4, !dbg !8
  %old = atomicrmw add ptr %c, i32 1 seq_cst, align 4, !dbg !30
  %w = load double, ptr %q, align 8, !dbg !40
  ret void, !dbg !9
}

define void @_Z4linePf(ptr %x) !dbg !41 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kern.cu", directory: "/src")
!2 = !DIFile(filename: "/usr/local/cuda/include/sm_60_atomic_functions.hpp", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "kern", linkageName: "_Z4kernPi", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 9, scope: !5)
!9 = !DILocation(line: 9, column: 1, scope: !5)
!10 = distinct !DISubprogram(name: "helper", linkageName: "_Z6helperPf", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!20 = !DILocation(line: 3, column: 12, scope: !10, inlinedAt: !21)
!21 = distinct !DILocation(line: 6, column: 11, scope: !5)
!25 = distinct !DISubprogram(name: "atomicAdd", scope: !2, file: !2, line: 100, type: !6, scopeLine: 100, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!30 = !DILocation(line: 101, column: 10, scope: !25, inlinedAt: !31)
!31 = distinct !DILocation(line: 8, column: 3, scope: !5)
!41 = distinct !DISubprogram(name: "line", scope: !1, file: !1, line: 11, type: !6, scopeLine: 11, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!40 = !DILocation(line: 12, column: 5, scope: !41, inlinedAt: !42)
!42 = distinct !DILocation(line: 8, column: 20, scope: !5)
