// cuSPARSE matrices (CSR, CSC, COO: offsets, indices and values by their
// own types) and dense matrices (column- and row-major); NCCL collectives
// from one rank's view: what it sends is read, what it receives written,
// in-place calls read nothing beyond what they write, the root's part of
// rooted calls, send and receive.
// RUN: %cc_core -I%S/../Inputs -o %t && %t | FileCheck %s
#include "libmodel_test.h"

int main(void) {
  csan_lm_fp fp;

  // CSR 4x5, 7 non-zeros, int32 offsets and indices, double values.
  csan_lm_spmat csr = {CSAN_LM_SP_CSR, 4, 5, 7, 0x1000, 0x2000, 0, 0x3000, 32, 32, 64};
  // CSC 4x5: 6 column offsets. COO int64 indices, float values.
  csan_lm_spmat csc = {CSAN_LM_SP_CSC, 4, 5, 7, 0x4000, 0x5000, 0, 0x6000, 32, 32, 64};
  csan_lm_spmat coo = {CSAN_LM_SP_COO, 4, 5, 7, 0, 0x7000, 0x8000, 0x9000, 0, 64, 32};
  csan_lm_spmat bsr = {4, 4, 5, 7, 0x1000, 0x2000, 0, 0x3000, 32, 32, 64};
  csan_lm_init(&fp);
  int ok = csan_lm_sparse(&fp, "A", CSAN_LM_READ, &csr) && csan_lm_sparse(&fp, "A", CSAN_LM_READ, &csc) &&
           csan_lm_sparse(&fp, "A", CSAN_LM_READ, &coo) && !csan_lm_sparse(&fp, "A", CSAN_LM_READ, &bsr);
  print_fp(ok ? "sparse" : "sparse: wrong result", &fp);
  // CHECK-LABEL: sparse: 9 region(s)
  // CHECK-NEXT: csrRowOffsets R base=0x1000 width=20 rows=1
  // CHECK-NEXT: csrColInd R base=0x2000 width=28 rows=1
  // CHECK-NEXT: csrValues R base=0x3000 width=56 rows=1
  // CHECK-NEXT: cscColOffsets R base=0x4000 width=24 rows=1
  // CHECK-NEXT: cscRowInd R base=0x5000 width=28 rows=1
  // CHECK-NEXT: cscValues R base=0x6000 width=56 rows=1
  // CHECK-NEXT: cooRowInd R base=0x7000 width=56 rows=1
  // CHECK-NEXT: cooColInd R base=0x8000 width=56 rows=1
  // CHECK-NEXT: cooValues R base=0x9000 width=28 rows=1

  // Dense 3x2 floats, ld 4: column-major 12 bytes of 2 columns; row-major
  // 8 bytes of 3 rows.
  csan_lm_init(&fp);
  csan_lm_dense(&fp, "B", CSAN_LM_READ, 0x10000, 3, 2, 4, 1, 32, 1, 0);
  csan_lm_dense(&fp, "C", CSAN_LM_WRITE, 0x20000, 3, 2, 4, 2, 32, 1, 0);
  print_fp("dense", &fp);
  // CHECK-LABEL: dense: 2 region(s)
  // CHECK-NEXT: B R base=0x10000 width=12 rows=2 pitch=16
  // CHECK-NEXT: C W base=0x20000 width=8 rows=3 pitch=16

  // AllReduce of 10 floats, then in place.
  csan_lm_init(&fp);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_ALLREDUCE, 0x1000, 0x2000, 10, 4, 2, 0, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_ALLREDUCE, 0x3000, 0x3000, 10, 4, 2, 0, 0);
  print_fp("allreduce", &fp);
  // CHECK-LABEL: allreduce: 3 region(s)
  // CHECK-NEXT: sendbuff R base=0x1000 width=40 rows=1
  // CHECK-NEXT: recvbuff W base=0x2000 width=40 rows=1
  // CHECK-NEXT: recvbuff W base=0x3000 width=40 rows=1

  // AllGather of 4 floats on rank 1 of 2, in place (send = recv + 16);
  // ReduceScatter to 4 floats out of 2 * 4.
  csan_lm_init(&fp);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_ALLGATHER, 0x1010, 0x1000, 4, 4, 2, 1, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_REDUCESCATTER, 0x2000, 0x3000, 4, 4, 2, 1, 0);
  print_fp("gather scatter", &fp);
  // CHECK-LABEL: gather scatter: 3 region(s)
  // CHECK-NEXT: recvbuff W base=0x1000 width=32 rows=1
  // CHECK-NEXT: sendbuff R base=0x2000 width=32 rows=1
  // CHECK-NEXT: recvbuff W base=0x3000 width=16 rows=1

  // Broadcast of 8 bytes: the root (rank 0) reads and writes, rank 1 only
  // writes, the root in place only reads. Send reads, Recv writes.
  csan_lm_init(&fp);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_BROADCAST, 0x1000, 0x2000, 8, 1, 2, 0, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_BROADCAST, 0x3000, 0x4000, 8, 1, 2, 1, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_BROADCAST, 0x5000, 0x5000, 8, 1, 2, 0, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_SEND, 0x6000, 0, 3, 8, 2, 0, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_RECV, 0, 0x7000, 3, 8, 2, 0, 0);
  print_fp("broadcast p2p", &fp);
  // CHECK-LABEL: broadcast p2p: 6 region(s)
  // CHECK-NEXT: sendbuff R base=0x1000 width=8 rows=1
  // CHECK-NEXT: recvbuff W base=0x2000 width=8 rows=1
  // CHECK-NEXT: recvbuff W base=0x4000 width=8 rows=1
  // CHECK-NEXT: sendbuff R base=0x5000 width=8 rows=1
  // CHECK-NEXT: sendbuff R base=0x6000 width=24 rows=1
  // CHECK-NEXT: recvbuff W base=0x7000 width=24 rows=1

  // Gather of 2 int64 among 3 ranks to root 0: the root writes 48 bytes, rank
  // 1 only reads. Scatter from root 0 on rank 1: only the 16 bytes received.
  csan_lm_init(&fp);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_GATHER, 0x1000, 0x2000, 2, csan_lm_nccl_type_bytes(4), 3, 0, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_GATHER, 0x3000, 0x4000, 2, 8, 3, 1, 0);
  csan_lm_nccl(&fp, CSAN_LM_NCCL_SCATTER, 0x5000, 0x6000, 2, 8, 3, 1, 0);
  print_fp("rooted", &fp);
  // CHECK-LABEL: rooted: 4 region(s)
  // CHECK-NEXT: sendbuff R base=0x1000 width=16 rows=1
  // CHECK-NEXT: recvbuff W base=0x2000 width=48 rows=1
  // CHECK-NEXT: sendbuff R base=0x3000 width=16 rows=1
  // CHECK-NEXT: recvbuff W base=0x6000 width=16 rows=1
  printf("nccl types: int8 %u f16 %u f32 %u f64 %u bf16 %u fp8 %u bad %u\n",
         csan_lm_nccl_type_bytes(0), csan_lm_nccl_type_bytes(6), csan_lm_nccl_type_bytes(7),
         csan_lm_nccl_type_bytes(8), csan_lm_nccl_type_bytes(9), csan_lm_nccl_type_bytes(10),
         csan_lm_nccl_type_bytes(12));
  // CHECK: nccl types: int8 1 f16 2 f32 4 f64 8 bf16 2 fp8 1 bad 0
  return 0;
}
