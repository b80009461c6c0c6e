/* csan_rt_errors.h: the CUDA errors csan explains (csan_rt_errors.c):
 * launches that failed at once and whose error the program ignored, and
 * sticky faults, attributed to their launch by progress markers. */
#ifndef CSAN_RT_ERRORS_H
#define CSAN_RT_ERRORS_H

#include "csan_faults.h"
#include "csan_rt.h"

/* ------------------------------------------------------------------------
 * Launch errors the program ignores.
 * ---------------------------------------------------------------------- */

/* A launch returned r (not a sticky error): pending on this thread until
 * the program reads the last error. */
void csan_rt_errors_launch_failed(cudaError_t r, const csan_fault_launch *l);
/* An error a wrapper returned without calling the runtime (a double free
 * csan refused) is the thread's last error, as the runtime's would be:
 * cudaGetLastError (clear) and cudaPeekAtLastError return it when the
 * runtime's own last error is success (csan_rt_errors_last(r, clear)). */
void csan_rt_errors_set_last(cudaError_t e);
cudaError_t csan_rt_errors_last(cudaError_t r, bool clear);
/* The program read the last error (cudaGetLastError, cudaPeekAtLastError). */
void csan_rt_errors_read(void);
/* The thread's next CUDA call begins (csan_rt_active): a pending error is
 * reported as ignored, unless the call is a synchronization (the program
 * may read the error after it: csan_rt_errors_sync_next first). */
void csan_rt_errors_call(void);
void csan_rt_errors_sync_next(void);

/* ------------------------------------------------------------------------
 * Progress markers and sticky faults.
 * ---------------------------------------------------------------------- */

/* One launch's markers, between csan_rt_errors_launch_begin and _end. */
typedef struct csan_rt_marks {
  bool on;
  bool written; /* the `started` write was accepted */
  uint32_t slot, seq;
} csan_rt_marks;

/* Records the launch (l: everything but seq, slot, order) and has stream s
 * write `started` just before it. No wait: the stream writes it. */
void csan_rt_errors_launch_begin(csan_rt_marks *mk, csan_fault_launch *l, uint32_t slot,
                                 CUstream s);
/* Has s write `done` after the launch. A launch that failed at once is
 * forgotten and `started` goes back (nothing ran); when even that write
 * fails (the context is lost: the stream may have reached this operation
 * and faulted in it), the record stays. */
void csan_rt_errors_launch_end(csan_rt_marks *mk, CUstream s, bool launched);

/* Stream captures: a call that failed because a capture was active
 * (cudaErrorStreamCaptureUnsupported or cudaErrorStreamCaptureImplicit:
 * CUDA invalidates the capture) reaches csan_rt_errors_result like any
 * result; the first such call since a capture began (..._capture_begun)
 * is kept, so the report of the invalidated capture can name it. */
void csan_rt_errors_capture_begun(void);
bool csan_rt_errors_capture_invalidator(const char **api, csan_host_site *site, cudaError_t *r);

/* Every wrapper that sees a CUDA result may pass it here: a sticky error
 * (the context is lost) prints the fault report once, with the call's name,
 * site and issuing stack (ra: the wrapper's return address). */
void csan_rt_errors_result(cudaError_t r, const char *api, const csan_host_site *site,
                           const void *ra);
/* True for the errors that poison the context (a fault of a kernel). */
bool csan_rt_errors_sticky(cudaError_t r);

/* ------------------------------------------------------------------------
 * Memory errors the host sees: the byte ranges of copies and sets.
 * ---------------------------------------------------------------------- */

/* Classifies [addr, addr + size) of a range operation (api at site, issued
 * from stack) against the allocation registry and reports an out-of-bounds
 * range (use after free and unordered stream-ordered memory are the shadow's
 * to report, as races with the free or the allocation). True when the
 * caller should halt (halt_on_memory_error). */
bool csan_rt_errors_range(uint64_t addr, uint64_t size, bool write, const char *api,
                          const csan_host_site *site, uint32_t stack);

/* A free (api at site, issued from stack) of addr that the allocator
 * rejected, or would have (a block csan holds): reported as a double free
 * (the first free's stack) or an invalid free (the allocation it is in or
 * nearest to). True when the caller should halt. */
bool csan_rt_errors_free(uint64_t addr, const char *api, const csan_host_site *site,
                         uint32_t stack);

/* Reports printed (ignored launch errors, faults, memory errors): any makes
 * the exit status `exitcode`, as races do. */
uint64_t csan_rt_errors_reported(void);

/* Exit: a pending ignored launch error of this thread is reported. */
void csan_rt_errors_exit(void);

/* Memory errors of kernels (DESIGN.md, decision 21): the device's ring in
 * host-mapped memory. csan_rt_memerr_setup makes it (csan's context
 * current; false when memory_errors is off or it cannot) and its counters
 * and gives their device addresses for the pool header; csan_rt_memerr_on says launches may set
 * CSAN_CTX_F_MEMORY_ERRORS. csan_rt_memerr_drain classifies and reports the
 * records the device published (true: halt_on_memory_error says stop);
 * csan_rt_memerr_exit says what could not be reported. */
bool csan_rt_memerr_setup(uint64_t *ring, uint64_t *counters);
bool csan_rt_memerr_on(void);
bool csan_rt_memerr_drain(void);
void csan_rt_memerr_exit(void);
/* A race entry whose other record is a poison record (FREE, slot 0, epoch
 * 0, site CSAN_SITE_POISON): an access past an allocation's end that the
 * slow path met (a range in device code, an escalated granule). Reported
 * as a memory error (true: halt_on_memory_error says stop). */
bool csan_rt_memerr_is_poison(const csan_race *e);
bool csan_rt_memerr_report_race(const csan_race *e);
/* The context is gone (cudaDeviceReset): so are the ring and counters. */
void csan_rt_memerr_forget(void);

#endif /* CSAN_RT_ERRORS_H */
