/* csan_rt_pool.h: the escalation pool's growth (DESIGN.md, decision 14;
 * the header's fields: csan_pool in csan_abi.h).
 *
 * The pool starts at pool_mb. A program whose launches keep more than two
 * live records in many granules at once (a gather with random indices)
 * used to fill it, and every escalation after that lost a record: checks
 * silently weaker, only counted at exit. Now the device sets a host-mapped
 * word when the bump allocator passes three quarters of the capacity (and
 * when it first finds none), and the next launch's context fill adds a
 * segment of pool_segment_mb first, up to CSAN_POOL_SEGS of them. What a
 * running launch escalates before the segment arrives may still find the
 * pool full; that is counted and reported as before.
 */
#ifndef CSAN_RT_POOL_H
#define CSAN_RT_POOL_H

#include "csan_rt.h"

/* At set-up, with the header being built: the notify word (its device
 * address in *notify, 0 when host-mapped memory is unavailable: then the
 * pool does not grow), and the segment size in *seg_shift. */
void csan_rt_pool_setup(uint32_t base_capacity, uint64_t *notify, uint32_t *seg_shift);
/* Adds a segment if the device asked for one (cheap when it did not: one
 * load of host memory). Called before each launch context is filled. */
void csan_rt_pool_grow_if_low(void);
/* Segments added so far and their bytes (the exit line). */
unsigned csan_rt_pool_segments(uint64_t *bytes);
/* Forgets the segments without freeing them (cudaDeviceReset freed
 * everything). */
void csan_rt_pool_forget(void);

#endif /* CSAN_RT_POOL_H */
