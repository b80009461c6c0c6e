/* csan_shadow_cpu_platform.h: the CPU platform layer of the shadow engine,
 * then the engine (rt_device/csan_shadow.h) itself.
 *
 * The engine's atomics become C11 atomics on the same plain uint64_t/uint32_t
 * words the GPU uses, so the layouts stay those of csan_abi.h. Included by
 * the CPU backend (csan_shadow_cpu.c) and by anything else that must run the
 * engine on the CPU over raw shadow memory (the runtime tests' fake CUDA
 * library runs csan's own kernels with it).
 */
#ifndef CSAN_SHADOW_CPU_PLATFORM_H
#define CSAN_SHADOW_CPU_PLATFORM_H

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "csan_abi.h"

#define CSAN_SH_FN static inline
#define CSAN_SH_A64(p) ((_Atomic uint64_t *)(uintptr_t)(p))
#define CSAN_SH_A32(p) ((_Atomic uint32_t *)(uintptr_t)(p))

_Static_assert(sizeof(_Atomic uint64_t) == 8 && _Alignof(_Atomic uint64_t) == 8,
               "shadow words are used as C11 atomics in place");
_Static_assert(sizeof(_Atomic uint32_t) == 4, "shadow words are used as C11 atomics in place");

static inline uint64_t csan_sh_load64(const uint64_t *p) {
  return atomic_load_explicit(CSAN_SH_A64(p), memory_order_relaxed);
}
static inline uint64_t csan_sh_load64_acquire(const uint64_t *p) {
  return atomic_load_explicit(CSAN_SH_A64(p), memory_order_acquire);
}
static inline void csan_sh_load_cells(const uint64_t *p, uint64_t *c0, uint64_t *c1) {
  *c0 = atomic_load_explicit(CSAN_SH_A64(p), memory_order_relaxed);
  *c1 = atomic_load_explicit(CSAN_SH_A64(p + 1), memory_order_relaxed);
}
static inline uint64_t csan_sh_load_dir(const uint64_t *p) {
  return atomic_load_explicit(CSAN_SH_A64(p), memory_order_acquire);
}
static inline void csan_sh_store64(uint64_t *p, uint64_t v) {
  atomic_store_explicit(CSAN_SH_A64(p), v, memory_order_relaxed);
}
static inline void csan_sh_store64_release(uint64_t *p, uint64_t v) {
  atomic_store_explicit(CSAN_SH_A64(p), v, memory_order_release);
}
static inline uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t expect, uint64_t desired) {
  atomic_compare_exchange_strong_explicit(CSAN_SH_A64(p), &expect, desired, memory_order_acquire,
                                          memory_order_relaxed);
  return expect;
}
static inline uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t expect, uint64_t desired) {
  atomic_compare_exchange_strong_explicit(CSAN_SH_A64(p), &expect, desired, memory_order_acq_rel,
                                          memory_order_acquire);
  return expect;
}
static inline uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v) {
  return atomic_fetch_add_explicit(CSAN_SH_A64(p), v, memory_order_relaxed);
}
static inline void csan_sh_min64(uint64_t *p, uint64_t v) {
  uint64_t old = atomic_load_explicit(CSAN_SH_A64(p), memory_order_relaxed);
  while (v < old && !atomic_compare_exchange_weak_explicit(CSAN_SH_A64(p), &old, v,
                                                           memory_order_relaxed,
                                                           memory_order_relaxed)) {
  }
}
static inline void csan_sh_max64(uint64_t *p, uint64_t v) {
  uint64_t old = atomic_load_explicit(CSAN_SH_A64(p), memory_order_relaxed);
  while (v > old && !atomic_compare_exchange_weak_explicit(CSAN_SH_A64(p), &old, v,
                                                           memory_order_relaxed,
                                                           memory_order_relaxed)) {
  }
}
static inline uint32_t csan_sh_load32(const uint32_t *p) {
  return atomic_load_explicit(CSAN_SH_A32(p), memory_order_relaxed);
}
static inline uint32_t csan_sh_load32_acquire(const uint32_t *p) {
  return atomic_load_explicit(CSAN_SH_A32(p), memory_order_acquire);
}
static inline void csan_sh_store32(uint32_t *p, uint32_t v) {
  atomic_store_explicit(CSAN_SH_A32(p), v, memory_order_relaxed);
}
static inline void csan_sh_store32_release(uint32_t *p, uint32_t v) {
  atomic_store_explicit(CSAN_SH_A32(p), v, memory_order_release);
}
static inline uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v) {
  return atomic_fetch_add_explicit(CSAN_SH_A32(p), v, memory_order_relaxed);
}
/* Spin briefly, then let the lock holder run: the tests oversubscribe the
 * two cores, and a preempted holder must not be spun against. */
static inline void csan_sh_pause(uint32_t round) {
  if (round < 16) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else {
    sched_yield();
  }
}
static inline void csan_sh_default_who(csan_race *e) {
  memset(e->block, 0, sizeof e->block);
  memset(e->thread, 0, sizeof e->thread);
}

/* A replayed access (CSAN_CTX_F_REPLAYED) asks whether a record is ordered
 * after it. The answer comes from the host runtime (csan_rt_hostlog.c sets
 * this pointer, defined in csan_shadow_cpu.c). Weak: the fake CUDA library
 * and unit tests that include the engine without the CPU backend have none,
 * and replay nothing. */
typedef int (*csan_shadow_cpu_later_fn)(const csan_launch_ctx *ctx, uint64_t t);
extern _Atomic csan_shadow_cpu_later_fn csan_shadow_cpu_later __attribute__((weak));
static inline int csan_sh_cpu_record_later(const csan_launch_ctx *ctx, uint64_t t) {
  if (!(ctx->flags & CSAN_CTX_F_REPLAYED) || !&csan_shadow_cpu_later)
    return 0;
  csan_shadow_cpu_later_fn fn = atomic_load_explicit(&csan_shadow_cpu_later, memory_order_acquire);
  return fn && fn(ctx, t);
}
#define CSAN_SH_RECORD_IS_LATER(ctx, t) csan_sh_cpu_record_later((ctx), (t))
/* The same for CSAN_CTX_F_KEEP_OTHERS: must record t stay? */
extern _Atomic csan_shadow_cpu_later_fn csan_shadow_cpu_keep __attribute__((weak));
static inline int csan_sh_cpu_keep(const csan_launch_ctx *ctx, uint64_t t) {
  if (!(ctx->flags & CSAN_CTX_F_KEEP_OTHERS) || !&csan_shadow_cpu_keep)
    return 0;
  csan_shadow_cpu_later_fn fn = atomic_load_explicit(&csan_shadow_cpu_keep, memory_order_acquire);
  return fn && fn(ctx, t);
}
#define CSAN_SH_KEEP_OTHERS(ctx, t) csan_sh_cpu_keep((ctx), (t))

#include "csan_shadow.h"

#endif /* CSAN_SHADOW_CPU_PLATFORM_H */
