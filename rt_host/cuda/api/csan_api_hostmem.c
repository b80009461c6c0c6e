/* csan_api_hostmem.c: what instrumented host code calls (issue 18).
 *
 *   __csan_host_bounds {lo, span}   (csan_rt_hostmem.c) the hull of the
 *       regions of host memory the device uses; csan-host's inline test is
 *       `p - lo < span` (pass/host/CsanHostAccesses.cpp)
 *   __csan_host_access(p, n, kind, site)   a load, store or atomic of
 *       n bytes that passed the inline test, or a range (memcpy, memset,
 *       fread, ...) that did not take it: checked against the device work
 *       on those bytes with the calling thread's ordering
 *   __csan_hostmem_device_access(ctx, p, n, kind, site)   a kernel's access
 *       to a region, with its launch context (the fake CUDA runtime's
 *       kernels call it; on a GPU the device runtime does not yet)
 *
 * The program's threads and locks: csan_api_hostmem_threads.c.
 */
#include "csan_rt_hostmem.h"

CSAN_EXPORT void __csan_host_access(const void *p, uint64_t n, uint32_t kind,
                                    const csan_host_site *site) {
  if (!csan_rt_hostmem_maybe((uint64_t)(uintptr_t)p, n))
    return;
  csan_rt_hostmem_host_access(p, n, kind, site, __builtin_return_address(0));
}

CSAN_EXPORT void __csan_hostmem_device_access(const csan_launch_ctx *ctx, const void *p,
                                              uint64_t n, uint32_t kind, int32_t site) {
  csan_rt_hostmem_device_access(ctx, p, n, kind, site);
}
