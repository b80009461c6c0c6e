; wmma fragment loads and stores (llvm.nvvm.wmma.*, and wmma.load/store in
; inline PTX) touch the fragment's lines: rows of a row-major fragment,
; columns of a column-major one, a stride (ldm elements) apart. Each line
; gets a check of exactly its bytes (a bounding range would take in the
; neighbouring tiles); lines that are contiguous are one check. Fragments in
; shared memory, and ldmatrix/stmatrix, are shared memory.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; A: 16x16 halves, row-major, ldm 128: 16 rows of 32 bytes, 256 bytes apart.
; CHECK-LABEL: define void @load_a_row_const__csan(
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %a, i64 32,
; CHECK:       [[R1:%.*]] = getelementptr i8, ptr %a, i64 256
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr [[R1]], i64 32,
; CHECK-COUNT-13: call void @__csan_dev_read_range(ptr %csan.ctx, ptr {{%.*}}, i64 32,
; CHECK:       [[R15:%.*]] = getelementptr i8, ptr %a, i64 3840
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr [[R15]], i64 32,
; CHECK-NEXT:  call {{.*}} @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(
define void @load_a_row_const(ptr %a) {
  %f = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %a, i32 128)
  ret void
}

; D: 16x16 floats stored row-major with a run-time ldm: row i at i*ldm*4.
; CHECK-LABEL: define void @store_d_row_runtime__csan(
; CHECK:       [[LDM:%.*]] = zext i32 %ldm to i64
; CHECK:       [[BITS:%.*]] = mul i64 [[LDM]], 32
; CHECK:       [[STRIDE:%.*]] = lshr i64 [[BITS]], 3
; CHECK:       [[OFF1:%.*]] = mul i64 [[STRIDE]], 1
; CHECK:       [[LINE1:%.*]] = getelementptr i8, ptr %d, i64 [[OFF1]]
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %d, i64 64,
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr [[LINE1]], i64 64,
; CHECK-COUNT-14: call void @__csan_dev_write_range(ptr %csan.ctx, ptr {{%.*}}, i64 64,
; CHECK-NEXT:  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(
define void @store_d_row_runtime(ptr %d, float %x, i32 %ldm) {
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %d, float %x, float %x, float %x, float %x, float %x, float %x, float %x, float %x, i32 %ldm)
  ret void
}

; B: 16x16 halves, column-major, ldm 16: the columns are contiguous, one
; 512-byte check. m32n8k16 A column-major: 16 columns of 32 halves.
; CHECK-LABEL: define void @contiguous_and_col__csan(
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %b, i64 512,
; CHECK-NEXT:  call {{.*}} @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(
; CHECK-COUNT-16: call void @__csan_dev_read_range(ptr %csan.ctx, ptr {{%.*}}, i64 64,
; CHECK-NEXT:  call {{.*}} @llvm.nvvm.wmma.m32n8k16.load.a.col.stride.f16.p1(
define void @contiguous_and_col(ptr %b, ptr addrspace(1) %g) {
  %f = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr %b, i32 16)
  %h = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m32n8k16.load.a.col.stride.f16.p1(ptr addrspace(1) %g, i32 1024)
  ret void
}

; wmma.load in inline PTX, with its stride operand.
; CHECK-LABEL: define void @asm_wmma__csan(
; CHECK-COUNT-16: call void @__csan_dev_read_range(ptr %csan.ctx, ptr {{%.*}}, i64 32,
; CHECK-NEXT:  call {{.*}} asm sideeffect "wmma.load.a.sync.aligned.row.m16n16k16.global.f16
define void @asm_wmma(ptr %a, i32 %ldm) {
  %f = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm sideeffect "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, [$8], $9;", "=r,=r,=r,=r,=r,=r,=r,=r,l,r"(ptr %a, i32 %ldm)
  ret void
}

; Shared-memory tiles.
; CHECK-LABEL: define void @shared_tiles(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @shared_tiles(ptr addrspace(3) %s, i32 %sa) {
  %f = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %s, i32 16)
  %m = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %s)
  %n = call { i32, i32, i32, i32 } asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"(i32 %sa)
  ret void
}

; STATS:      {{^}}    read{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}49{{ +}}49
; STATS-NEXT: {{^}}    write{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}16{{ +}}16
; STATS:      shared memory{{ +}}3
; STATS:      matrix fragment of unknown shape (wmma){{ +}}0

declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3), i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m32n8k16.load.a.col.stride.f16.p1(ptr addrspace(1), i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))
