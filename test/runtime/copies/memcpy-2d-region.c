// A 2-D copy checks exactly its strided region: rows of `width` bytes, one
// pitch apart. A kernel touching the padding between rows does not race with
// it; one touching a row does, on exactly the overlapping bytes.
// RUN: %cc_rt -o %t
// RUN: %run %t pad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PAD --implicit-check-not=WARNING < %t.out
// RUN: %run %t row > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ROW < %t.out
#include "rt_test.h"

KERNEL_STUB(touch)
static int32_t site;

static void touch_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, char *, 0), 8, 1, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int row = argc > 1 && !strcmp(argv[1], "row");
  site = fake_cuda_site("touch.cu", 2, 3, "_Z5touchPc", CSAN_ACC_WRITE, 1);
  fake_cuda_register_kernel((const void *)touch, "_Z5touchPc", FAKE_TWIN_OK, 1, touch_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  char *dev;
  size_t pitch;
  CK(__csan_cudaMallocPitch((void **)&dev, &pitch, 100, 4, SITE));
  NOTE("pitch %zu", pitch);
  static char host[4 * 100];
  /* Rows 0..3, bytes [0, 100) of each. */
  CK(__csan_cudaMemcpy2DAsync(dev, pitch, host, 100, 100, 4, cudaMemcpyHostToDevice, s1, SITE));
  /* Row 2: bytes [96, 104) touch 4 bytes of the row; [200, 208) only padding. */
  char *target = row ? dev + 2 * pitch + 96 : dev + 200;
  LAUNCH(touch, s2, &target);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// PAD: pitch 512
// PAD: end
// PAD-NEXT: exit=0

// ROW:      pitch 512
// ROW:      WARNING: csan: data race (write-write) on 4 bytes at 0x[[#%x,ADDR:]]
// ROW-NEXT:   Write of size 1 at 0x[[#ADDR]] by kernel touch(char*) on stream
// ROW:        Previous write of size 400 by cudaMemcpy2DAsync on stream
// ROW:        Location: bytes [1120, 1124) of a 2048-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocPitch at:
// ROW:      end
// ROW-NEXT: csan: reported 1 data race(s)
