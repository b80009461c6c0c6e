; -csan-instrument-{reads,writes,atomics,memintrinsics}=false each drop their
; kind of check and count the accesses under their own reason; the others stay.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s --check-prefixes=CHECK,READS,WRITES,ATOMICS,MEM
; RUN: %opt -passes=csan-device -csan-instrument-reads=false -S %s | FileCheck %s --check-prefixes=CHECK,NOREADS,WRITES,ATOMICS,MEM
; RUN: %opt -passes=csan-device -csan-instrument-writes=false -S %s | FileCheck %s --check-prefixes=CHECK,READS,NOWRITES,ATOMICS,MEM
; RUN: %opt -passes=csan-device -csan-instrument-atomics=false -S %s | FileCheck %s --check-prefixes=CHECK,READS,WRITES,NOATOMICS,MEM
; RUN: %opt -passes=csan-device -csan-instrument-memintrinsics=false -S %s | FileCheck %s --check-prefixes=CHECK,READS,WRITES,ATOMICS,NOMEM
; RUN: %opt -passes=csan-device -csan-instrument-reads=false -csan-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @all_kinds__csan(
; READS:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %a,
; NOREADS-NOT: call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %a,
; CHECK:       %x = load i32, ptr {{%csan.use[0-9]*|%a}}
; WRITES:      call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %b,
; NOWRITES-NOT: call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %b,
; CHECK:       store i32 %x, ptr {{%csan.use[0-9]*|%b}}
; ATOMICS:     call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %c,
; NOATOMICS-NOT: call {{(void|ptr)}} @__csan_dev_atomic
; CHECK:       atomicrmw add ptr {{%csan.use[0-9]*|%c}}
; ATOMICS:     call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr %c,
; CHECK:       load atomic i32, ptr {{%csan.use[0-9]*|%c}}
; MEM:         call void @__csan_dev_write_range(ptr %csan.ctx, ptr %d, i64 64,
; MEM:         call void @__csan_dev_read_range(ptr %csan.ctx, ptr %e, i64 64,
; NOMEM-NOT:   call {{(void|ptr)}} @__csan_dev_{{.*}}_range
; CHECK:       call void @llvm.memcpy
; CHECK:       ret void
define void @all_kinds(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e) {
  %x = load i32, ptr %a, align 4
  store i32 %x, ptr %b, align 4
  %y = atomicrmw add ptr %c, i32 1 monotonic, align 4
  %z = load atomic i32, ptr %c seq_cst, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %e, i64 64, i1 false)
  ret void
}

; STATS: reads disabled (-csan-instrument-reads){{ +}}1
; STATS-NEXT: writes disabled (-csan-instrument-writes){{ +}}0

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
