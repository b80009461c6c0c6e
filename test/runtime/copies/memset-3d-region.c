// A 3-D memset checks its strided region: `width` bytes of `height` rows of
// `depth` slices, rows one pitch apart and slices pitch * ysize apart
// (cudaMalloc3D's whole block is tracked). Bytes past the width in a row
// are not part of it.
// RUN: %cc_rt -o %t
// RUN: %run %t outside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OUTSIDE --implicit-check-not=WARNING < %t.out
// RUN: %run %t inside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=INSIDE < %t.out
#include "rt_test.h"

KERNEL_STUB(touch)
static int32_t site;

static void touch_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, char *, 0), 1, 4, CSAN_ACC_READ, site);
}

int main(int argc, char **argv) {
  int inside = argc > 1 && !strcmp(argv[1], "inside");
  site = fake_cuda_site("touch.cu", 2, 3, "_Z5touchPc", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)touch, "_Z5touchPc", FAKE_TWIN_OK, 1, touch_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  struct cudaExtent ext = {64, 3, 2}; /* 64 bytes x 3 rows x 2 slices */
  struct cudaPitchedPtr pp;
  CK(__csan_cudaMalloc3D(&pp, ext, SITE));
  NOTE("pitch %zu ysize %zu", pp.pitch, pp.ysize);
  struct cudaExtent part = {32, 2, 2};
  CK(__csan_cudaMemset3DAsync(pp, 7, part, s1, SITE));
  /* Slice 1, row 1: [16, 20) is inside the memset; [40, 44) is not. */
  char *target = (char *)pp.ptr + pp.pitch * pp.ysize + pp.pitch + (inside ? 16 : 40);
  LAUNCH(touch, s2, &target);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// OUTSIDE: pitch 512 ysize 3
// OUTSIDE: end
// OUTSIDE-NEXT: exit=0

// INSIDE:      WARNING: csan: data race (write-read) on 4 bytes
// INSIDE-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel touch(char*) on stream
// INSIDE:        Previous write of size 128 by cudaMemset3DAsync on stream
// INSIDE:        Location: bytes [2064, 2068) of a 3072-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc3D at:
// INSIDE:      end
// INSIDE-NEXT: csan: reported 1 data race(s)
