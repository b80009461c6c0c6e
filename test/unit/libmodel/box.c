// csan_lm_box, the shape every model reduces to: contiguous dimensions
// merge into one row, rows that continue at the same pitch merge, a
// negative stride covers the same bytes from the other end, a zero count
// or a null base adds nothing, a zero stride is one element, more than
// three levels split into one region per outer index, and too many pieces
// become their hull.
// RUN: %cc_core -I%S/../Inputs -o %t && %t | FileCheck %s
#include "libmodel_test.h"

int main(void) {
  csan_lm_fp fp;

  // 4 rows of 8 floats, rows 64 bytes apart: width 32, pitch 64.
  csan_lm_init(&fp);
  csan_lm_dim d1[2] = {{8, 4}, {4, 64}};
  csan_lm_box(&fp, "A", CSAN_LM_READ, 0x1000, 4, d1, 2);
  print_fp("rows", &fp);
  // CHECK-LABEL: rows: 1 region(s)
  // CHECK-NEXT: A R base=0x1000 width=32 rows=4 pitch=64 slices=1 slice_pitch=256
  // CHECK-NEXT: approximated=0

  // The same rows back to back (pitch == width): one linear run of 128.
  csan_lm_init(&fp);
  csan_lm_dim d2[2] = {{8, 4}, {4, 32}};
  csan_lm_box(&fp, "A", CSAN_LM_WRITE, 0x1000, 4, d2, 2);
  print_fp("contiguous", &fp);
  // CHECK-LABEL: contiguous: 1 region(s)
  // CHECK-NEXT: A W base=0x1000 width=128 rows=1 pitch=128 slices=1 slice_pitch=128

  // Every third double, 5 of them, walked backwards from 0x2000 + 4*24:
  // the same bytes as forwards from 0x2000.
  csan_lm_init(&fp);
  csan_lm_dim d3 = {5, -24};
  csan_lm_box(&fp, "x", CSAN_LM_READ, 0x2000 + 4 * 24, 8, &d3, 1);
  print_fp("negative", &fp);
  // CHECK-LABEL: negative: 1 region(s)
  // CHECK-NEXT: x R base=0x2000 width=8 rows=5 pitch=24

  // Zero count, null base: nothing. Zero stride: one element.
  csan_lm_init(&fp);
  csan_lm_dim d4 = {0, 4}, d5 = {7, 0};
  csan_lm_box(&fp, "x", CSAN_LM_READ, 0x3000, 4, &d4, 1);
  csan_lm_box(&fp, "x", CSAN_LM_READ, 0, 4, &d5, 1);
  csan_lm_box(&fp, "y", CSAN_LM_READ, 0x3000, 4, &d5, 1);
  print_fp("degenerate", &fp);
  // CHECK-LABEL: degenerate: 1 region(s)
  // CHECK-NEXT: y R base=0x3000 width=4 rows=1 pitch=4

  // Rows that continue at the same pitch: 3 batches of 2 rows (pitch 100),
  // batch stride 200 = 2 * 100: 6 rows.
  csan_lm_init(&fp);
  csan_lm_dim d6[3] = {{10, 1}, {2, 100}, {3, 200}};
  csan_lm_box(&fp, "B", CSAN_LM_READ, 0x4000, 1, d6, 3);
  print_fp("rows-continue", &fp);
  // CHECK-LABEL: rows-continue: 1 region(s)
  // CHECK-NEXT: B R base=0x4000 width=10 rows=6 pitch=100 slices=1

  // Slices: 3 batches of 2 rows, batch stride 1000.
  csan_lm_init(&fp);
  csan_lm_dim d7[3] = {{10, 1}, {2, 100}, {3, 1000}};
  csan_lm_box(&fp, "B", CSAN_LM_READ, 0x4000, 1, d7, 3);
  print_fp("slices", &fp);
  // CHECK-LABEL: slices: 1 region(s)
  // CHECK-NEXT: B R base=0x4000 width=10 rows=2 pitch=100 slices=3 slice_pitch=1000

  // Four levels: 2 outer pieces of (rows x slices), 0x10000 apart.
  csan_lm_init(&fp);
  csan_lm_dim d8[4] = {{4, 1}, {2, 16}, {2, 256}, {2, 0x10000}};
  csan_lm_box(&fp, "V", CSAN_LM_WRITE, 0x100000, 1, d8, 4);
  print_fp("pieces", &fp);
  // CHECK-LABEL: pieces: 2 region(s)
  // CHECK-NEXT: V W base=0x100000 width=4 rows=2 pitch=16 slices=2 slice_pitch=256
  // CHECK-NEXT: V W base=0x110000 width=4 rows=2 pitch=16 slices=2 slice_pitch=256
  // CHECK-NEXT: approximated=0

  // Four levels with 100 outer pieces: the hull, from the first byte to one
  // past the last: 3 + 16 + 256 + 99 * 0x10000 + 1 bytes.
  csan_lm_init(&fp);
  csan_lm_dim d9[4] = {{4, 1}, {2, 16}, {2, 256}, {100, 0x10000}};
  csan_lm_box(&fp, "V", CSAN_LM_WRITE, 0x100000, 1, d9, 4);
  print_fp("hull", &fp);
  // CHECK-LABEL: hull: 1 region(s)
  // CHECK-NEXT: V W base=0x100000 width=6488340 rows=1
  // CHECK-NEXT: approximated=1
  return 0;
}
