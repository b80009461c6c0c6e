/* csan_rt_device.cu: the device runtime, linked into every instrumented
 * device module as csan_rt_device.bc (entry points: csan_abi.h).
 *
 * Each check is an always-inline fast path at the access:
 *   null context?  generic address outside the global window?  -> done
 *   directory -> page shadow (two loads), one 16-byte relaxed load of the
 *   granule's two cells, one AND and compare per cell (csan_sh_covered):
 *   a cell of this launch that covers the access -> done
 * and otherwise one call, through the weak pointer __csan_dev_miss_fn, of
 * the out-of-line csan_dev_miss (granule misses, accesses that cross a
 * granule, ranges). The call goes through a pointer so that ptxas compiles
 * it with the ABI's callee-saved registers: the check's caller then keeps
 * its values in registers across it instead of spilling them around every
 * check (see bench/RESULTS.md, issue 14). The slow path first merges the
 * threads of the warp that go to the same granule with the same kind and
 * site (match.any + OR of the byte masks through shuffles; the lowest lane
 * leads), then runs the engine's locked update (csan_shadow.h).
 *
 * Accesses that cross a granule boundary (misaligned) and the range entry
 * points (memintrinsics) go through an out-of-line loop over granules.
 * csan_dev_slow and csan_dev_range are compiled once per module (noinline),
 * not at every check.
 *
 * The CUDA here is kept to the C subset; extern "C" and the CUDA qualifiers
 * are the only C++ in it.
 */
#include "csan_shadow_cuda.h"

/* Memory-error records are read by the host in host-mapped memory: their
 * publication is a system-scope release. */
static __device__ inline void csan_me_publish32_sys(uint32_t *p, uint32_t v) {
  asm volatile("st.release.sys.global.b32 [%0], %1;" ::"l"(CSAN_SH_G(p)), "r"(v) : "memory");
}
#define CSAN_ME_PUBLISH32 1
#define csan_me_publish32 csan_me_publish32_sys
#define CSAN_ME_FENCE_SYS 1
#define csan_me_fence_sys() __threadfence_system()
/* A read of host memory returns only after this thread's earlier writes
 * there have landed (a read does not pass a posted write on the bus). */
static __device__ inline uint32_t csan_me_readback32_sys(const uint32_t *p) {
  uint32_t v;
  asm volatile("ld.relaxed.sys.global.b32 %0, [%1];" : "=r"(v) : "l"(CSAN_SH_G(p)) : "memory");
  return v;
}
#define CSAN_ME_READBACK32 1
#define csan_me_readback32 csan_me_readback32_sys
/* The module's anchor (CSAN_MODULE_ANCHOR_NAME, defined weak by csan-device
 * in every module that gets checks, the only ones this runtime is linked
 * into): a site argument is an offset from it. */
extern "C" __device__ char __csan_module_anchor;
static __device__ inline const csan_site *csan_me_site_desc_dev(int32_t site) {
  return site ? (const csan_site *)(&__csan_module_anchor + site) : (const csan_site *)0;
}
#define CSAN_ME_SITE_DESC 1
#define csan_me_site_desc csan_me_site_desc_dev
#include "csan_memerr_dev.h"
#include "csan_hostlog_dev.h"

#define CSAN_DEV_ENTRY extern "C" __device__ __attribute__((always_inline))

/* ---- slow path ------------------------------------------------------------ */

/* Warp aggregation: the threads of the calling warp that reach this point
 * together with the same (granule, access, site) are one access. Returns 0
 * in all but the lowest of them, which gets the OR of their masks (never 0:
 * amask is not); *group gets the lanes merged with the caller, itself
 * included. Any active mask works: the groups come from __match_any_sync
 * over exactly the threads that are here. Out of line: the slow path and
 * the host-memory log share one copy. */
