; An intrinsic that may access memory through a pointer and that csan does
; not know is never skipped silently: it is counted as "unclassified" (which
; the test suite requires to be 0 for every real program). Inline asm whose
; memory instruction csan cannot read is counted under its own reason; asm
; that touches no memory is not counted at all.
; RUN: %opt -passes=csan-device -csan-stats -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @f(ptr %p, <4 x i1> %m, i32 %evl) {
  %v = call <4 x float> @llvm.vp.load.v4f32.p0(ptr %p, <4 x i1> %m, i32 %evl)
  call void asm sideeffect "call.uni foo, (%r1);", "~{memory}"()
  %r = call i32 asm "add.s32 $0, $1, 1;", "=r,r"(i32 %evl) #0
  ret void
}

declare <4 x float> @llvm.vp.load.v4f32.p0(ptr, <4 x i1>, i32)

attributes #0 = { nounwind memory(none) }

; CHECK: inline asm: instruction not understood{{ +}}1
; CHECK: unclassified{{ +}}1
