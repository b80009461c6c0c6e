// cuFFT plans: complex and real transforms in the basic layout (out of
// place: the input read, the output written; in place: the padded complex
// array written), a complex-to-real transform out of place (cuFFT
// overwrites its input: written), and the advanced layout (embeds, strides
// and batch distances).
// RUN: %cc_core -I%S/../Inputs -o %t && %t | FileCheck %s
#include <string.h>

#include "libmodel_test.h"

int main(void) {
  csan_lm_fp fp;
  csan_lm_fft_plan p;

  // C2C 1-D n=8, batch 2, out of place: 2 * 8 complex floats each side.
  memset(&p, 0, sizeof p);
  p.type = CSAN_LM_FFT_C2C, p.rank = 1, p.n[0] = 8, p.batch = 2;
  csan_lm_init(&fp);
  csan_lm_fft_exec(&fp, &p, 0x10000, 0x20000);
  print_fp("c2c", &fp);
  // CHECK-LABEL: c2c: 2 region(s)
  // CHECK-NEXT: idata R base=0x10000 width=128 rows=1
  // CHECK-NEXT: odata W base=0x20000 width=128 rows=1

  // R2C n=8 out of place: 8 floats in, 8/2+1 = 5 complex out.
  p.type = CSAN_LM_FFT_R2C, p.batch = 1;
  csan_lm_init(&fp);
  csan_lm_fft_exec(&fp, &p, 0x10000, 0x20000);
  print_fp("r2c", &fp);
  // CHECK-LABEL: r2c: 2 region(s)
  // CHECK-NEXT: idata R base=0x10000 width=32 rows=1
  // CHECK-NEXT: odata W base=0x20000 width=40 rows=1

  // R2C n=8 in place, batch 2: the padded array, 2 * 5 complex.
  p.batch = 2;
  csan_lm_init(&fp);
  csan_lm_fft_exec(&fp, &p, 0x10000, 0x10000);
  print_fp("r2c in place", &fp);
  // CHECK-LABEL: r2c in place: 1 region(s)
  // CHECK-NEXT: idata/odata W base=0x10000 width=80 rows=1

  // C2R 2-D 4x6 out of place: 4 * (6/2+1) complex in (overwritten), 24
  // floats out.
  memset(&p, 0, sizeof p);
  p.type = CSAN_LM_FFT_C2R, p.rank = 2, p.n[0] = 4, p.n[1] = 6, p.batch = 1;
  csan_lm_init(&fp);
  csan_lm_fft_exec(&fp, &p, 0x10000, 0x20000);
  print_fp("c2r", &fp);
  // CHECK-LABEL: c2r: 2 region(s)
  // CHECK-NEXT: idata W base=0x10000 width=128 rows=1
  // CHECK-NEXT: odata W base=0x20000 width=96 rows=1

  // Z2Z 2-D 3x4, batch 2, advanced: input inembed {_, 10}, istride 2,
  // idist 100: element (x, y) of batch b at b*100 + (x*10 + y)*2, 16 bytes
  // each: 4 elements 32 bytes apart, 3 such rows 320 apart, 2 batches 1600
  // apart (two regions). Output packed (onembed {_, 4}, stride 1, dist 12):
  // one run of 2 * 12 * 16 bytes.
  memset(&p, 0, sizeof p);
  p.type = CSAN_LM_FFT_Z2Z, p.rank = 2, p.n[0] = 3, p.n[1] = 4, p.batch = 2, p.advanced = true;
  p.inembed[1] = 10, p.istride = 2, p.idist = 100;
  p.onembed[1] = 4, p.ostride = 1, p.odist = 12;
  csan_lm_init(&fp);
  csan_lm_fft_exec(&fp, &p, 0x100000, 0x200000);
  print_fp("z2z advanced", &fp);
  // CHECK-LABEL: z2z advanced: 3 region(s)
  // CHECK-NEXT: idata R base=0x100000 width=16 rows=4 pitch=32 slices=3 slice_pitch=320
  // CHECK-NEXT: idata R base=0x100640 width=16 rows=4 pitch=32 slices=3 slice_pitch=320
  // CHECK-NEXT: odata W base=0x200000 width=384 rows=1
  return 0;
}
