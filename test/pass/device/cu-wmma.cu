// A WMMA GEMM tile through CUDA's mma.h: fragment loads of A and B from
// global memory are checked row by row (column by column for col_major),
// 16 lines of 32 bytes each, ld elements apart; the accumulator store is
// 16 rows of 64 bytes. Fragments loaded from shared memory need no check; a
// store whose lines are contiguous (ldm = 16) is one 1024-byte check.
// RUN: %clangxx %cuda_flags --offload-arch=%gpu_arch --cuda-device-only -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes=csan-device -csan-stats -S %t.ll 2>%t.stats | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
#include <mma.h>
using namespace nvcuda;

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z4gemmPK6__halfS1_Pfiii__csan(
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %0, i64 32,
// CHECK-COUNT-15: call void @__csan_dev_read_range(ptr %csan.ctx, ptr %csan.line{{[0-9]*}}, i64 32,
// CHECK-NEXT:  call {{.*}} @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr {{.*}}%0, i32 %3)
// CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %1, i64 32,
// CHECK-COUNT-15: call void @__csan_dev_read_range(ptr %csan.ctx, ptr %csan.line{{[0-9]*}}, i64 32,
// CHECK-NEXT:  call {{.*}} @llvm.nvvm.wmma.m16n16k16.load.b.col.stride.f16.p0(ptr {{.*}}%1, i32 %4)
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %2, i64 64,
// CHECK-COUNT-15: call void @__csan_dev_write_range(ptr %csan.ctx, ptr %csan.line{{[0-9]*}}, i64 64,
// CHECK-NEXT:  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr {{.*}}%2,
__global__ void gemm(const half *a, const half *b, float *c, int lda, int ldb, int ldc) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, lda);
  wmma::load_matrix_sync(fb, b, ldb);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, ldc, wmma::mem_row_major);
}

// CHECK-LABEL: define {{.*}}ptx_kernel void @_Z11from_sharedPK6__halfPf__csan(
// CHECK:       call ptr @__csan_dev_read2(
// CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_read
// CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %1, i64 1024,
// CHECK-NEXT:  call void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0(
__global__ void from_shared(const half *a, float *c) {
  __shared__ half tile[16 * 16];
  tile[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, tile, 16);
  wmma::load_matrix_sync(fb, tile, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

// STATS: shared memory{{ +}}3
// STATS: matrix fragment of unknown shape (wmma){{ +}}0
