; -csan-host-accesses: a load through a pointer that may be CUDA host memory
; gets the inline bounds test against @__csan_host_bounds ({lo, span}) and,
; in the unlikely branch, the runtime check with its size, kind (0: read)
; and site.
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @get(ptr %p) !dbg !5 {
  %v = load i32, ptr %p, align 4, !dbg !8
  ret i32 %v
}

; CHECK-DAG: @__csan_host_bounds = external global [2 x i64]
; CHECK-DAG: @__csan_host_access_site = private unnamed_addr constant { ptr, ptr, i32, i32 } { ptr @{{.*}}, ptr @{{.*}}, i32 7, i32 12 }
; CHECK-LABEL: define i32 @get(ptr %p)
; CHECK:      %csan.lo = load i64, ptr @__csan_host_bounds, align 8, {{.*}}!nosanitize
; CHECK-NEXT: %csan.span = load i64, ptr getelementptr inbounds (i64, ptr @__csan_host_bounds, i64 1), align 8, {{.*}}!nosanitize
; CHECK-NEXT: %[[P:.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT: %[[E:.*]] = add i64 %[[P]], 3
; CHECK-NEXT: %[[D:.*]] = sub i64 %[[E]], %csan.lo
; CHECK-NEXT: %[[L:.*]] = add i64 %csan.span, 3
; CHECK-NEXT: %csan.hit = icmp ult i64 %[[D]], %[[L]]
; CHECK-NEXT: br i1 %csan.hit, label %[[THEN:[0-9]+]], label %[[CONT:[0-9]+]], {{.*}}!prof
; CHECK:      [[THEN]]:
; CHECK-NEXT: call void @__csan_host_access(ptr %p, i64 4, i32 0, ptr @__csan_host_access_site){{.*}}!nosanitize
; CHECK:      [[CONT]]:
; CHECK-NEXT: %v = load i32, ptr %p

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "get.c", directory: "/src")
!5 = distinct !DISubprogram(name: "get", scope: !2, file: !2, line: 6, type: !6, unit: !1, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 12, scope: !5)
