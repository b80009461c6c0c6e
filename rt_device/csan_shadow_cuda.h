/* csan_shadow_cuda.h: the shadow engine's platform layer for the GPU, then
 * the engine. Included by csan_rt_device.cu and csan_rt_kernels.cu.
 *
 * Every shared word is accessed with PTX memory-model operations at device
 * (.gpu) scope, written as inline PTX because clang lowers its scoped atomic
 * builtins to system scope on nvptx. Only sm_70+ instructions are used
 * (relaxed/acquire/release qualifiers, nanosleep); the bitcode is compiled
 * for sm_75 and inlined into modules for sm_75 and newer.
 *
 * Why relaxed rather than plain loads for the cells: a plain load may be
 * served from a stale L1 line or be merged by the compiler; a relaxed .gpu
 * load sees the coherent value, and the two cells come in one 16-byte
 * vector load. The directory is read with plain loads: its entries only
 * change between operations, and a stale entry only hides a page that a
 * running kernel cannot legitimately use yet.
 */
#ifndef CSAN_SHADOW_CUDA_H
#define CSAN_SHADOW_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
#error "csan's device code needs sm_70 or newer"
#endif

#define CSAN_SH_FN static __device__ inline
#define CSAN_SH_COLD_FN static __device__ __noinline__
#define CSAN_SH_NOUNROLL _Pragma("unroll 1")
/* csan_rt_device.cu and csan_rt_kernels.cu pass who == NULL everywhere:
 * a race names the thread that runs the slow path (csan_sh_default_who). */
#define CSAN_SH_WHO_IS_DEFAULT 1

/* The global-window address of a generic pointer (cvta.to.global). */
#define CSAN_SH_G(p) ((unsigned long long)__cvta_generic_to_global((const void *)(p)))

CSAN_SH_FN uint64_t csan_sh_load64(const uint64_t *p) {
  uint64_t v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(CSAN_SH_G(p)));
  return v;
}
CSAN_SH_FN uint64_t csan_sh_load64_acquire(const uint64_t *p) {
  uint64_t v;
  asm volatile("ld.acquire.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(CSAN_SH_G(p)) : "memory");
  return v;
}
CSAN_SH_FN void csan_sh_load_cells(const uint64_t *p, uint64_t *c0, uint64_t *c1) {
  uint64_t a, b;
  asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];" : "=l"(a), "=l"(b) : "l"(CSAN_SH_G(p)));
  *c0 = a;
  *c1 = b;
}
CSAN_SH_FN uint64_t csan_sh_load_dir(const uint64_t *p) {
  return *p;
}
CSAN_SH_FN void csan_sh_store64(uint64_t *p, uint64_t v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(CSAN_SH_G(p)), "l"(v));
}
CSAN_SH_FN void csan_sh_store64_release(uint64_t *p, uint64_t v) {
  asm volatile("st.release.gpu.global.b64 [%0], %1;" ::"l"(CSAN_SH_G(p)), "l"(v) : "memory");
}
CSAN_SH_FN uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t expect, uint64_t desired) {
  uint64_t old;
  asm volatile("atom.acquire.gpu.global.cas.b64 %0, [%1], %2, %3;"
               : "=l"(old)
               : "l"(CSAN_SH_G(p)), "l"(expect), "l"(desired)
               : "memory");
  return old;
}
CSAN_SH_FN uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t expect, uint64_t desired) {
  uint64_t old;
  asm volatile("atom.acq_rel.gpu.global.cas.b64 %0, [%1], %2, %3;"
               : "=l"(old)
               : "l"(CSAN_SH_G(p)), "l"(expect), "l"(desired)
               : "memory");
  return old;
}
CSAN_SH_FN uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v) {
  uint64_t old;
  asm volatile("atom.relaxed.gpu.global.add.u64 %0, [%1], %2;" : "=l"(old) : "l"(CSAN_SH_G(p)), "l"(v));
  return old;
}
CSAN_SH_FN void csan_sh_min64(uint64_t *p, uint64_t v) {
  asm volatile("red.relaxed.gpu.global.min.u64 [%0], %1;" ::"l"(CSAN_SH_G(p)), "l"(v));
}
CSAN_SH_FN void csan_sh_max64(uint64_t *p, uint64_t v) {
  asm volatile("red.relaxed.gpu.global.max.u64 [%0], %1;" ::"l"(CSAN_SH_G(p)), "l"(v));
}
CSAN_SH_FN uint32_t csan_sh_load32(const uint32_t *p) {
  uint32_t v;
  asm volatile("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(CSAN_SH_G(p)));
  return v;
}
CSAN_SH_FN uint32_t csan_sh_load32_acquire(const uint32_t *p) {
  uint32_t v;
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(CSAN_SH_G(p)) : "memory");
  return v;
}
CSAN_SH_FN void csan_sh_store32(uint32_t *p, uint32_t v) {
  asm volatile("st.relaxed.gpu.global.b32 [%0], %1;" ::"l"(CSAN_SH_G(p)), "r"(v));
}
CSAN_SH_FN void csan_sh_store32_release(uint32_t *p, uint32_t v) {
  asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(CSAN_SH_G(p)), "r"(v) : "memory");
}
CSAN_SH_FN uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v) {
  uint32_t old;
  asm volatile("atom.relaxed.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(CSAN_SH_G(p)), "r"(v));
  return old;
}
/* Exponential backoff, 32 ns to 1 us: lock holders run a few hundred
 * instructions, and sleeping warps leave the SM to the holder. */
CSAN_SH_FN void csan_sh_pause(uint32_t round) {
  __nanosleep(32u << (round < 5u ? round : 5u));
}
CSAN_SH_FN void csan_sh_default_who(csan_race *e) {
  e->block[0] = blockIdx.x;
  e->block[1] = blockIdx.y;
  e->block[2] = blockIdx.z;
  e->thread[0] = threadIdx.x;
  e->thread[1] = threadIdx.y;
  e->thread[2] = threadIdx.z;
}

#include "csan_shadow.h"

#endif /* CSAN_SHADOW_CUDA_H */
