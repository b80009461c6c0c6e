/* csan_rt_quarantine.h: synchronous frees held back from the allocator
 * (CSAN_OPTIONS=quarantine_mb; DESIGN.md, decision 21).
 *
 * A block the program frees with cudaFree/cuMemFree keeps its FREE shadow
 * until the allocator hands the address out again; holding the block back
 * keeps the address from being reused at once, so a dangling pointer is
 * still caught as a use after free. Sound because csan's free wrapper has
 * already synchronized the device and tagged the block before it would
 * release it (csan_rt_memops.c): the program keeps that synchronization.
 */
#ifndef CSAN_RT_QUARANTINE_H
#define CSAN_RT_QUARANTINE_H

#include "csan_rt.h"

/* Holds [base, base + size) instead of freeing it now (true), releasing the
 * oldest held blocks beyond quarantine_mb; false when the quarantine is off
 * or the block alone is larger than it (the caller frees it itself). */
bool csan_rt_quarantine_hold(uint64_t base, uint64_t size);
/* Releases every held block; true if there was one (an allocation that
 * failed for lack of memory is then retried). */
bool csan_rt_quarantine_flush(void);
/* A block starting at base is held: the program freed it already, so a
 * second free is a double free (the block stays held). */
bool csan_rt_quarantine_holds(uint64_t base);
/* Forgets the held blocks without freeing them (cudaDeviceReset freed
 * everything). */
void csan_rt_quarantine_forget(void);

#endif /* CSAN_RT_QUARANTINE_H */