static __device__ __noinline__ uint32_t csan_dev_merge(const csan_launch_ctx *ctx,
                                                       uint64_t gaddr, uint32_t amask,
                                                       uint32_t access, int32_t site,
                                                       unsigned *group) {
  *group = 1u << __nvvm_read_ptx_sreg_laneid();
  if (ctx->flags & CSAN_CTX_F_NO_WARP_AGGREGATION)
    return amask;
  unsigned active = __activemask();
  /* gaddr < 2^49 with 4 zero low bits; access < 16; sites are multiples
   * of the 32-byte descriptor size, so bits 5..19 of the site fit above. */
  unsigned long long key = gaddr | access |
                           ((unsigned long long)(((uint32_t)site >> 5) & 0x7fffu) << 49);
  unsigned peers = __match_any_sync(active, key);
  *group = peers;
  if (peers & (peers - 1u)) {
    uint32_t all = 0;
    for (unsigned rest = peers; rest; rest &= rest - 1u)
      all |= (uint32_t)__shfl_sync(peers, (int)amask, __builtin_ctz(rest));
    if ((unsigned)__builtin_ctz(peers) != (unsigned)__nvvm_read_ptx_sreg_laneid())
      return 0;
    amask = all;
  }
  return amask;
}

/* One granule access that missed the fast path. With warp aggregation on,
 * the warp's threads with the same (granule, access, site) are merged first
 * (csan_dev_merge): only the lowest of them takes the granule lock.
 *
 * The threads left that go to one granule (other kinds or sites) take the
 * lock in turn, lowest lane first, each turn closed by __syncwarp: threads
 * of a warp that are here together never spin on each other's lock. (sm_70+
 * schedules the threads of a warp independently, so even threads that are
 * not here together make progress; the turns make that not matter.) */
static __device__ __noinline__ void csan_dev_slow(const csan_launch_ctx *ctx, uint64_t page,
                                                  uint64_t gaddr, uint32_t amask,
                                                  uint32_t access, int32_t site, uint64_t size) {
  unsigned group;
  amask = csan_dev_merge(ctx, gaddr, amask, access, site, &group);
  if (amask) {
    unsigned here = __activemask();
    unsigned same = __match_any_sync(here, gaddr);
    unsigned lane = (unsigned)__nvvm_read_ptx_sreg_laneid();
    for (unsigned turn = same; turn; turn &= turn - 1u) {
      if ((unsigned)__builtin_ctz(turn) == lane)
        csan_shadow_update(ctx, page, gaddr, amask, access, site, size, (const csan_who *)0);
      __syncwarp(same);
    }
  }
  /* The threads merged into one access leave with the one that recorded
   * it. Without this they leave at once and run ahead (sm_70+ schedules a
   * warp's threads independently) while it updates; at the next access
   * they then arrive apart, each part merges alone, and the partial
   * records of one granule escalate it (the GPU runs: saxpy's grid-stride
   * loop, about 2 pool operations per granule written per launch).
   *
   * Only the merged group waits, on the mask __match_any_sync gave it:
   * every lane in it is here and reaches this line exactly once. A wait
   * for all the threads that entered together (__activemask() at entry)
   * hung a tiled matmul on the GPU (one warp's threads at this barrier,
   * the rest of its block at __syncthreads). */
  if (group & (group - 1u))
    __syncwarp(group);
}

/* An access to host memory (its part in the launch's host hull): one log
 * record per granule for the host to check (csan_hostlog_dev.h), the warp's
 * lanes merged first. Host memory has no device shadow, so nothing here
 * remembers what was logged: every access that reaches it logs. */
static __device__ __noinline__ void csan_dev_hostlog(const csan_launch_ctx *ctx, uint64_t a,
                                                     uint64_t n, uint32_t access, int32_t site) {
  uint64_t lo = ctx->host_lo, hi = ctx->host_lo + ctx->host_span;
  uint64_t end = a + n < a ? ~0ull : a + n;
  if (a < lo)
    a = lo;
  if (end > hi)
    end = hi;
  uint64_t page_va = ~0ull;
  int wanted = 0;
  _Pragma("unroll 1")
  for (uint64_t g = a & ~(uint64_t)(CSAN_GRANULE_SIZE - 1); g < end; g += CSAN_GRANULE_SIZE) {
    if ((g >> CSAN_PAGE_SHIFT) != page_va) {
      page_va = g >> CSAN_PAGE_SHIFT;
      wanted = csan_hostlog_wanted(ctx, g, csan_sh_page(ctx->shadow_dir, g));
    }
    uint64_t b = g < a ? a : g;
    uint64_t e = end - g < CSAN_GRANULE_SIZE ? end : g + CSAN_GRANULE_SIZE;
    unsigned group;
    uint32_t m = wanted ? csan_dev_merge(ctx, g, csan_sh_byte_mask((uint32_t)(b - g),
                                                                   (uint32_t)(e - b)),
                                         access, site, &group)
                        : 0;
    if (m)
      csan_hostlog_append(ctx, g, m, access, n, site);
  }
}

