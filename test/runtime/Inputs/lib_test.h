/* lib_test.h: helpers for the runtime tests of csan's library models
 * (test/runtime/libs): the library wrappers' prototypes (csan_lib_api.h),
 * and two fake kernels for the other side of a race:
 *
 *   kwrite(void *p, size_t n)   writes n bytes from p, 4 at a time, at k.cu:3:5
 *   kread(const void *p, size_t n)   reads them at k.cu:8:5
 *
 * KWRITE(stream, p, n) / KREAD(stream, p, n) launch them (instrumented: the
 * module has their twins). Call lib_kernels_register() first.
 */
#ifndef LIB_TEST_H
#define LIB_TEST_H

#include "csan_lib_api.h"
#include "rt_test.h"

KERNEL_STUB(kwrite)
KERNEL_STUB(kread)
static int32_t lib_write_site, lib_read_site;

static void lib_access(const fake_launch *l, uint32_t access, int32_t site) {
  const char *p = ARG(l, const char *, 0);
  size_t n = ARG(l, size_t, 1);
  for (size_t i = 0; i < n; i += 4)
    fake_cuda_access(l, p + i, n - i < 4 ? n - i : 4, access, site);
}

static void kwrite_body(const fake_launch *l) {
  lib_access(l, CSAN_ACC_WRITE, lib_write_site);
}

static void kread_body(const fake_launch *l) {
  lib_access(l, CSAN_ACC_READ, lib_read_site);
}

static void lib_kernels_register(void) {
  lib_write_site = fake_cuda_site("k.cu", 3, 5, "_Z6kwritePvm", CSAN_ACC_WRITE, 4);
  lib_read_site = fake_cuda_site("k.cu", 8, 5, "_Z5kreadPKvm", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)kwrite, "_Z6kwritePvm", FAKE_TWIN_OK, 2, kwrite_body);
  fake_cuda_register_kernel((const void *)kread, "_Z5kreadPKvm", FAKE_TWIN_OK, 2, kread_body);
}

#define KWRITE(stream, p, n)                                                                   \
  do {                                                                                         \
    const void *p_ = (p);                                                                      \
    size_t n_ = (n);                                                                           \
    LAUNCH(kwrite, stream, &p_, &n_);                                                          \
  } while (0)
#define KREAD(stream, p, n)                                                                    \
  do {                                                                                         \
    const void *p_ = (p);                                                                      \
    size_t n_ = (n);                                                                           \
    LAUNCH(kread, stream, &p_, &n_);                                                           \
  } while (0)

/* A library call that must succeed (status 0 in every library). */
#define LK(call)                                                                               \
  do {                                                                                         \
    int e_ = (int)(call);                                                                      \
    if (e_ != 0) {                                                                             \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, e_);                \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

/* The driver's virtual-memory API around a mapping (tests that link the
 * fake libcuda, -lcuda): a handle of one granule of device memory and a
 * reservation for it (its size returned), read-write access once it is
 * mapped, and the release after the unmap. The test maps and unmaps itself:
 * csan names those lines. */
static inline size_t lib_vmm_reserve(CUmemGenericAllocationHandle *h, CUdeviceptr *va) {
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  size_t gran = 0;
  LK(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  LK(cuMemCreate(h, gran, &prop, 0));
  LK(cuMemAddressReserve(va, gran, 0, 0, 0));
  return gran;
}

static inline void lib_vmm_access(CUdeviceptr va, size_t size) {
  CUmemAccessDesc acc;
  memset(&acc, 0, sizeof acc);
  acc.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  LK(cuMemSetAccess(va, size, &acc, 1));
}

static inline void lib_vmm_release(CUmemGenericAllocationHandle h, CUdeviceptr va, size_t size) {
  LK(cuMemRelease(h));
  LK(cuMemAddressFree(va, size));
}

#endif
