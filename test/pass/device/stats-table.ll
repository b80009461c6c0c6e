; -csan-stats prints, per module on stderr: kernels, twins, functions, sites,
; hoisted checks, checks by kind and size class, every skip reason (zeros
; included, so "unclassified 0" is always visible) and checks per function.
; Without the option nothing is printed.
; RUN: %opt -passes=csan-device -csan-stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=csan-device -disable-output %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %p, ptr %q, i64 %n) {
  %a = load i8, ptr %p, align 1
  store i64 0, ptr %q, align 8
  %b = atomicrmw add ptr %q, i32 1 seq_cst, align 4
  %c = load atomic i16, ptr %p seq_cst, align 2
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 %n, i1 false)
  %d = load <4 x i32>, ptr %q, align 16
  call void @helper(ptr %p)
  ret void
}

define void @helper(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}

define void @no_access(i32 %x) {
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; CHECK:      csan-device statistics for '{{.*}}stats-table.ll':
; CHECK-NEXT:   kernels{{ +}}1
; CHECK-NEXT:   kernel twins created{{ +}}1
; CHECK-NEXT:   twins with two contexts (they wait on grid dependencies){{ +}}0
; CHECK-NEXT:   device functions{{ +}}2
; CHECK-NEXT:   device functions instrumented{{ +}}1
; CHECK-NEXT:   device function clones (f__csan){{ +}}1
; CHECK-NEXT:   calls to clones of other modules (-fgpu-rdc){{ +}}0
; CHECK-NEXT:   indirect calls from instrumented code (callee unchecked){{ +}}0
; CHECK-NEXT:   functions opted out (disable_sanitizer_instrumentation){{ +}}0
; CHECK-NEXT:   kernels without a twin (parameters too large){{ +}}0
; CHECK-NEXT:   functions not matching -csan-function-filter{{ +}}0
; CHECK-NEXT:   site descriptors{{ +}}7
; CHECK-NEXT:   checks hoisted to loop preheaders{{ +}}0
; CHECK-NEXT:   checks 1 2 4 8 16 range total
; CHECK-NEXT:     read 1 0 0 0 1 0 2
; CHECK-NEXT:     write 0 0 1 1 0 1 3
; CHECK-NEXT:     atomic read 0 1 0 0 0 0 1
; CHECK-NEXT:     atomic write 0 0 1 0 0 0 1
; CHECK-NEXT:     total 1 1 2 1 1 1 7
; CHECK-NEXT:   accesses without a check:
; CHECK-NEXT:     reads disabled (-csan-instrument-reads){{ +}}0
; CHECK:          unclassified{{ +}}0
; CHECK-NEXT:   checks per function:
; CHECK-NEXT:     helper__csan 1
; CHECK-NEXT:     k__csan 6
; CHECK-NOT:      no_access

; QUIET-NOT: csan-device statistics
