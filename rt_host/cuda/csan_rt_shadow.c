/* csan_rt_shadow.c: shadow memory on the device (DESIGN.md, decision 6).
 *
 * The device holds a level-1 directory of 16384 entries (csan_g.dir), level-2
 * tables of 16384 entries allocated on demand, and one page shadow
 * (CSAN_PAGE_SHADOW_BYTES: tags, then site words) per 2 MiB page of
 * application VA that holds a tracked allocation. The host keeps a mirror of
 * both levels, so it never reads the directory back.
 *
 * A new page is cudaMalloc'ed, filled with csan_rk_fill NEW_PAGE (every
 * granule untracked) and only then named by its directory entry; the
 * entry is written by a copy on csan's private stream, after the fill in
 * stream order, and the host waits for both before any operation can use the
 * range. A new allocation then makes its own range tracked and empty
 * (csan_rk_fill EMPTY). Pages stay until cudaDeviceReset: memory is usually
 * reused, and a page that lost its last allocation costs only device memory.
 *
 * Every operation's range checks are csan_rk_access launches on the
 * operation's own stream, just before it, with its launch context.
 */
#include "csan_rt_errors.h"
#include "csan_rt_shadow.h"

#include <stdlib.h>
#include <string.h>

#define L1_ENTRIES (1u << CSAN_L1_BITS)
#define L2_ENTRIES (1u << CSAN_L2_BITS)
#define L2_BYTES ((size_t)L2_ENTRIES * sizeof(uint64_t))

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
/* Host mirrors: device addresses of level-2 tables, and per table the device
 * addresses of its pages. */
static uint64_t g_l1[L1_ENTRIES];
static uint64_t *g_l2[L1_ENTRIES];
/* Every page shadow, for the rebase. */
static uint64_t *g_pages;
static size_t g_npages, g_pages_cap;
static uint64_t g_shadow_bytes, g_shadow_peak;
static _Atomic int64_t g_tracked_live;
static _Atomic uint64_t g_tracked_peak;
static _Atomic bool g_warned_launch, g_warned_oom;

CUresult csan_rt_rk_launch(CUfunction f, uint32_t blocks, CUstream s, void **args) {
  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = blocks ? blocks : 1;
  cfg.gridDimY = cfg.gridDimZ = 1;
  cfg.blockDimX = CSAN_RK_BLOCK;
  cfg.blockDimY = cfg.blockDimZ = 1;
  cfg.hStream = s;
  CUresult r = csan_g.drv.cuLaunchKernelEx(&cfg, f, args, NULL);
  /* After a fault every launch fails: the fault report says why. */
  if (r != CUDA_SUCCESS && !csan_rt_errors_sticky((cudaError_t)r))
    csan_rt_warn_once(&g_warned_launch,
                      "launching csan's own kernel failed (%s); some memory operations are not "
                      "checked",
                      csan_rt_cu_error(r));
  return r;
}

static bool dev_malloc(uint64_t *out, size_t bytes) {
  void *p = NULL;
  bool clean = csan_rt_err_save();
  cudaError_t e = cudaMalloc(&p, bytes);
  csan_rt_err_restore(clean, e);
  if (e != cudaSuccess) {
    csan_rt_warn_once(&g_warned_oom,
                      "no device memory for shadow (%s); memory allocated from now on may not be "
                      "checked",
                      cudaGetErrorString(e));
    return false;
  }
  *out = (uint64_t)(uintptr_t)p;
  g_shadow_bytes += bytes;
  if (g_shadow_bytes > g_shadow_peak)
    g_shadow_peak = g_shadow_bytes;
  return true;
}

/* The page shadow of application page `va_page` (an address >> 21), made if
 * missing. Called with g_mu held; work goes to csan's stream, unsynchronized. */
