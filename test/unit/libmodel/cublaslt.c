// cuBLASLt matrix layouts: column- and row-major with a leading dimension,
// strided batches, a tiled (COL32) order as the hull of its tiles, and a
// 4-bit type whose bytes are counted in bits. Data type widths
// (cudaDataType, cublasComputeType_t) as the headers define them.
// RUN: %cc_core -I%S/../Inputs -o %t && %t | FileCheck %s
#include "libmodel_test.h"

int main(void) {
  csan_lm_fp fp;
  csan_lm_init(&fp);
  // half, COL, 3x4, ld 8: 6 bytes of 4 columns, 16 apart.
  csan_lm_layout a = {CSAN_LM_R_16F, CSAN_LM_ORDER_COL, 3, 4, 8, 1, 0};
  csan_lm_lt_matrix(&fp, "A", CSAN_LM_READ, 0x10000, &a);
  // float, ROW, 3x4, ld 6: 16 bytes of 3 rows, 24 apart.
  csan_lm_layout b = {CSAN_LM_R_32F, CSAN_LM_ORDER_ROW, 3, 4, 6, 1, 0};
  csan_lm_lt_matrix(&fp, "B", CSAN_LM_READ, 0x20000, &b);
  // float, COL, 2x2 packed (ld 2), 2 batches 100 elements apart.
  csan_lm_layout c = {CSAN_LM_R_32F, CSAN_LM_ORDER_COL, 2, 2, 2, 2, 100};
  csan_lm_lt_matrix(&fp, "C", CSAN_LM_WRITE, 0x30000, &c);
  // int8, COL32, 3x40, ld 32*3 = 96: two 32-column tiles of 96 bytes.
  csan_lm_layout d = {CSAN_LM_R_8I, 2, 3, 40, 96, 1, 0};
  csan_lm_lt_matrix(&fp, "D", CSAN_LM_WRITE, 0x40000, &d);
  // fp4, COL, 8x3, ld 8: 24 elements of 4 bits.
  csan_lm_layout e = {CSAN_LM_R_4F_E2M1, CSAN_LM_ORDER_COL, 8, 3, 8, 1, 0};
  csan_lm_lt_matrix(&fp, "E", CSAN_LM_READ, 0x50000, &e);
  print_fp("layouts", &fp);
  // CHECK-LABEL: layouts: 5 region(s)
  // CHECK-NEXT: A R base=0x10000 width=6 rows=4 pitch=16
  // CHECK-NEXT: B R base=0x20000 width=16 rows=3 pitch=24
  // CHECK-NEXT: C W base=0x30000 width=16 rows=2 pitch=400
  // CHECK-NEXT: D W base=0x40000 width=192 rows=1
  // CHECK-NEXT: E R base=0x50000 width=12 rows=1
  // CHECK-NEXT: approximated=1

  printf("bits: f32 %u f64 %u c64f %u f16 %u bf16 %u i8 %u fp8 %u fp4 %u c16f %u unknown %u\n",
         csan_lm_dtype_bits(CSAN_LM_R_32F), csan_lm_dtype_bits(CSAN_LM_R_64F),
         csan_lm_dtype_bits(CSAN_LM_C_64F), csan_lm_dtype_bits(CSAN_LM_R_16F),
         csan_lm_dtype_bits(CSAN_LM_R_16BF), csan_lm_dtype_bits(CSAN_LM_R_8I),
         csan_lm_dtype_bits(CSAN_LM_R_8F_E4M3), csan_lm_dtype_bits(CSAN_LM_R_4F_E2M1),
         csan_lm_dtype_bits(CSAN_LM_C_16F), csan_lm_dtype_bits(99));
  // CHECK: bits: f32 32 f64 64 c64f 128 f16 16 bf16 16 i8 8 fp8 8 fp4 4 c16f 32 unknown 0
  printf("compute: 16F %u 32F %u TF32 %u 64F %u 32I %u\n", csan_lm_compute_bits(64),
         csan_lm_compute_bits(68), csan_lm_compute_bits(77), csan_lm_compute_bits(70),
         csan_lm_compute_bits(72));
  // CHECK: compute: 16F 16 32F 32 TF32 32 64F 64 32I 32
  printf("bytes: 3 x 4 bits = %llu, 5 x 6 bits = %llu\n",
         (unsigned long long)csan_lm_bits_bytes(3, 4), (unsigned long long)csan_lm_bits_bytes(5, 6));
  // CHECK: bytes: 3 x 4 bits = 2, 5 x 6 bits = 4
  return 0;
}
