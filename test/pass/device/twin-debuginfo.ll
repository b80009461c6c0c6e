; The twin gets its own DISubprogram (a distinct subprogram may be attached to
; one function only, the verifier checks it), which keeps the kernel's name,
; and its instructions keep their lines in the twin's scope.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
; RUN: %opt -passes=csan-device,verify -disable-output %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @kern(ptr %p) !dbg
; CHECK-SAME: [[K:![0-9]+]] {
define ptx_kernel void @kern(ptr %p) !dbg !5 {
  store i32 1, ptr %p, align 4, !dbg !8
  ret void, !dbg !9
}

; CHECK-LABEL: define ptx_kernel void @kern__csan(ptr %p, ptr {{.*}} %csan.ctx) !dbg
; CHECK-SAME: [[T:![0-9]+]] {
; CHECK:         call ptr @__csan_dev_write4({{.*}}), !dbg [[TL:![0-9]+]]
; CHECK-NEXT:    store i32 1, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, align 4, !dbg [[TL]]

; CHECK-DAG: [[K]] = distinct !DISubprogram(name: "kern", linkageName: "_Z4kernPi"
; CHECK-DAG: [[T]] = distinct !DISubprogram(name: "kern", linkageName: "_Z4kernPi"
; CHECK-DAG: [[TL]] = !DILocation(line: 3, column: 7, scope: [[T]])

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kern.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = distinct !DISubprogram(name: "kern", linkageName: "_Z4kernPi", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 3, column: 7, scope: !5)
!9 = !DILocation(line: 4, column: 1, scope: !5)
