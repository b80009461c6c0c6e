/* csan_rt_kernels.h: csan's own kernels, as the host runtime launches them.
 *
 * The kernels (csan_rt_kernels.cu) are embedded in the host runtime as a
 * fatbin (SASS for CSAN_RT_KERNEL_ARCHS, PTX of the oldest). The host loads
 * it with cuModuleLoadData, gets each kernel by its extern "C" name below and
 * launches it with cuLaunchKernel, kernelParams pointing at the arguments in
 * order:
 *
 *   csan_rk_access(csan_rk_access_params p, const __grid_constant__ csan_launch_ctx ctx)
 *     void *args[] = {&p, &ctx};
 *     Checks and records a strided region under the operation's launch
 *     context, exactly as if the operation's kernel had accessed each byte
 *     (memcpy/memset of every shape, stream-ordered alloc/free, synchronous
 *     free): base + s * slice_pitch + r * pitch + [0, width) for r < rows,
 *     s < slices, with access kind p.access (CSAN_ACC_*). ctx is the
 *     operation's context (slot, epoch, vc, shadow, pool, races); set
 *     CSAN_CTX_F_RANGE_OP in ctx.flags so reports can tell.
 *     Geometry: 1-D, any grid; a grid-stride loop over
 *     csan_rk_access_items(&p) work items (one per granule slot of a row).
 *     Use CSAN_RK_BLOCK threads and csan_rk_grid(items, max_blocks) blocks.
 *
 *   csan_rk_fill(csan_rk_fill_params p)
 *     void *args[] = {&p};
 *     CSAN_RK_FILL_EMPTY      [base, base + size) of a tracked allocation
 *                             becomes tracked with no records (a new
 *                             allocation; also clears old FREE markers)
 *     CSAN_RK_FILL_UNTRACKED  granules wholly inside [base, base + size)
 *                             become untracked (their pool chains are
 *                             recycled); edge granules lose the range's bytes
 *     CSAN_RK_FILL_NEW_PAGE   every granule of the page shadow at p.page
 *                             (tags then sites, CSAN_PAGE_SHADOW_BYTES) is
 *                             untracked; run it before the directory names
 *                             the page, then EMPTY for the allocation
 *     The range modes look pages up through p.shadow_dir, take each
 *     granule's lock (other streams may be running) and skip unshadowed
 *     pages. Geometry: 1-D grid-stride over csan_rk_fill_items(&p) granules.
 *
 *   csan_rk_reset_page(csan_rk_reset_params p)
 *     void *args[] = {&p};
 *     Rebase reset of one page shadow (device idle, after a device-wide
 *     synchronization): every record but FREE goes, FREE bytes become one
 *     FREE record of epoch 0, escalated granules return to two cells.
 *     Geometry: 1-D grid-stride over CSAN_GRANULES_PER_PAGE granules. After
 *     every page, launch csan_rk_pool_reset once: chains are not freed one
 *     by one.
 *
 *   csan_rk_pool_reset(csan_rk_reset_params p)
 *     void *args[] = {&p};  one thread (grid 1, block 1) is enough.
 *     Empties the escalation pool at p.pool (next_free = 1, no free list);
 *     keeps capacity and the exhausted counter.
 *
 * All parameter structs are plain C with fixed-width fields (static_asserts
 * below), the same bytes on the host and the device.
 */
#ifndef CSAN_RT_KERNELS_H
#define CSAN_RT_KERNELS_H

#include "csan_abi.h"

#define CSAN_RK_ACCESS_NAME "csan_rk_access"
#define CSAN_RK_FILL_NAME "csan_rk_fill"
#define CSAN_RK_RESET_PAGE_NAME "csan_rk_reset_page"
#define CSAN_RK_POOL_RESET_NAME "csan_rk_pool_reset"

/* The helpers below are for both sides: the host sizes grids with them, the
 * kernels walk the same items. */
#if defined(__CUDACC__)
#define CSAN_RK_HD static inline __host__ __device__
#else
#define CSAN_RK_HD static inline
#endif

/* Threads per block the kernels are launched with. csan_rk_access walks its
 * items a whole warp at a time, so the block is a whole number of warps. */
#define CSAN_RK_BLOCK 256u
CSAN_STATIC_ASSERT(CSAN_RK_BLOCK % 32u == 0, "csan's kernels run whole warps");

typedef struct csan_rk_access_params {
  uint64_t base;        /* device address of the first byte */
  uint64_t width;       /* bytes per row (0: nothing to do) */
  uint64_t rows;        /* rows per slice, >= 1 */
  uint64_t pitch;       /* bytes from one row start to the next */
  uint64_t slices;      /* >= 1 */
  uint64_t slice_pitch; /* bytes from one slice start to the next */
  uint64_t size;        /* size recorded in race entries: the operation's length */
  uint32_t access;      /* CSAN_ACC_* */
  int32_t site;         /* site recorded with the tags (0: the operation itself) */
} csan_rk_access_params;
CSAN_STATIC_ASSERT(sizeof(csan_rk_access_params) == 64, "csan_rk_access_params layout");

