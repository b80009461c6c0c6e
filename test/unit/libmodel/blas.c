// BLAS footprints against hand-computed ranges: vectors with increments
// (a negative increment covers the same elements: x points at the lowest),
// column-major matrices with leading dimensions, every transpose of gemm,
// strided batches, gemv's vector lengths under a transpose, syrk's A under
// a transpose, trsm on the right, band and packed storage.
// RUN: %cc_core -I%S/../Inputs -o %t && %t | FileCheck %s
#include "libmodel_test.h"

int main(void) {
  csan_lm_fp fp;

  // 5 floats, inc 1: 20 bytes. 5 doubles, inc 3: every 24 bytes.
  // 3 floats, inc -2: x[0], x[2], x[4] (x is the lowest). inc 0: one.
  csan_lm_init(&fp);
  csan_lm_vec(&fp, "x", CSAN_LM_READ, 0x1000, 5, 1, 4);
  csan_lm_vec(&fp, "y", CSAN_LM_WRITE, 0x2000, 5, 3, 8);
  csan_lm_vec(&fp, "z", CSAN_LM_READ, 0x3000, 3, -2, 4);
  csan_lm_vec(&fp, "w", CSAN_LM_READ, 0x4000, 9, 0, 16);
  csan_lm_vec(&fp, "v", CSAN_LM_READ, 0x5000, 0, 1, 4);
  print_fp("vectors", &fp);
  // CHECK-LABEL: vectors: 4 region(s)
  // CHECK-NEXT: x R base=0x1000 width=20 rows=1
  // CHECK-NEXT: y W base=0x2000 width=8 rows=5 pitch=24
  // CHECK-NEXT: z R base=0x3000 width=4 rows=3 pitch=8
  // CHECK-NEXT: w R base=0x4000 width=16 rows=1

  // sgemm N,N m=3 n=2 k=4, lda 5 ldb 6 ldc 7: A 3x4 (12 bytes of each of 4
  // columns, 20 apart), B 4x2 (16 of 2, 24 apart), C 3x2 (12 of 2, 28 apart).
  csan_lm_init(&fp);
  csan_lm_gemm(&fp, CSAN_LM_OP_N, CSAN_LM_OP_N, 3, 2, 4, 0x10000, 5, 0, 0x20000, 6, 0, 0x30000, 7,
               0, 1, 4, 4, 4);
  print_fp("gemm NN", &fp);
  // CHECK-LABEL: gemm NN: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=12 rows=4 pitch=20
  // CHECK-NEXT: B R base=0x20000 width=16 rows=2 pitch=24
  // CHECK-NEXT: C W base=0x30000 width=12 rows=2 pitch=28

  // T,C: A stored k x m = 4x3 (16 bytes of 3 columns); B stored n x k = 2x4
  // (8 bytes of 4 columns).
  csan_lm_init(&fp);
  csan_lm_gemm(&fp, CSAN_LM_OP_T, CSAN_LM_OP_C, 3, 2, 4, 0x10000, 5, 0, 0x20000, 6, 0, 0x30000, 7,
               0, 1, 4, 4, 4);
  print_fp("gemm TC", &fp);
  // CHECK-LABEL: gemm TC: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=16 rows=3 pitch=20
  // CHECK-NEXT: B R base=0x20000 width=8 rows=4 pitch=24
  // CHECK-NEXT: C W base=0x30000 width=12 rows=2 pitch=28

  // Strided batched, 3 batches: A 100 elements apart (400 bytes); B packed
  // (ldb = k, stride = k n: one run of 3 * 32 bytes); C with ldc = m.
  csan_lm_init(&fp);
  csan_lm_gemm(&fp, CSAN_LM_OP_N, CSAN_LM_OP_N, 3, 2, 4, 0x10000, 5, 100, 0x20000, 4, 8, 0x30000,
               3, 6, 3, 4, 4, 4);
  print_fp("gemm strided batched", &fp);
  // CHECK-LABEL: gemm strided batched: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=12 rows=4 pitch=20 slices=3 slice_pitch=400
  // CHECK-NEXT: B R base=0x20000 width=96 rows=1
  // CHECK-NEXT: C W base=0x30000 width=72 rows=1

  // k = 0: C only.
  csan_lm_init(&fp);
  csan_lm_gemm(&fp, CSAN_LM_OP_N, CSAN_LM_OP_N, 3, 2, 0, 0x10000, 5, 0, 0x20000, 6, 0, 0x30000, 7,
               0, 1, 8, 8, 8);
  print_fp("gemm k0", &fp);
  // CHECK-LABEL: gemm k0: 1 region(s)
  // CHECK-NEXT: C W base=0x30000 width=24 rows=2 pitch=56

  // sgemv T, m=4 n=3, lda 4: A one run of 48 bytes; x has m=4 elements at
  // inc 2; y has n=3 at inc 1.
  csan_lm_init(&fp);
  csan_lm_gemv(&fp, CSAN_LM_OP_T, 4, 3, 0x10000, 4, 0, 0x20000, 2, 0, 0x30000, 1, 0, 1, 4);
  print_fp("gemv T", &fp);
  // CHECK-LABEL: gemv T: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=48 rows=1
  // CHECK-NEXT: x R base=0x20000 width=4 rows=4 pitch=8
  // CHECK-NEXT: y W base=0x30000 width=12 rows=1

  // ...and N: x has n=3 elements, y has m=4 (inc -1: the same 16 bytes).
  csan_lm_init(&fp);
  csan_lm_gemv(&fp, CSAN_LM_OP_N, 4, 3, 0x10000, 4, 0, 0x20000, 2, 0, 0x30000, -1, 0, 1, 4);
  print_fp("gemv N", &fp);
  // CHECK-LABEL: gemv N: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=48 rows=1
  // CHECK-NEXT: x R base=0x20000 width=4 rows=3 pitch=8
  // CHECK-NEXT: y W base=0x30000 width=16 rows=1

  // dsyrk T, n=3 k=2, lda 5: A stored k x n = 2x3 (16 bytes of 3 columns,
  // 40 apart); C 3x3 with ldc 3: 72 bytes.
  csan_lm_init(&fp);
  csan_lm_syrk(&fp, CSAN_LM_OP_T, 3, 2, 0x10000, 5, 0, 0, 0x30000, 3, 8);
  print_fp("syrk T", &fp);
  // CHECK-LABEL: syrk T: 2 region(s)
  // CHECK-NEXT: A R base=0x10000 width=16 rows=3 pitch=40
  // CHECK-NEXT: C W base=0x30000 width=72 rows=1

  // dtrsm right, m=2 n=3: A is n x n (3x3, lda 3: 72 bytes); B 2x3 with
  // ldb 4 is overwritten (16 bytes of 3 columns, 32 apart).
  csan_lm_init(&fp);
  csan_lm_trsm(&fp, CSAN_LM_SIDE_RIGHT, 2, 3, 0x10000, 3, 0x20000, 4, 8);
  print_fp("trsm right", &fp);
  // CHECK-LABEL: trsm right: 2 region(s)
  // CHECK-NEXT: A R base=0x10000 width=72 rows=1
  // CHECK-NEXT: B W base=0x20000 width=16 rows=3 pitch=32

  // ssymm left, m=2 n=3: A is m x m = 2x2 with lda 4.
  csan_lm_init(&fp);
  csan_lm_symm(&fp, CSAN_LM_SIDE_LEFT, 2, 3, 0x10000, 4, 0x20000, 2, 0x30000, 2, 4);
  print_fp("symm left", &fp);
  // CHECK-LABEL: symm left: 3 region(s)
  // CHECK-NEXT: A R base=0x10000 width=8 rows=2 pitch=16
  // CHECK-NEXT: B R base=0x20000 width=24 rows=1
  // CHECK-NEXT: C W base=0x30000 width=24 rows=1

  // cgbmv's band kl=1 ku=2: 4 band rows of n=5 columns, lda 6, 8-byte
  // complex: 32 bytes of 5 columns, 48 apart. zhpmv's packed n=4: 10 * 16.
  csan_lm_init(&fp);
  csan_lm_band(&fp, "A", CSAN_LM_READ, 0x10000, 4, 5, 6, 8);
  csan_lm_packed(&fp, "AP", CSAN_LM_READ, 0x20000, 4, 16);
  print_fp("band packed", &fp);
  // CHECK-LABEL: band packed: 2 region(s)
  // CHECK-NEXT: A R base=0x10000 width=32 rows=5 pitch=48
  // CHECK-NEXT: AP R base=0x20000 width=160 rows=1

  // sgeam T,N m=2 n=3 in place on B (C == B): A stored 3x2 is read, B is
  // only written.
  csan_lm_init(&fp);
  csan_lm_geam(&fp, CSAN_LM_OP_T, CSAN_LM_OP_N, 2, 3, 0x10000, 3, 0x20000, 2, 0x20000, 2, 4);
  print_fp("geam", &fp);
  // CHECK-LABEL: geam: 2 region(s)
  // CHECK-NEXT: A R base=0x10000 width=24 rows=1
  // CHECK-NEXT: C W base=0x20000 width=24 rows=1

  // sger m=3 n=2: x 3, y 2 (inc 4), A 3x2 lda 3 written.
  csan_lm_init(&fp);
  csan_lm_ger(&fp, 3, 2, 0x10000, 1, 0x20000, 4, 0x30000, 3, 4);
  print_fp("ger", &fp);
  // CHECK-LABEL: ger: 3 region(s)
  // CHECK-NEXT: x R base=0x10000 width=12 rows=1
  // CHECK-NEXT: y R base=0x20000 width=4 rows=2 pitch=16
  // CHECK-NEXT: A W base=0x30000 width=24 rows=1
  return 0;
}
