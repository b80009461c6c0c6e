/* csan_api_hostmem.c: what instrumented host code calls (issue 18).
 *
 *   __csan_host_bounds {lo, span}   (csan_rt_hostmem.c) the hull of the
 *       regions of host memory the device uses; csan-host's inline test is
 *       `p - lo < span` (pass/host/CsanHostAccesses.cpp)
 *   __csan_host_access(p, n, kind, site)   a load, store or atomic of
 *       n bytes that passed the inline test, or a range (memcpy, memset,
 *       fread, ...) that did not take it: checked against the device work
 *       on those bytes with the calling thread's ordering
 *   __csan_hostmem_device_access(ctx, p, n, kind, site)   a kernel's access
 *       to a region, with its launch context (the fake CUDA runtime's
 *       kernels call it; on a GPU the device runtime does not yet)
 *   pthread_create   a new thread starts with the clock of the thread that
 *       created it (it has observed what its creator had)
 */
#include "csan_rt_hostmem.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

CSAN_EXPORT void __csan_host_access(const void *p, uint64_t n, uint32_t kind,
                                    const csan_host_site *site) {
  if (!csan_rt_hostmem_maybe((uint64_t)(uintptr_t)p, n))
    return;
  csan_rt_hostmem_host_access(p, n, kind, site, __builtin_return_address(0));
}

CSAN_EXPORT void __csan_hostmem_device_access(const csan_launch_ctx *ctx, const void *p,
                                              uint64_t n, uint32_t kind, int32_t site) {
  csan_rt_hostmem_device_access(ctx, p, n, kind, site);
}

/* ------------------------------------------------------------------------
 * Threads.
 * ---------------------------------------------------------------------- */

/* vc first: the model frees the block through it. */
typedef struct thread_start {
  csan_vc vc;
  void *(*fn)(void *);
  void *arg;
  csan_model *model;
} thread_start;

/* The new thread's first code. Under a sanitizer build of csan, fn may be
 * the sanitizer's own start routine, which sets the thread up: nothing
 * here may be instrumented or call out before it runs, so the clock is
 * only handed over, and adopted at the thread's first use of it. */
CSAN_NO_INSTRUMENT static void *start(void *p) {
  thread_start *s = p;
  void *(*fn)(void *) = s->fn;
  void *arg = s->arg;
  csan_model_thread_pending(s->model, &s->vc);
  return fn(arg);
}

typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

CSAN_EXPORT int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *),
                               void *arg) {
  static _Atomic(pthread_create_fn) real;
  pthread_create_fn r = atomic_load(&real);
  if (!r) {
    r = (pthread_create_fn)dlsym(RTLD_NEXT, "pthread_create");
    atomic_store(&real, r);
  }
  /* A creator without a clock of its own yet hands over nothing: the new
   * thread starts from the host clock at its first use. (No lock here:
   * program code may create threads inside a CUDA call csan holds.) */
  const csan_vc *vc = csan_g.model ? csan_model_thread_peek(csan_g.model) : NULL;
  if (vc)
    csan_model_thread_prepare();
  thread_start *s = vc ? malloc(sizeof *s) : NULL;
  if (!s)
    return r(t, attr, fn, arg);
  s->fn = fn;
  s->arg = arg;
  s->model = csan_g.model;
  memcpy(&s->vc, vc, sizeof s->vc);
  int rc = r(t, attr, start, s);
  if (rc)
    free(s);
  return rc;
}
