/* Fake kernels for tests that need one writer and one reader of an int:
 * write4(int *p) writes p[0..3] at k.cu:3:5, read4(int *p) reads them at
 * k.cu:8:5, and wait_read4(int *p) reads them at k.cu:13:5 after its
 * cudaGridDependencySynchronize() (its twin takes two contexts). Call
 * rw_kernels_register() once before launching them. */
#ifndef RW_KERNELS_H
#define RW_KERNELS_H

#include "rt_test.h"

KERNEL_STUB(write4)
KERNEL_STUB(read4)
KERNEL_STUB(wait_read4)
static int32_t rw_write_site, rw_read_site, rw_wait_read_site;

static void rw_write_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, rw_write_site);
}

static void rw_read_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, rw_read_site);
}

static void rw_wait_read_body(const fake_launch *l) {
  for (unsigned i = 0; i < 4; i++)
    fake_cuda_access_after_wait(l, ARG(l, int *, 0) + i, 4, CSAN_ACC_READ, rw_wait_read_site);
}

static void rw_kernels_register(void) {
  rw_write_site = fake_cuda_site("k.cu", 3, 5, "_Z6write4Pi", CSAN_ACC_WRITE, 4);
  rw_read_site = fake_cuda_site("k.cu", 8, 5, "_Z5read4Pi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)write4, "_Z6write4Pi", FAKE_TWIN_OK, 1, rw_write_body);
  fake_cuda_register_kernel((const void *)read4, "_Z5read4Pi", FAKE_TWIN_OK, 1, rw_read_body);
  rw_wait_read_site = fake_cuda_site("k.cu", 13, 5, "_Z10wait_read4Pi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)wait_read4, "_Z10wait_read4Pi", FAKE_TWIN_PDL, 1,
                            rw_wait_read_body);
}

#endif
