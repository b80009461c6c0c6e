/* csan_rt_kernels.cu: csan's own kernels (interfaces: csan_rt_kernels.h).
 *
 * They run the same engine as instrumented code (csan_shadow.h), launched by
 * the host runtime on an operation's stream just before the operation, so
 * memcpy/memset/alloc/free are checked and tagged in stream order, and they
 * set up and reset shadow pages. Every kernel is a 1-D grid-stride loop, so
 * any grid works; the host sizes grids with csan_rk_grid().
 *
 * No warp aggregation here: each work item is a distinct granule (rows that
 * share a granule merge in the engine, as one launch's records do).
 */
#include "csan_shadow_cuda.h"
#include "csan_rt_kernels.h"

static __device__ inline uint64_t csan_rk_tid(void) {
  return (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
}

static __device__ inline uint64_t csan_rk_stride(void) {
  return (uint64_t)gridDim.x * blockDim.x;
}

extern "C" __global__ void csan_rk_access(const csan_rk_access_params p,
                                          const __grid_constant__ csan_launch_ctx ctx) {
  uint64_t per_row = csan_rk_row_items(p.width);
  uint64_t items = csan_rk_access_items(&p);
  csan_tag_t launch = csan_sh_launch_bits(&ctx);
  for (uint64_t i = csan_rk_tid(); i < items; i += csan_rk_stride()) {
    uint64_t g = 0;
    uint32_t amask = csan_rk_access_item(&p, per_row, i, &g);
    if (!amask)
      continue;
    uint64_t page = csan_sh_page(ctx.shadow_dir, g);
    if (!page)
      continue;
    uint64_t c0, c1;
    csan_sh_load_cells(csan_sh_tags(page, g), &c0, &c1);
    if (csan_sh_covered(c0, c1, csan_sh_cover_make(launch, amask, p.access)) ||
        (c0 & CSAN_TAG_UNTRACKED))
      continue;
    csan_shadow_update(&ctx, page, g, amask, p.access, p.site, p.size, (const csan_who *)0);
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
