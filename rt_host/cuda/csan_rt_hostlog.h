/* csan_rt_hostlog.h: kernels' accesses to host memory, replayed on the
 * host's shadow (csan_rt_hostlog.c; the device's half: csan_hostlog_dev.h;
 * DESIGN.md, decision 22, "The device half").
 *
 * A kernel's check that misses its fast path on host memory (the launch's
 * host hull: pinned, mapped, registered or managed regions) appends a
 * record to a ring in host-mapped memory. The host replays the records on
 * its shadow of the regions (csan_rt_hostmem.c) with the launch's own
 * context, at every drain (csan_rt_drain: each synchronization the host
 * observes) and before every host access the instrumentation checks, so a
 * host access ordered after a kernel always meets the kernel's records.
 */
#ifndef CSAN_RT_HOSTLOG_H
#define CSAN_RT_HOSTLOG_H

#include "csan_rt.h"

/* Makes the ring (host-mapped) and its counters (device memory) at the
 * device's set-up, and registers the hooks that fill each context's host
 * hull, replay at every drain and forget at a rebase. Writes the device
 * addresses for the pool header (0, 0: kernels' accesses to host memory
 * are not checked; a warning said why). */
bool csan_rt_hostlog_setup(uint64_t *ring, uint64_t *counters);
/* Replays what the device logged since the last call (any thread, no csan
 * lock held). Cheap when nothing was logged: one load of host memory. */
void csan_rt_hostlog_drain(void);
/* A managed range begins (add) or ends: the device logs its accesses
 * although it has device shadow (the hull alone cannot tell it from
 * device memory). */
void csan_rt_hostlog_managed(const void *p, uint64_t size, bool add);
/* Exit: the last replay, then what could not be checked. */
void csan_rt_hostlog_exit(void);
/* cudaDeviceReset: the ring and counters went with the context. */
void csan_rt_hostlog_forget(void);

#endif /* CSAN_RT_HOSTLOG_H */
