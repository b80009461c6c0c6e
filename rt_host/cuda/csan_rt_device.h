/* csan_rt_device.h: start-up, the device csan checks, reset and exit
 * (csan_rt_device.c). */
#ifndef CSAN_RT_DEVICE_H
#define CSAN_RT_DEVICE_H

#include "csan_rt.h"

/* Flags, log, suppressions, stacks, model, registries, reporter (once). */
void csan_rt_init(void);
/* True when csan checks this call: initialized, a usable device (set up
 * lazily on the first call that asks), not exiting. */
bool csan_rt_active(void);
/* Like csan_rt_active but never sets the device up (module constructors). */
bool csan_rt_device_ready(void);
/* The calling thread's current context. When none is, binds the one the
 * CUDA runtime's next call would (the primary context of the thread's
 * current device), so driver calls have one and the program's choice of
 * device stands. */
CUcontext csan_rt_bind_context(void);
/* One device is checked: csan's (csan_g.device), where its directory, pool,
 * race table, stream and kernels live. Work for another device is passed
 * through unchecked and unmodelled, and csan says so once per device:
 *   csan_rt_on_device         the current context is csan's (work with no
 *                             stream, or on the null/legacy/per-thread
 *                             stream: allocations, device-wide calls)
 *   csan_rt_stream_on_device  stream s belongs to csan's context (a named
 *                             stream's own context decides; the special
 *                             handles mean the current context's streams):
 *                             what decides for records, waits and host
 *                             waits, whose model updates need no device work
 *   csan_rt_work_on_device    both: operations that run csan's kernels or
 *                             the application's on the current device */
bool csan_rt_on_device(void);
bool csan_rt_stream_on_device(cudaStream_t s, bool pt);
bool csan_rt_work_on_device(cudaStream_t s, bool pt);
/* After cudaDeviceReset: every device resource of csan is gone. */
void csan_rt_device_lost(void);

#endif /* CSAN_RT_DEVICE_H */