/* [addr, addr + size) granule by granule: a fast check each, the slow path
 * where it misses. */
static __device__ __noinline__ void csan_dev_range(const csan_launch_ctx *ctx, uint64_t addr,
                                                   uint64_t size, uint32_t access, int32_t site) {
  csan_sh_range r;
  uint64_t page, g;
  uint32_t amask;
  csan_sh_range_init(&r, ctx, addr, size, access);
  while (csan_sh_range_next(&r, &page, &g, &amask))
    csan_dev_slow(ctx, page, g, amask, access, site, size);
}

/* Everything the inline fast path leaves: a granule miss, or an access
 * that crosses a granule. Both are the range walk (a miss is a range of one
 * granule; the walk looks its shadow up again, which costs only on a miss):
 * one copy of the lookup and the cover test in the slow path instead of
 * two. The size (1..16) and the access kind come packed in one word,
 * n_access = n | access << 8: every argument register is one more move at
 * each call site in the kernel's own code. */
static __device__ __noinline__ void csan_dev_miss(const csan_launch_ctx *ctx, uint64_t a,
                                                  uint32_t n_access, int32_t site) {
  csan_dev_range(ctx, a, n_access & 0xffu, n_access >> 8, site);
}

/* With memory errors on (a context flag, read only here), a miss is first
 * classified (csan_memerr_dev.h): poisoned or freed bytes are recorded and
 * the access is sent to the ring's zero or sink bytes, so it neither
 * reaches the slow path nor touches the program's memory. Returns the
 * address the access must use. Kept apart from csan_dev_miss, which it
 * calls unchanged. */
static __device__ __noinline__ uint64_t csan_dev_miss_use(const csan_launch_ctx *ctx, uint64_t a,
                                                          uint32_t n_access, int32_t site) {
  if (csan_hostlog_in_hull(ctx, a) || csan_hostlog_in_hull(ctx, a + (n_access & 0xffu) - 1u))
    csan_dev_hostlog(ctx, a, n_access & 0xffu, n_access >> 8, site);
  if (ctx->flags & CSAN_CTX_F_MEMORY_ERRORS) {
    uint64_t use = csan_memerr_check(ctx, a, n_access & 0xffu, n_access >> 8, site,
                                     (const csan_who *)0);
    if (use != a)
      return use;
  }
  csan_dev_miss(ctx, a, n_access, site);
  return a;
}

/* Weak (one per program under -fgpu-rdc, never folded into a direct call by
 * the optimizer); CSAN_DEV_MISS_FN_NAME in csan_abi.h. In constant memory:
 * every thread reads the same word, which a constant-bank load serves in
 * one instruction at each miss call site (a global load needs two). */
typedef uint64_t (*csan_dev_miss_fn_t)(const csan_launch_ctx *, uint64_t, uint32_t, int32_t);
extern "C" {
__constant__ __attribute__((weak)) csan_dev_miss_fn_t __csan_dev_miss_fn = csan_dev_miss_use;
}

/* ---- fast path -------------------------------------------------------------- */

/* An access of n bytes (1, 2, 4, 8, 16; access and n are constants at every
 * call site, so the cover mask folds to immediates). Returns the address
 * the access must use: addr, unless memory errors are on and the slow path
 * found the bytes poisoned or freed. Without a shadow page the check is
 * done, unless memory errors are on (then the slow path records the
 * address once per site). */
static __device__ __attribute__((always_inline)) inline void *
csan_dev_check(const csan_launch_ctx *ctx, const void *addr, uint32_t n, uint32_t access,
               int32_t site) {
  if (!ctx || !__isGlobal(addr))
    return (void *)addr;
  uint64_t a = (uint64_t)(uintptr_t)addr;
  uint32_t off = (uint32_t)a & (CSAN_GRANULE_SIZE - 1);
  /* One call site per check (a crossing goes to the same call): each call
   * is a dozen instructions of argument set-up in the kernel's own code. */
  if (off + n <= CSAN_GRANULE_SIZE) {
    uint64_t page = csan_sh_page(ctx->shadow_dir, a);
    if (!page) {
      /* No shadow: done, unless memory errors are on or the launch has a
       * host hull (the slow path logs what is in it). */
      if (!(ctx->flags & (CSAN_CTX_F_MEMORY_ERRORS | CSAN_CTX_F_HOST_HULL)))
        return (void *)addr;
    } else {
      uint64_t c0, c1;
      csan_sh_load_cells(csan_sh_tags(page, a), &c0, &c1);
      uint32_t amask = csan_sh_byte_mask(off, n);
      if (csan_sh_covered(c0, c1,
                          csan_sh_cover_make(csan_sh_launch_bits(ctx), amask, access)))
        return (void *)addr;
      if (c0 & CSAN_TAG_UNTRACKED)
        return (void *)addr;
    }
  }
  return (void *)(uintptr_t)__csan_dev_miss_fn(ctx, a, n | access << 8, site);
}