#define CSAN_RK_FILL_EMPTY 0u
#define CSAN_RK_FILL_UNTRACKED 1u
#define CSAN_RK_FILL_NEW_PAGE 2u

typedef struct csan_rk_fill_params {
  uint64_t shadow_dir; /* device address of the level-1 directory (range modes) */
  uint64_t pool;       /* device address of the csan_pool header (range modes) */
  uint64_t base;       /* application byte range (range modes) */
  uint64_t size;
  uint64_t page;       /* page shadow base (CSAN_RK_FILL_NEW_PAGE) */
  uint32_t mode;       /* CSAN_RK_FILL_* */
  uint32_t reserved;
} csan_rk_fill_params;
CSAN_STATIC_ASSERT(sizeof(csan_rk_fill_params) == 48, "csan_rk_fill_params layout");

typedef struct csan_rk_reset_params {
  uint64_t page; /* page shadow base (csan_rk_reset_page) */
  uint64_t pool; /* device address of the csan_pool header */
} csan_rk_reset_params;
CSAN_STATIC_ASSERT(sizeof(csan_rk_reset_params) == 16, "csan_rk_reset_params layout");

/* Work items of csan_rk_access: every row gets one item per granule it may
 * touch (an unaligned row of w bytes touches up to ceil(w/16) + 1). */
CSAN_RK_HD uint64_t csan_rk_row_items(uint64_t width) {
  return width ? ((width + CSAN_GRANULE_SIZE - 1) >> CSAN_GRANULE_SHIFT) + 1 : 0;
}

CSAN_RK_HD uint64_t csan_rk_access_items(const csan_rk_access_params *p) {
  return csan_rk_row_items(p->width) * p->rows * p->slices;
}

CSAN_RK_HD uint64_t csan_rk_fill_items(const csan_rk_fill_params *p) {
  if (p->mode == CSAN_RK_FILL_NEW_PAGE)
    return CSAN_GRANULES_PER_PAGE;
  if (!p->size)
    return 0;
  return ((p->base + p->size - 1) >> CSAN_GRANULE_SHIFT) - (p->base >> CSAN_GRANULE_SHIFT) + 1;
}

/* Bytes [lo, hi) of the granule at g as a mask (g <= lo < hi <= g + 16). */
CSAN_RK_HD uint32_t csan_rk_mask(uint64_t g, uint64_t lo, uint64_t hi) {
  return (uint32_t)(((1u << (uint32_t)(hi - lo)) - 1u) << (uint32_t)(lo - g)) & 0xffffu;
}

/* Work item i of csan_rk_access (per_row = csan_rk_row_items(p->width)):
 * stores the granule address in *g and returns the mask of the region's
 * bytes in it, or 0 when the item is a row's spare. */
CSAN_RK_HD uint32_t csan_rk_access_item(const csan_rk_access_params *p, uint64_t per_row,
                                        uint64_t i, uint64_t *g) {
  uint64_t j = i, start = p->base;
  if (p->rows != 1 || p->slices != 1) { /* 2-D/3-D: which row of which slice */
    uint64_t row = i / per_row;
    j = i - row * per_row;
    start += (row / p->rows) * p->slice_pitch + (row % p->rows) * p->pitch;
  }
  uint64_t end = start + p->width;
  uint64_t gr = (start & ~(uint64_t)(CSAN_GRANULE_SIZE - 1)) + j * CSAN_GRANULE_SIZE;
  if (gr >= end || end < start)
    return 0;
  *g = gr;
  uint64_t lo = gr < start ? start : gr;
  uint64_t hi = end - gr < CSAN_GRANULE_SIZE ? end : gr + CSAN_GRANULE_SIZE;
  return csan_rk_mask(gr, lo, hi);
}

/* Work item i of the range modes of csan_rk_fill: granule and mask. */
CSAN_RK_HD uint32_t csan_rk_fill_item(const csan_rk_fill_params *p, uint64_t i, uint64_t *g) {
  uint64_t end = p->base + p->size;
  uint64_t gr = (p->base & ~(uint64_t)(CSAN_GRANULE_SIZE - 1)) + i * CSAN_GRANULE_SIZE;
  *g = gr;
  uint64_t lo = gr < p->base ? p->base : gr;
  uint64_t hi = end - gr < CSAN_GRANULE_SIZE ? end : gr + CSAN_GRANULE_SIZE;
  return csan_rk_mask(gr, lo, hi);
}

/* Blocks for a grid-stride kernel of `items` work items: enough to cover
 * them with CSAN_RK_BLOCK threads each, at most max_blocks (>= 1). */
CSAN_RK_HD uint32_t csan_rk_grid(uint64_t items, uint32_t max_blocks) {
  uint64_t b = (items + CSAN_RK_BLOCK - 1) / CSAN_RK_BLOCK;
  if (b < 1)
    b = 1;
  return b > max_blocks ? max_blocks : (uint32_t)b;
}

#endif /* CSAN_RT_KERNELS_H */