static bool page_make(uint64_t va_page) {
  CUstream s = (CUstream)csan_g.priv;
  uint32_t i1 = (uint32_t)(va_page >> CSAN_L2_BITS);
  uint32_t i2 = (uint32_t)(va_page & (L2_ENTRIES - 1));
  if (!g_l2[i1]) {
    uint64_t *mirror = calloc(L2_ENTRIES, sizeof(uint64_t));
    uint64_t table = 0;
    if (!mirror || !dev_malloc(&table, L2_BYTES)) {
      free(mirror);
      return false;
    }
    /* Zero the table before the directory names it. */
    if (csan_g.drv.cuMemsetD8Async((CUdeviceptr)table, 0, L2_BYTES, s) != CUDA_SUCCESS ||
        csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)(csan_g.dir + i1 * sizeof(uint64_t)), &table,
                                     sizeof table, s) != CUDA_SUCCESS) {
      free(mirror);
      return false;
    }
    g_l1[i1] = table;
    g_l2[i1] = mirror;
  }
  if (g_l2[i1][i2])
    return true;
  uint64_t page = 0;
  if (g_npages == g_pages_cap) {
    size_t cap = g_pages_cap ? 2 * g_pages_cap : 64;
    uint64_t *v = realloc(g_pages, cap * sizeof *v);
    if (!v)
      return false;
    g_pages = v;
    g_pages_cap = cap;
  }
  if (!dev_malloc(&page, CSAN_PAGE_SHADOW_BYTES))
    return false;
  csan_rk_fill_params p;
  memset(&p, 0, sizeof p);
  p.page = page;
  p.mode = CSAN_RK_FILL_NEW_PAGE;
  void *args[] = {&p};
  if (csan_rt_rk_launch(csan_g.rk_fill, csan_rk_grid(csan_rk_fill_items(&p), csan_g.max_blocks), s,
                        args) != CUDA_SUCCESS)
    return false;
  /* After the fill in stream order: the page becomes visible. */
  if (csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)(g_l1[i1] + i2 * sizeof(uint64_t)), &page,
                                   sizeof page, s) != CUDA_SUCCESS)
    return false;
  g_l2[i1][i2] = page;
  g_pages[g_npages++] = page;
  return true;
}

bool csan_rt_shadow_pages(uint64_t base, uint64_t size) {
  if (!size || (base >> CSAN_VA_BITS) || ((base + size - 1) >> CSAN_VA_BITS) ||
      base + size < base)
    return false; /* beyond the shadowed VA: untracked */
  bool ok = true, made = false;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  pthread_mutex_lock(&g_mu);
  for (uint64_t pg = base >> CSAN_PAGE_SHIFT; pg <= (base + size - 1) >> CSAN_PAGE_SHIFT && ok;
       pg++) {
    uint32_t i1 = (uint32_t)(pg >> CSAN_L2_BITS);
    if (g_l2[i1] && g_l2[i1][pg & (L2_ENTRIES - 1)])
      continue;
    ok = page_make(pg);
    made = true;
  }
  pthread_mutex_unlock(&g_mu);
  /* Outside the lock: csan's stream runs only csan's short kernels. */
  if (made)
    csan_rt_priv_sync();
  csan_rt_own_end(&own);
  return ok;
}

void csan_rt_shadow_empty_on(CUstream s, uint64_t base, uint64_t size) {
  csan_rk_fill_params p;
  memset(&p, 0, sizeof p);
  p.shadow_dir = csan_g.dir;
  p.pool = csan_g.pool;
  p.base = base;
  p.size = size;
  p.mode = CSAN_RK_FILL_EMPTY;
  uint64_t items = csan_rk_fill_items(&p);
  if (!items)
    return;
  void *args[] = {&p};
  csan_rt_rk_launch(csan_g.rk_fill, csan_rk_grid(items, csan_g.max_blocks), s, args);
}

csan_region csan_region_linear(uint64_t base, uint64_t n) {
  csan_region r = {base, n, 1, 0, 1, 0};
  return r;
}

void csan_rt_shadow_access(CUstream s, const csan_launch_ctx *ctx, const csan_region *r,
                           uint64_t size, uint32_t access) {
  csan_rk_access_params p;
  memset(&p, 0, sizeof p);
  p.base = r->base;
  p.width = r->width;
  p.rows = r->rows;
  p.pitch = r->pitch;
  p.slices = r->slices;
  p.slice_pitch = r->slice_pitch;
  p.size = size;
  p.access = access;
  p.site = 0; /* the operation itself */
  uint64_t items = csan_rk_access_items(&p);
  if (!items)
    return;
  void *args[] = {&p, (void *)ctx};
  csan_rt_rk_launch(csan_g.rk_access, csan_rk_grid(items, csan_g.max_blocks), s, args);
}

