// cudaMemcpy3D between two pitched blocks checks the source box (read) and
// the destination box (write), each at its own position and pitch; a kernel
// writing the source outside the box does not race with the copy, one
// writing inside it does.
// RUN: %cc_rt -o %t
// RUN: %run %t inside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=INSIDE < %t.out
// RUN: %run %t outside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OUTSIDE --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(touch)
static int32_t site;

static void touch_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, char *, 0), 1, 8, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int inside = argc > 1 && !strcmp(argv[1], "inside");
  site = fake_cuda_site("touch.cu", 2, 3, "_Z5touchPc", CSAN_ACC_WRITE, 8);
  fake_cuda_register_kernel((const void *)touch, "_Z5touchPc", FAKE_TWIN_OK, 1, touch_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  struct cudaExtent ext = {128, 4, 2};
  struct cudaPitchedPtr a, b;
  CK(__csan_cudaMalloc3D(&a, ext, SITE));
  CK(__csan_cudaMalloc3D(&b, ext, SITE));
  /* The box: x in [16, 48), y in [1, 3), z in [1, 2) of a, to the origin of b. */
  struct cudaMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = a;
  p.srcPos = (struct cudaPos){16, 1, 1};
  p.dstPtr = b;
  p.extent = (struct cudaExtent){32, 2, 1};
  p.kind = cudaMemcpyDeviceToDevice;
  /* Slice 1, row 2 of a: x = 40 is inside the box, x = 80 is not. */
  char *target = (char *)a.ptr + a.pitch * a.ysize + 2 * a.pitch + (inside ? 40 : 80);
  LAUNCH(touch, s1, &target);
  CK(__csan_cudaMemcpy3DAsync(&p, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// INSIDE:      WARNING: csan: data race (write-read) on 8 bytes
// INSIDE-NEXT:   Read of size 64 at 0x{{[0-9a-f]+}} by cudaMemcpy3DAsync on stream
// INSIDE:        Location: bytes [3112, 3120) of a 4096-byte allocation
// INSIDE:      end
// INSIDE-NEXT: csan: reported 1 data race(s)

// OUTSIDE: end
// OUTSIDE-NEXT: exit=0
