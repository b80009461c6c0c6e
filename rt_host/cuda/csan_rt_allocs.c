/* csan_rt_allocs.c: the allocation registry as the wrappers change it.
 *
 * Every allocation is registered (api, site, stack) so reports can say whose
 * bytes raced; frees move it to the quarantine. Registration and the
 * shadow work that goes with it happen under one lock (the allocation lock),
 * so a free and an allocation of the same bytes by two threads are ordered:
 * every free tags its bytes before it releases them, and every allocation
 * empties its bytes after it got them.
 */
#include "csan_rt_allocs.h"

#include "csan_rt_errors.h"
#include "csan_rt_shadow.h"

#include <string.h>

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;

void csan_rt_allocs_lock(void) {
  pthread_mutex_lock(&g_mu);
}

void csan_rt_allocs_unlock(void) {
  pthread_mutex_unlock(&g_mu);
}

void csan_rt_alloc_event(csan_alloc_event *ev, const char *api, const csan_host_site *site,
                        uint32_t stack) {
  memset(ev, 0, sizeof *ev);
  ev->api = api;
  if (site)
    ev->site = *site;
  ev->stack = stack;
}

bool csan_rt_is_device_memory(const csan_alloc_info *a) {
  return !(a->flags & CSAN_ALLOC_HOST_PINNED);
}

void csan_rt_alloc_add(const csan_alloc_info *info) {
  int rc = csan_allocs_add(csan_g.allocs, info);
  for (int round = 0; rc == CSAN_ALLOC_EOVERLAP && round < 64; round++) {
    /* Freed behind csan's back (by code it does not see): forget them. */
    csan_alloc_info stale[8];
    size_t n = csan_allocs_cover(csan_g.allocs, info->base, info->base + info->size, false, stale,
                                 8);
    for (size_t i = 0; i < n; i++)
      if (!(stale[i].flags & CSAN_ALLOC_FREED))
        csan_allocs_remove(csan_g.allocs, stale[i].base, NULL, NULL);
    rc = csan_allocs_add(csan_g.allocs, info);
  }
}

/* A live allocation starting exactly at p. */
bool csan_rt_alloc_find_live(const void *p, csan_alloc_info *a) {
  return csan_allocs_find(csan_g.allocs, (uint64_t)(uintptr_t)p, a) &&
         a->base == (uint64_t)(uintptr_t)p;
}

/* Issue 17: CUDA aligns every allocation to 256 bytes, so a size that is a
 * multiple of 256 has no slack to poison and the next allocation may begin
 * right after it. With memory errors of kernels on, csan asks for the size
 * rounded up to 256 plus `redzone` bytes; the program gets the same pointer
 * and the registry keeps its size, so only the shadow (poison) and the
 * allocator see the extra bytes. */
uint64_t csan_rt_alloc_span(uint64_t size) {
  uint64_t rz = (uint64_t)csan_g.flags.redzone;
  if (!size || !rz || !csan_g.flags.memory_errors || !csan_rt_memerr_on())
    return size;
  uint64_t span = ((size + 255u) & ~(uint64_t)255u) + rz;
  return span < size ? size : span; /* a size near 2^64 fails as it would */
}

/* A new allocation made by a synchronous call: registered, tracked and
 * empty before the call returns. */
void csan_rt_alloc_track(uint64_t base, uint64_t size, uint32_t flags, const char *api,
                       const char *name, const csan_host_site *site, uint32_t stack) {
  csan_rt_alloc_track_span(base, size, size, flags, api, name, site, stack);
}

void csan_rt_alloc_track_span(uint64_t base, uint64_t size, uint64_t span, uint32_t flags,
                              const char *api, const char *name, const csan_host_site *site,
                              uint32_t stack) {
  if (!base || !size)
    return;
  if (span < size)
    span = size;
  bool shadow = csan_rt_shadow_pages(base, span);
  csan_alloc_info info;
  memset(&info, 0, sizeof info);
  info.base = base;
  info.size = size;
  info.span = span > size ? span : 0;
  info.flags = flags;
  info.name = name;
  csan_rt_alloc_event(&info.made, api, site, stack);
  pthread_mutex_lock(&g_mu);
  csan_rt_alloc_add(&info);
  if (shadow)
    csan_rt_shadow_empty_on((CUstream)csan_g.priv, base, size);
  if (shadow && (flags & CSAN_ALLOC_DEVICE) && !(flags & CSAN_ALLOC_VARIABLE))
    csan_rt_shadow_poison_tail((CUstream)csan_g.priv, base, size, span); /* issue 17 */
  pthread_mutex_unlock(&g_mu);
  if (shadow)
    csan_rt_priv_sync();
  csan_rt_shadow_tracked((int64_t)size);
}
