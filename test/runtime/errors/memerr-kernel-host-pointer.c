// A kernel given a pointer to pageable host memory: no shadow page covers
// it, so with memory errors on the device's check records the address once
// per site and lets the access go (memory csan did not see allocated may be
// valid). The host asks the driver: CUDA does not know the address, so it
// is reported as not device memory, with the kernel, its line and thread,
// and csan exits 66. The fixed twin passes device memory. Memory CUDA knows
// but csan did not see allocated is named once as unchecked, not an error
// (the "foreign" run: a block the fake allocated behind csan's back).
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: %run %t foreign > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FOREIGN < %t.out
#include "rt_test.h"

KERNEL_STUB(scale)

static float host_data[64];

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "fixed";
  fake_cuda_register_kernel((const void *)scale, "_Z5scalePf", FAKE_TWIN_OK, 1, NULL);
  int32_t st = fake_cuda_site("scale.cu", 3, 8, "_Z5scalePf", CSAN_ACC_WRITE, 4);
  float *d;
  CK(__csan_cudaMalloc((void **)&d, sizeof host_data, SITE));
  float *p = d;
  if (!strcmp(mode, "bad"))
    p = host_data;
  else if (!strcmp(mode, "foreign")) {
    /* The real call, which csan does not see; its last 2 MiB page holds no
     * allocation csan tracks, so no shadow page covers it. */
    CK(cudaMalloc((void **)&p, 8u << 20));
    p += (6u << 20) / sizeof *p;
  }
  LAUNCH(scale, 0, &p); // line 37
  const fake_launch *l = fake_cuda_last_launch();
  int same = 0;
  for (unsigned i = 0; i < 64; i++) {
    float *w = fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_WRITE, st);
    *w = 2.0f;
    same += w == &p[i];
  }
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("went ahead %d", same);
  return 0;
}

// BAD:      ==================
// BAD-NEXT: csan: ERROR: not device memory: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel scale(float*) at scale.cu:3
// BAD-NEXT:   block (0,0,0), thread (0,0,0)
// BAD-NEXT:   launched at {{.*}}memerr-kernel-host-pointer.c:37:3
// BAD:      SUMMARY: csan: not-device-memory scale.cu:3 in scale(float*)
// BAD-NEXT: ==================
// BAD-NEXT: went ahead 64
// BAD-NEXT: exit=66

// FIXED:      went ahead 64
// FIXED-NEXT: exit=0

// FOREIGN:      csan: WARNING: kernel scale(float*) at scale.cu:3 accessed 0x{{[0-9a-f]+}}, memory csan did not see allocated (by code csan does not instrument): not checked
// FOREIGN-NEXT: went ahead 64
// FOREIGN-NEXT: exit=0