/* Issue 17: the bytes after an allocation's end up to the next 256 bytes.
 * CUDA's allocators align every allocation to at least 256 bytes, so no
 * allocation can own them: they get a poison record (FREE, slot 0, epoch 0,
 * site CSAN_SITE_POISON), which the device's memory-error check reports as
 * out of bounds and suppresses. Only with memory errors of kernels on:
 * without that check, the record would read as a use-after-free race. */
void csan_rt_shadow_poison_tail(CUstream s, uint64_t base, uint64_t size, uint64_t span) {
  uint64_t end = base + size, tail = (end + 255u) & ~(uint64_t)255u;
  if (span > size && base + span > tail)
    tail = base + span; /* the redzone csan asked for beyond the slack */
  if (!csan_rt_memerr_on() || !size || tail <= end || (tail >> CSAN_VA_BITS))
    return;
  csan_rt_shadow_empty_on(s, end, tail - end); /* tracked, no records */
  csan_launch_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.magic = CSAN_CTX_MAGIC;
  ctx.abi_version = CSAN_ABI_VERSION;
  ctx.flags = CSAN_CTX_F_RANGE_OP;
  ctx.shadow_dir = csan_g.dir;
  ctx.pool = csan_g.pool;
  ctx.races = csan_g.races; /* the slack was just emptied: nothing to race with */
  csan_rk_access_params p;
  memset(&p, 0, sizeof p);
  p.base = end;
  p.width = tail - end;
  p.rows = p.slices = 1;
  p.size = tail - end;
  p.access = CSAN_ACC_FREE | CSAN_ACC_WRITE;
  p.site = (int32_t)CSAN_SITE_POISON;
  void *args[] = {&p, &ctx};
  csan_rt_rk_launch(csan_g.rk_access, csan_rk_grid(csan_rk_access_items(&p), csan_g.max_blocks), s,
                    args);
}

void csan_rt_shadow_unpoison_tail(CUstream s, uint64_t base, uint64_t size, uint64_t span) {
  uint64_t end = base + size, tail = (end + 255u) & ~(uint64_t)255u;
  if (span > size && base + span > tail)
    tail = base + span;
  if (!csan_rt_memerr_on() || !size || tail <= end || (tail >> CSAN_VA_BITS))
    return;
  csan_rt_shadow_empty_on(s, end, tail - end);
}

void csan_rt_shadow_rebase(void) {
  CUstream s = (CUstream)csan_g.priv;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  pthread_mutex_lock(&g_mu);
  csan_rk_reset_params p;
  memset(&p, 0, sizeof p);
  p.pool = csan_g.pool;
  for (size_t i = 0; i < g_npages; i++) {
    p.page = g_pages[i];
    void *args[] = {&p};
    csan_rt_rk_launch(csan_g.rk_reset_page, csan_rk_grid(CSAN_GRANULES_PER_PAGE, csan_g.max_blocks),
                      s, args);
  }
  p.page = 0;
  void *args[] = {&p};
  csan_rt_rk_launch(csan_g.rk_pool_reset, 1, s, args);
  pthread_mutex_unlock(&g_mu);
  csan_rt_priv_sync();
  csan_rt_own_end(&own);
}

void csan_rt_shadow_tracked(int64_t delta) {
  int64_t now = atomic_fetch_add(&g_tracked_live, delta) + delta;
  uint64_t peak = atomic_load(&g_tracked_peak);
  while (now > 0 && (uint64_t)now > peak &&
         !atomic_compare_exchange_weak(&g_tracked_peak, &peak, (uint64_t)now)) {
  }
}

void csan_rt_shadow_usage(uint64_t *shadow_bytes, uint64_t *tracked_peak) {
  pthread_mutex_lock(&g_mu);
  /* The directory, the level-2 tables and the pages; not the pool and race
   * table, which do not grow with the memory tracked. */
  *shadow_bytes = g_shadow_peak + (uint64_t)L1_ENTRIES * sizeof(uint64_t);
  pthread_mutex_unlock(&g_mu);
  *tracked_peak = atomic_load(&g_tracked_peak);
}

void csan_rt_shadow_forget(void) {
  pthread_mutex_lock(&g_mu);
  for (uint32_t i = 0; i < L1_ENTRIES; i++) {
    free(g_l2[i]);
    g_l2[i] = NULL;
    g_l1[i] = 0;
  }
  g_npages = 0;
  g_shadow_bytes = 0;
  pthread_mutex_unlock(&g_mu);
  atomic_store(&g_tracked_live, 0);
}
