; A site never names line 0 (LLVM's "no particular line", which optimized code
; gives merged and hoisted instructions) while a real line can be found:
; along the access's inlining chain the innermost frame with a line wins
; (outside toolkit headers if one is, else in them); a chain without any line
; takes the nearest earlier instruction of the block that has one; failing
; that, the subprogram's line with column 0. The function named is always the
; one that owns the location chosen.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: [[KERN:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [8 x i8] c"kern.cu\00"
; CHECK-DAG: [[REDUCE:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [68 x i8] c"/usr/local/cuda/include/cccl/cub/device/dispatch/kernels/reduce.cuh\00"
; CHECK-DAG: [[MERGED:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [14 x i8] c"_Z6mergedPiS_\00"
; CHECK-DAG: [[CUB:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [{{[0-9]+}} x i8] c"_ZN3cub28DeviceReduceSingleTileKernelEPf\00"
; CHECK-DAG: [[USER:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [10 x i8] c"_Z4userPf\00"
; CHECK-DAG: [[FIRST:@csan.str[0-9]*]] = private unnamed_addr addrspace(1) constant [11 x i8] c"_Z5firstPi\00"

; (1) The line-0 store after a load at kern.cu:7:9 is named at 7:9 (write of 4).
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 7, i32 9, ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), ptr addrspacecast (ptr addrspace(1) [[MERGED]] to ptr), i32 1, i32 4 }, align 8
; (2) A line-0 store in CUB's ThreadReduce inlined at reduce.cuh:150:7 in
; CUB's kernel, all toolkit headers: named at reduce.cuh:150:7 in the kernel.
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 150, i32 7, ptr addrspacecast (ptr addrspace(1) [[REDUCE]] to ptr), ptr addrspacecast (ptr addrspace(1) [[CUB]] to ptr), i32 1, i32 4 }, align 8
; (2') Line 0 in a toolkit header, inlined at line 0 of a user helper, inlined
; at reduce.cuh:40:3, inlined at kern.cu:9:5: the user's line with a number
; wins over the toolkit's.
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 9, i32 5, ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), ptr addrspacecast (ptr addrspace(1) [[USER]] to ptr), i32 0, i32 8 }, align 8
; (3) The first instruction of a kernel, at line 0: the subprogram's line 20,
; column 0.
; CHECK-DAG: @csan.site{{[0-9]*}} = private addrspace(1) constant %struct.csan_site { i32 20, i32 0, ptr addrspacecast (ptr addrspace(1) [[KERN]] to ptr), ptr addrspacecast (ptr addrspace(1) [[FIRST]] to ptr), i32 1, i32 2 }, align 8
; No access is named at line 0.
; CHECK-NOT: %struct.csan_site { i32 0,

define ptx_kernel void @_Z6mergedPiS_(ptr %p, ptr %q) !dbg !5 {
  %v = load i32, ptr %q, align 4, !dbg !8
  store i32 %v, ptr %p, align 4, !dbg !9
  ret void, !dbg !8
}

define ptx_kernel void @_ZN3cub28DeviceReduceSingleTileKernelEPf(ptr %out) !dbg !10 {
  store float 0.0, ptr %out, align 4, !dbg !13
  ret void, !dbg !14
}

define ptx_kernel void @_Z4userPf(ptr %x) !dbg !30 {
  %d = load double, ptr %x, align 8, !dbg !33
  ret void, !dbg !37
}

define ptx_kernel void @_Z5firstPi(ptr %p) !dbg !40 {
  store i16 1, ptr %p, align 2, !dbg !41
  ret void, !dbg !41
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kern.cu", directory: "/src")
!2 = !DIFile(filename: "/usr/local/cuda/include/cccl/cub/device/dispatch/kernels/reduce.cuh", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DIFile(filename: "/usr/local/cuda/include/cccl/cub/thread/thread_reduce.cuh", directory: "")
!6 = !DISubroutineType(types: !7)
!7 = !{}

; (1)
!5 = distinct !DISubprogram(name: "merged", linkageName: "_Z6mergedPiS_", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!8 = !DILocation(line: 7, column: 9, scope: !5)
!9 = !DILocation(line: 0, scope: !5)

; (2)
!10 = distinct !DISubprogram(name: "DeviceReduceSingleTileKernel", linkageName: "_ZN3cub28DeviceReduceSingleTileKernelEPf", scope: !2, file: !2, line: 140, type: !6, scopeLine: 140, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = distinct !DISubprogram(name: "ThreadReduce", linkageName: "_ZN3cub12ThreadReduceEPf", scope: !4, file: !4, line: 60, type: !6, scopeLine: 60, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = distinct !DILocation(line: 150, column: 7, scope: !10)
!13 = !DILocation(line: 0, scope: !11, inlinedAt: !12)
!14 = !DILocation(line: 160, column: 1, scope: !10)

; (2')
!30 = distinct !DISubprogram(name: "user", linkageName: "_Z4userPf", scope: !1, file: !1, line: 8, type: !6, scopeLine: 8, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!31 = distinct !DISubprogram(name: "helper", linkageName: "_Z6helperPd", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!32 = distinct !DISubprogram(name: "load", linkageName: "_ZN3cub4loadEPd", scope: !4, file: !4, line: 30, type: !6, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!38 = distinct !DISubprogram(name: "wrap", linkageName: "_ZN3cub4wrapEPd", scope: !2, file: !2, line: 38, type: !6, scopeLine: 38, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!33 = !DILocation(line: 0, scope: !32, inlinedAt: !34)
!34 = distinct !DILocation(line: 0, scope: !31, inlinedAt: !35)
!35 = distinct !DILocation(line: 40, column: 3, scope: !38, inlinedAt: !36)
!36 = distinct !DILocation(line: 9, column: 5, scope: !30)
!37 = !DILocation(line: 10, column: 1, scope: !30)

; (3)
!40 = distinct !DISubprogram(name: "first", linkageName: "_Z5firstPi", scope: !1, file: !1, line: 20, type: !6, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!41 = !DILocation(line: 0, scope: !40)
