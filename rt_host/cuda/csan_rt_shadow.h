/* csan_rt_shadow.h: shadow memory on the device and csan's own kernels that
 * fill it and check range operations (csan_rt_shadow.c). */
#ifndef CSAN_RT_SHADOW_H
#define CSAN_RT_SHADOW_H

#include "csan_rt.h"
#include "csan_rt_kernels.h"

/* A strided region of application memory:
 * base + k * slice_pitch + r * pitch + [0, width) for k < slices, r < rows. */
typedef struct csan_region {
  uint64_t base, width, rows, pitch, slices, slice_pitch;
} csan_region;

/* The region [base, base + n). */
csan_region csan_region_linear(uint64_t base, uint64_t n);

/* Creates the shadow pages of [base, base + size) that do not exist yet
 * (every granule untracked), and waits for them. False when shadow could not
 * be made (the range stays untracked, and csan says so once). */
bool csan_rt_shadow_pages(uint64_t base, uint64_t size);
/* Launches csan_rk_fill EMPTY for a range on stream s: the range becomes
 * tracked with no records (a new allocation; old FREE markers go). */
void csan_rt_shadow_empty_on(CUstream s, uint64_t base, uint64_t size);
/* Launches csan_rk_access on stream s with ctx (the operation's context)
 * over region r; size is the operation's length (what reports name). */
/* Poisons the bytes after [base, base + size) up to the next 256 (CUDA's
 * alignment slack) or to base + span (the block csan asked for, redzone
 * included: csan_rt_alloc_span), whichever is further (issue 17). */
void csan_rt_shadow_poison_tail(CUstream s, uint64_t base, uint64_t size, uint64_t span);
/* The same bytes emptied, at the block's free: once the allocator has them
 * back, memory csan does not see allocated (a library's) may land there,
 * and must not be found poisoned. */
void csan_rt_shadow_unpoison_tail(CUstream s, uint64_t base, uint64_t size, uint64_t span);
void csan_rt_shadow_access(CUstream s, const csan_launch_ctx *ctx, const csan_region *r,
                           uint64_t size, uint32_t access);
/* Epoch window: reset every page shadow and the pool (device idle). */
void csan_rt_shadow_rebase(void);
/* Bytes of shadow on the device, and the most tracked bytes live at once. */
void csan_rt_shadow_usage(uint64_t *shadow_bytes, uint64_t *tracked_peak);
void csan_rt_shadow_tracked(int64_t delta);
/* cudaDeviceReset freed every page. */
void csan_rt_shadow_forget(void);
/* Launch of one of csan's kernels (1-D grid). */
CUresult csan_rt_rk_launch(CUfunction f, uint32_t blocks, CUstream s, void **args);

#endif /* CSAN_RT_SHADOW_H */
