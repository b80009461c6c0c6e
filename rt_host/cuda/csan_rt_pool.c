/* csan_rt_pool.c: the escalation pool's growth (csan_rt_pool.h). */
#include "csan_rt_pool.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(_Atomic uint32_t *) g_notify; /* host view of csan_pool.pool_notify */
static uint32_t g_base;                       /* blocks after the header */
static uint32_t g_shift;                      /* log2 of a segment's blocks */
static unsigned g_nseg;                       /* segments added */
static bool g_stopped;                        /* an addition failed: said once, no more */

void csan_rt_pool_setup(uint32_t base_capacity, uint64_t *notify, uint32_t *seg_shift) {
  csan_rt *g = &csan_g;
  uint64_t blocks = ((uint64_t)g->flags.pool_segment_mb << 20) / sizeof(csan_pool_block);
  uint32_t shift = 0;
  while ((2ull << shift) <= blocks)
    shift++;
  *seg_shift = shift;
  *notify = 0;
  pthread_mutex_lock(&g_mu);
  g_base = base_capacity;
  g_shift = shift;
  g_nseg = 0;
  g_stopped = false;
  atomic_store(&g_notify, NULL);
  pthread_mutex_unlock(&g_mu);
  void *p;
  if (!g->flags.pool_grow || csan_rt_host_mapped(sizeof(uint32_t), &p, notify) != CUDA_SUCCESS)
    return; /* the pool keeps its size */
  atomic_store(&g_notify, (_Atomic uint32_t *)p);
}

/* Adds segment g_nseg; called with g_mu held. False when it could not. */
static bool add_segment(char *why, size_t n) {
  csan_rt *g = &csan_g;
  uint64_t bytes = (uint64_t)sizeof(csan_pool_block) << g_shift;
  uint64_t cap = (uint64_t)g_base + ((uint64_t)(g_nseg + 1) << g_shift);
  if (cap > UINT32_MAX) {
    snprintf(why, n, "block indices would pass 2^32");
    return false;
  }
  void *p = NULL;
  bool clean = csan_rt_err_save();
  cudaError_t e = cudaMalloc(&p, (size_t)bytes);
  csan_rt_err_restore(clean, e);
  if (e != cudaSuccess) {
    snprintf(why, n, "no device memory for %llu MiB more: %s",
             (unsigned long long)(bytes >> 20), cudaGetErrorString(e));
    return false;
  }
  CUdeviceptr seg = (CUdeviceptr)(uintptr_t)p;
  CUresult r;
  /* The segment's address first, then the capacity that lets the bump
   * allocator reach it: in that order on csan's stream. */
  CUstream s = (CUstream)g->priv;
  uint32_t cap32 = (uint32_t)cap;
  uint64_t seg64 = (uint64_t)seg;
  r = g->drv.cuMemcpyHtoDAsync((CUdeviceptr)(g->pool + offsetof(csan_pool, seg) +
                                             g_nseg * sizeof(uint64_t)),
                               &seg64, sizeof seg64, s);
  if (r == CUDA_SUCCESS)
    r = g->drv.cuMemcpyHtoDAsync((CUdeviceptr)(g->pool + offsetof(csan_pool, capacity)), &cap32,
                                 sizeof cap32, s);
  if (r == CUDA_SUCCESS)
    r = csan_rt_priv_wait();
  if (r != CUDA_SUCCESS) {
    snprintf(why, n, "cannot publish the segment: %s", csan_rt_cu_error(r));
    return false; /* the segment stays allocated: the device may have seen it */
  }
  g_nseg++;
  if (g->flags.verbosity >= 1)
    csan_log_printf("csan: escalation pool: grown by %llu MiB to %llu blocks (segment %u of %u)\n",
                    (unsigned long long)(bytes >> 20), (unsigned long long)cap, g_nseg,
                    CSAN_POOL_SEGS);
  return true;
}

void csan_rt_pool_grow_if_low(void) {
  _Atomic uint32_t *w = atomic_load_explicit(&g_notify, memory_order_acquire);
  if (!w || atomic_load_explicit(w, memory_order_relaxed) == 0)
    return;
  pthread_mutex_lock(&g_mu);
  if (atomic_load(w) == 0 || !csan_g.pool) {
    pthread_mutex_unlock(&g_mu);
    return;
  }
  /* Cleared first: a crossing of the new capacity's mark sets it again. */
  atomic_store(w, 0);
  char why[256] = "";
  bool added = false;
  if (!g_stopped && g_nseg < CSAN_POOL_SEGS) {
    csan_rt_own own;
    csan_rt_own_begin(&own);
    added = add_segment(why, sizeof why);
    csan_rt_own_end(&own);
  }
  if (!added && !g_stopped) {
    g_stopped = true;
    if (g_nseg >= CSAN_POOL_SEGS)
      snprintf(why, sizeof why, "it has grown %u times", CSAN_POOL_SEGS);
    csan_log_printf("csan: WARNING: the escalation pool is running low and cannot grow (%s): "
                    "accesses may go unchecked once it is full; raise CSAN_OPTIONS=pool_mb "
                    "(now %d)\n",
                    why, csan_g.flags.pool_mb);
  }
  pthread_mutex_unlock(&g_mu);
}

unsigned csan_rt_pool_segments(uint64_t *bytes) {
  pthread_mutex_lock(&g_mu);
  unsigned n = g_nseg;
  if (bytes)
    *bytes = (uint64_t)n * ((uint64_t)sizeof(csan_pool_block) << g_shift);
  pthread_mutex_unlock(&g_mu);
  return n;
}

void csan_rt_pool_forget(void) {
  pthread_mutex_lock(&g_mu);
  g_nseg = 0;
  g_stopped = false;
  atomic_store(&g_notify, NULL); /* its page stays mapped, like the race notify word */
  pthread_mutex_unlock(&g_mu);
}
