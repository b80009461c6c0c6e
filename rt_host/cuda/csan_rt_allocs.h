/* csan_rt_allocs.h: the allocation registry (core/csan_alloc.h) as CUDA
 * allocations and frees change it, under the allocation lock
 * (csan_rt_allocs.c). */
#ifndef CSAN_RT_ALLOCS_H
#define CSAN_RT_ALLOCS_H

#include "csan_rt.h"

/* The allocation lock: held around a registry change and the shadow work
 * that must stay in order with it. */
void csan_rt_allocs_lock(void);
void csan_rt_allocs_unlock(void);
/* An allocation event (made or freed) by api at site with host stack. */
void csan_rt_alloc_event(csan_alloc_event *ev, const char *api, const csan_host_site *site,
                         uint32_t stack);
/* Not pinned host memory. */
bool csan_rt_is_device_memory(const csan_alloc_info *a);
/* Registers an allocation, replacing stale overlapping records (frees csan
 * did not see). Call with the allocation lock held. */
void csan_rt_alloc_add(const csan_alloc_info *info);
/* A live allocation starting exactly at p. */
bool csan_rt_alloc_find_live(const void *p, csan_alloc_info *a);
/* A new allocation made by a synchronous call: registered, tracked and
 * empty before the call returns (takes the allocation lock). */
void csan_rt_alloc_track(uint64_t base, uint64_t size, uint32_t flags, const char *api,
                         const char *name, const csan_host_site *site, uint32_t stack);
/* The same for a block csan asked for with a redzone: span bytes from base
 * (csan_rt_alloc_span(size)), of which the program owns size; the rest is
 * poisoned. */
void csan_rt_alloc_track_span(uint64_t base, uint64_t size, uint64_t span, uint32_t flags,
                              const char *api, const char *name, const csan_host_site *site,
                              uint32_t stack);
/* The bytes to ask the allocator for an allocation of size (issue 17): size
 * rounded up to 256 plus the `redzone` option when memory errors of kernels
 * are on, else size. */
uint64_t csan_rt_alloc_span(uint64_t size);

#endif /* CSAN_RT_ALLOCS_H */
