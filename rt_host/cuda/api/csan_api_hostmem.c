/* csan_api_hostmem.c: what instrumented host code calls (issue 18).
 *
 *   __csan_host_bounds {lo, span}   (csan_rt_hostmem.c) the hull of the
 *       regions of host memory the device uses; csan-host's inline test is
 *       `p - lo < span` (pass/host/CsanHostAccesses.cpp)
 *   __csan_host_access(p, n, kind, site)   a load, store or atomic of
 *       n bytes that passed the inline test, or a range (memcpy, memset,
 *       fread, ...) that did not take it: checked against the device work
 *       on those bytes with the calling thread's ordering
 * Kernels' accesses to the regions reach the host's shadow through the
 * host-memory log (csan_rt_hostlog.c), on a GPU and in the fake alike.
 *
 * The program's threads and locks: csan_api_hostmem_threads.c.
 */
#include "csan_rt_hostlog.h"
#include "csan_rt_hostmem.h"

CSAN_EXPORT void __csan_host_access(const void *p, uint64_t n, uint32_t kind,
                                    const csan_host_site *site) {
  if (!csan_rt_hostmem_maybe((uint64_t)(uintptr_t)p, n))
    return;
  /* Kernels' accesses first: a host access ordered after a kernel must
   * meet its records (csan_rt_hostlog.c). */
  csan_rt_hostlog_drain();
  csan_rt_hostmem_host_access(p, n, kind, site, __builtin_return_address(0));
}
