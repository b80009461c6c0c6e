/* csan_rt_kernels.cu: csan's own kernels (interfaces: csan_rt_kernels.h).
 *
 * They run the same engine as instrumented code (csan_shadow.h), launched by
 * the host runtime on an operation's stream just before the operation, so
 * memcpy/memset/alloc/free are checked and tagged in stream order, and they
 * set up and reset shadow pages. Every kernel is a 1-D grid-stride loop, so
 * any grid works; the host sizes grids with csan_rk_grid().
 *
 * Two work items of csan_rk_access can name one granule (the rows of a 2-D
 * or 3-D region whose pitch is not a multiple of the granule size). Lanes of
 * one warp never wait for each other's granule lock: csan_rk_access walks
 * its items a warp at a time, and the lanes of a warp that go to the same
 * granule merge into one update by the lowest of them (one operation, one
 * access kind, one site: the union of their byte masks is what the updates
 * one by one would record). The fill kernels' items are distinct granules.
 */
#include "csan_shadow_cuda.h"
#include "csan_rt_kernels.h"

static __device__ inline uint64_t csan_rk_tid(void) {
  return (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
}

static __device__ inline uint64_t csan_rk_stride(void) {
  return (uint64_t)gridDim.x * blockDim.x;
}

/* Work item i's granule (*g, *page) and byte mask, or 0 when there is
 * nothing to update (no item, no shadow, untracked, or already covered by
 * this operation's own record). */
static __device__ inline uint32_t csan_rk_access_need(const csan_rk_access_params *p,
                                                      const csan_launch_ctx *ctx, uint64_t per_row,
                                                      uint64_t items, uint64_t i, uint64_t *g,
                                                      uint64_t *page) {
  if (i >= items)
    return 0;
  uint32_t amask = csan_rk_access_item(p, per_row, i, g);
  if (!amask)
    return 0;
  *page = csan_sh_page(ctx->shadow_dir, *g);
  if (!*page)
    return 0;
  uint64_t c0, c1;
  csan_sh_load_cells(csan_sh_tags(*page, *g), &c0, &c1);
  if (csan_sh_covered(c0, c1, csan_sh_cover_make(csan_sh_launch_bits(ctx), amask, p->access)) ||
      (c0 & CSAN_TAG_UNTRACKED))
    return 0;
  return amask;
}

extern "C" __global__ void csan_rk_access(const csan_rk_access_params p,
                                          const __grid_constant__ csan_launch_ctx ctx) {
  uint64_t per_row = csan_rk_row_items(p.width);
  uint64_t items = csan_rk_access_items(&p);
  /* A warp at a time (CSAN_RK_BLOCK is a multiple of 32, so every lane of
   * a warp takes the same trips through the loop and all 32 take part in
   * the warp functions). */
  const unsigned all = 0xffffffffu;
  unsigned lane = threadIdx.x & 31u;
  uint64_t first = csan_rk_tid() - lane;
  for (uint64_t base = first; base < items; base += csan_rk_stride()) {
    uint64_t g = 0, page = 0;
    uint32_t amask = csan_rk_access_need(&p, &ctx, per_row, items, base + lane, &g, &page);
    /* Lanes with nothing to do group under a key no granule has. */
    unsigned peers = __match_any_sync(all, amask ? g : ~0ull);
    uint32_t merged = 0;
    for (unsigned rest = peers; rest; rest &= rest - 1u)
      merged |= (uint32_t)__shfl_sync(peers, (int)amask, __builtin_ctz(rest));
    if (!amask || (unsigned)__builtin_ctz(peers) != lane)
      continue;
    csan_shadow_update(&ctx, page, g, merged, p.access, p.site, p.size, (const csan_who *)0);
  }
}

extern "C" __global__ void csan_rk_fill(const csan_rk_fill_params p) {
  uint64_t items = csan_rk_fill_items(&p);
  if (p.mode == CSAN_RK_FILL_NEW_PAGE) {
    for (uint64_t i = csan_rk_tid(); i < items; i += csan_rk_stride())
      csan_shadow_init_granule(p.page, (uint32_t)i);
    return;
  }
  csan_pool *pool = (csan_pool *)(uintptr_t)p.pool;
  for (uint64_t i = csan_rk_tid(); i < items; i += csan_rk_stride()) {
    uint64_t g = 0;
    uint32_t mask = csan_rk_fill_item(&p, i, &g);
    uint64_t page = csan_sh_page(p.shadow_dir, g);
    if (page)
      csan_shadow_erase(pool, page, g, mask, p.mode == CSAN_RK_FILL_UNTRACKED);
  }
}

extern "C" __global__ void csan_rk_reset_page(const csan_rk_reset_params p) {
  csan_pool *pool = (csan_pool *)(uintptr_t)p.pool;
  for (uint64_t i = csan_rk_tid(); i < CSAN_GRANULES_PER_PAGE; i += csan_rk_stride())
    csan_shadow_reset_granule(pool, p.page, (uint32_t)i);
}

extern "C" __global__ void csan_rk_pool_reset(const csan_rk_reset_params p) {
  if (csan_rk_tid() == 0 && p.pool)
    csan_shadow_pool_reset((csan_pool *)(uintptr_t)p.pool);
}