/* ---- entry points ----------------------------------------------------------- */

/* __csan_dev_<kind><N> checks and returns the address the access must use
 * (csan_abi.h): the pass gives the access that pointer where it can, so a
 * bad access is suppressed; elsewhere the result is unused and folds away. */
#define CSAN_DEV_KIND(NAME, N, ACC)                                                       \
  CSAN_DEV_ENTRY void *__csan_dev_##NAME##N(const csan_launch_ctx *ctx, const void *addr, \
                                            int32_t site) {                               \
    return csan_dev_check(ctx, addr, N, ACC, site);                                       \
  }
#define CSAN_DEV_SIZED(N)                                                                 \
  CSAN_DEV_KIND(read, N, CSAN_ACC_READ)                                                   \
  CSAN_DEV_KIND(write, N, CSAN_ACC_WRITE)                                                 \
  CSAN_DEV_KIND(atomic_read, N, CSAN_ACC_ATOMIC)                                          \
  CSAN_DEV_KIND(atomic_write, N, CSAN_ACC_ATOMIC | CSAN_ACC_WRITE)

CSAN_DEV_SIZED(1)
CSAN_DEV_SIZED(2)
CSAN_DEV_SIZED(4)
CSAN_DEV_SIZED(8)
CSAN_DEV_SIZED(16)

/* CUDA's device assert (CSAN_DEV_ASSERTFAIL_NAME in csan_abi.h): the
 * launch and the assert's place go to the memory-error ring first, so the
 * host can name them after the assert stops the context. */
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned line,
                                        const char *function, size_t char_size);

CSAN_DEV_ENTRY void __csan_dev_assertfail(const csan_launch_ctx *ctx, const char *message,
                                          const char *file, unsigned line,
                                          const char *function, size_t char_size) {
  csan_memerr_assert(ctx, file, line, function);
  __assertfail(message, file, line, function, char_size);
}

/* After a wait on the grid dependencies (CSAN_DEV_PDL_POST_NAME in
 * csan_abi.h): the pair's second context. Idempotent, so a function that
 * waits may be called before or after its caller's own wait. */
CSAN_DEV_ENTRY const csan_launch_ctx *__csan_dev_pdl_post(const csan_launch_ctx *ctx) {
  if (!ctx || !(ctx->flags & CSAN_CTX_F_PDL_PAIR) || (ctx->flags & CSAN_CTX_F_PDL_POST))
    return ctx;
  return ctx + 1;
}

/* A range entry's work, out of line (one call at each range check): its
 * part in the host hull is logged, and the whole range goes to the engine
 * (which skips what has no shadow). */
static __device__ __noinline__ void csan_dev_range_entry(const csan_launch_ctx *ctx, uint64_t a,
                                                         uint64_t size, uint32_t access,
                                                         int32_t site) {
  uint64_t end = a + size < a ? ~0ull : a + size;
  if (ctx->host_span && a < ctx->host_lo + ctx->host_span && end > ctx->host_lo)
    csan_dev_hostlog(ctx, a, size, access, site);
  csan_dev_range(ctx, a, size, access, site);
}

CSAN_DEV_ENTRY void __csan_dev_read_range(const csan_launch_ctx *ctx, const void *addr,
                                          uint64_t size, int32_t site) {
  if (!ctx || !size || !__isGlobal(addr))
    return;
  csan_dev_range_entry(ctx, (uint64_t)(uintptr_t)addr, size, CSAN_ACC_READ, site);
}

CSAN_DEV_ENTRY void __csan_dev_write_range(const csan_launch_ctx *ctx, const void *addr,
                                           uint64_t size, int32_t site) {
  if (!ctx || !size || !__isGlobal(addr))
    return;
  csan_dev_range_entry(ctx, (uint64_t)(uintptr_t)addr, size, CSAN_ACC_WRITE, site);
}
