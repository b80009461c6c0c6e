/* Two fake kernels for the graph memory-node tests: fill(int *p) writes
 * p[0..15] at mem.cu:3:3, use(int *p) reads the one int p[FILL_USE_OFFSET]
 * (0 unless the test defines it before the include) at mem.cu:7:3. Call
 * fill_use_register() once before launching them. */
#ifndef FILL_USE_KERNELS_H
#define FILL_USE_KERNELS_H

#include "rt_test.h"

#ifndef FILL_USE_OFFSET
#define FILL_USE_OFFSET 0
#endif

KERNEL_STUB(fill)
KERNEL_STUB(use)
static int32_t fill_site, use_site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 16, 4, CSAN_ACC_WRITE, fill_site);
}

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0) + FILL_USE_OFFSET, 1, 4, CSAN_ACC_READ, use_site);
}

static void fill_use_register(void) {
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  fill_site = fake_cuda_site("mem.cu", 3, 3, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  use_site = fake_cuda_site("mem.cu", 7, 3, "_Z3usePi", CSAN_ACC_READ, 4);
}

#endif
