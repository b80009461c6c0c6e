/* csan_hostmem.h: host memory the device also uses (pinned, mapped,
 * registered, managed), its shadow on the CPU, and the bounds the host
 * instrumentation tests inline (issue 18).
 *
 * A *region* is a byte range a CUDA call made visible to the device:
 * cudaMallocHost / cudaHostAlloc / cudaHostRegister (pinned and mapped) and
 * cudaMallocManaged. Regions live in a small table, replaced as a whole
 * when one comes or goes (copy on write: readers take no lock), and their
 * hull is published in two words, lo and span, so the check that
 * instrumented code runs inline for an access at p is
 *
 *     p - lo < span        (one subtraction and one unsigned compare)
 *
 * with lo = span = 0 while there is no region. Only an access that passes
 * it calls the runtime, which finds the region (a binary search) or
 * returns.
 *
 * The shadow of the regions is a csan_shadow_cpu: the same engine, records
 * and race table the GPU uses, living in host memory. Host accesses are
 * checked and recorded in it with a context of slot CSAN_HOST_SLOT; device
 * operations that touch a region (copies, sets, library calls, host
 * functions' own accesses, and kernels where the device path records them)
 * with their own operation's context.
 *
 * Thread-safe: regions may come and go while other threads check.
 * Free of CUDA (the glue feeds it: cuda/csan_rt_hostmem.c).
 */
#ifndef CSAN_HOSTMEM_H
#define CSAN_HOSTMEM_H

#include <stdbool.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_shadow_cpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The two words instrumented code reads (the glue exports them as
 * __csan_host_bounds[0] / [1]). */
typedef struct csan_hostmem_bounds {
  volatile uint64_t *lo, *span;
} csan_hostmem_bounds;

typedef struct csan_hostmem csan_hostmem;

/* pool_blocks and race_entries size the shadow (csan_shadow_cpu_create).
 * bounds' words are written whenever the table changes. NULL when out of
 * memory. */
csan_hostmem *csan_hostmem_create(uint32_t pool_blocks, uint32_t race_entries,
                                  csan_hostmem_bounds bounds);
void csan_hostmem_destroy(csan_hostmem *h);

/* A region begins: tracked, empty (a region that overlaps a live one
 * replaces it). kind is CSAN_ALLOC_* (csan_alloc.h), kept for reports.
 * 0, or CSAN_SHADOW_ENOMEM / CSAN_SHADOW_EINVAL. */
int csan_hostmem_add(csan_hostmem *h, uint64_t base, uint64_t size, uint32_t kind);
/* The region starting at base ends: its bytes are forgotten (the memory
 * goes back to the program or the allocator, and later accesses to it are
 * ordinary ones). false when no region starts at base. */
bool csan_hostmem_remove(csan_hostmem *h, uint64_t base);

/* The region starting at base ends by a free (cudaFreeHost, a managed
 * cudaFree): its bytes are forgotten as by csan_hostmem_remove, but the
 * region stays in the table, retired, so a later host access to it is
 * found (csan_hostmem_access returns CSAN_HOSTMEM_RETIRED) until
 * csan_hostmem_drop_retired, or until a new region overlaps it. false when
 * no live region starts at base. */
bool csan_hostmem_retire(csan_hostmem *h, uint64_t base);
/* The retired region starting at base is forgotten (a live one there is
 * left alone). */
bool csan_hostmem_drop_retired(csan_hostmem *h, uint64_t base);

/* Every region, live or retired, is forgotten (a device reset freed
 * them). */
void csan_hostmem_clear(csan_hostmem *h);

/* The part of [addr, addr + size) inside regions, as one hull [*lo, *hi):
 * false when no region overlaps it. */
bool csan_hostmem_clip(csan_hostmem *h, uint64_t addr, uint64_t size, uint64_t *lo,
                       uint64_t *hi);
/* The live region containing addr: true and its base, size and kind. */
bool csan_hostmem_find(csan_hostmem *h, uint64_t addr, uint64_t *base, uint64_t *size,
                       uint32_t *kind);
/* Number of live regions (retired ones not counted). */
uint32_t csan_hostmem_regions(csan_hostmem *h);

/* One access of [addr, addr + size) with ctx, checked and recorded on the
 * bytes that lie in live regions (CSAN_ACC_* as for csan_shadow_cpu_access).
 * Returns what it touched: CSAN_HOSTMEM_LIVE | CSAN_HOSTMEM_RETIRED (0:
 * no region), and in *retired_at (may be null) the first byte it touched
 * in a retired region. */
#define CSAN_HOSTMEM_LIVE 1u
#define CSAN_HOSTMEM_RETIRED 2u
unsigned csan_hostmem_access(csan_hostmem *h, const csan_launch_ctx *ctx, uint64_t addr,
                             uint64_t size, uint32_t access, int32_t site,
                             uint64_t *retired_at);

/* The shadow (its race table is what the glue drains). */
csan_shadow_cpu *csan_hostmem_shadow(csan_hostmem *h);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_HOSTMEM_H */
