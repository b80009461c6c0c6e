/* csan_rt_memops.h: what the allocation and free calls of the runtime API
 * (api/csan_api_memory.c) and of the driver API (api/csan_api_driver.c)
 * do to the model, the registry and the shadow (csan_rt_memops.c).
 *
 * The CUDA call itself is the caller's: a callback runs it and says whether
 * it succeeded, so cudaFree and cuMemFree share one free.
 */
#ifndef CSAN_RT_MEMOPS_H
#define CSAN_RT_MEMOPS_H

#include "csan_rt.h"

/* Runs the real call; returns its error code (0: success; the runtime's
 * and the driver's codes agree on the errors csan looks at: invalid value,
 * the sticky faults). */
typedef int (*csan_rt_call_fn)(void *arg);

/* What became of a free. */
typedef enum csan_rt_free_result {
  CSAN_RT_FREE_OK,      /* the call ran and succeeded (or csan holds the block) */
  CSAN_RT_FREE_FAILED,  /* the call ran and failed: its error is the caller's result */
  CSAN_RT_FREE_REFUSED, /* not run: the block was freed before and csan still holds it
                           (quarantine_mb); the caller returns the invalid-value error
                           CUDA gives a double free */
} csan_rt_free_result;

/* A synchronous free of p (cudaFree, cuMemFree) while csan is active:
 * ordinary memory synchronizes the device first, stream-ordered memory does
 * not; the block's FREE markers are in place before the memory is released.
 * A double free or a free of a pointer that does not start a live
 * allocation is reported (memory_errors; csan_rt_errors_free). stack: the
 * issuing host stack. */
csan_rt_free_result csan_rt_mem_free(void *p, const char *api, const csan_host_site *site,
                                     uint32_t stack, csan_rt_call_fn call, void *arg);
/* After a stream-ordered allocation succeeded (cudaMallocAsync,
 * cuMemAllocAsync): an operation on stream s that makes [base, base + size)
 * tracked and written by the allocation; span (>= size): the bytes csan
 * asked for (csan_rt_alloc_span), the rest poisoned. */
void csan_rt_mem_alloc_async_done(uint64_t base, uint64_t size, uint64_t span, cudaStream_t s,
                                  bool pt, const char *api, const csan_host_site *site,
                                  uint32_t stack);
/* A stream-ordered free (cudaFreeAsync, cuMemFreeAsync): an operation on s
 * whose FREE markers precede the free in stream order. A free the call
 * rejects is reported as a double or invalid free. Returns the call's
 * success. */
bool csan_rt_mem_free_async(void *p, cudaStream_t s, bool pt, const char *api,
                            const csan_host_site *site, uint32_t stack, csan_rt_call_fn call,
                            void *arg);
/* Pinned host memory, registered for copy classification (no shadow). */
void csan_rt_mem_host_add(void *p, size_t size, const char *api, const csan_host_site *site,
                          uint32_t stack);
void csan_rt_mem_host_remove(void *p, const char *api, const csan_host_site *site,
                             uint32_t stack);
/* cudaFreeHost (cuMemFreeHost) of a block csan saw made by cudaMallocHost /
 * cudaHostAlloc (cuMemAllocHost / cuMemHostAlloc),
 * with memory_errors on: the block is freed for the program (a later host
 * access to it is a use after free) but held by csan, which calls
 * really_free(p) later (csan_rt_hostmem_hold). false when csan does not
 * hold it: the caller frees it now. */
bool csan_rt_mem_host_hold(void *p, const char *api, const csan_host_site *site, uint32_t stack,
                           void (*really_free)(void *));

#endif /* CSAN_RT_MEMOPS_H */
