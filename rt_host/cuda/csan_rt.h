/* csan_rt.h: the state and helpers every part of the CUDA glue shares.
 *
 * The glue joins the CUDA-free core (rt_host/core: model, registries,
 * reporter) to CUDA. It is layered; a file calls only files below it:
 *
 *   api/csan_api_*.c    the wrappers, one file per CUDA API family (streams
 *                       and events, memory, copies, launches, graphs, the
 *                       user API) and per library csan models (cuBLAS,
 *                       cuBLASLt, cuFFT, cuSPARSE, cuRAND, NCCL, the driver
 *                       API, annotations). A family never calls another.
 *   csan_rt_lib.c       library calls: real functions, operations, handle
 *                       tables, annotations, unchecked calls
 *   csan_rt_memops.c    allocations and frees (runtime and driver alike)
 *   csan_rt_quarantine.c  freed blocks held back from the allocator
 *   csan_rt_xfer.c      operations that read and write byte regions
 *                       (copies, sets, library calls)
 *   csan_rt_device.c    start-up, the lazy device set-up, which device is
 *                       checked, reset, exit
 *   csan_rt_ops.c       stream and event keys, operations, host waits, the
 *                       epoch window
 *   csan_rt_vars.c      __device__ variables
 *   csan_rt_allocs.c    the allocation registry as the wrappers change it
 *   csan_rt_report.c    draining the race table into the reporter, halt,
 *                       the exit summary
 *   csan_rt_sites.c     device source sites, read from the modules
 *   csan_rt_twins.c     instrumented twins of kernels
 *   csan_rt_shadow.c    shadow pages on the device, csan's range kernels
 *   csan_rt.c           this header: the state (csan_g), messages, CUDA
 *                       calls csan makes on its own behalf
 *
 * scripts/check-deps fails the build's tests if a call or an include goes
 * up or sideways (a cycle between runtime files).
 *
 * Everything here is hidden in libcsan_rt; only the wrappers (CSAN_EXPORT)
 * are visible.
 *
 * Locks, outermost first: the issue lock (csan_rt_ops.c: held shared from
 * prepare to commit of every operation, exclusively by the epoch rebase), the
 * model's (an operation holds it from prepare to commit, around a launch or
 * an asynchronous call that does not wait; calls that may wait commit first),
 * the allocation lock (csan_rt_allocs.c), then the registries', the shadow
 * manager's, the twin cache's, the variable table's and the site cache's,
 * none of which calls into another. No lock is held across a CUDA call that
 * waits for the application's work; the allocation lock is held across a
 * synchronization of csan's own stream, which runs only csan's short kernels
 * (that is what orders a free's FREE markers before another thread's new
 * allocation of the same bytes).
 */
#ifndef CSAN_RT_H
#define CSAN_RT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "csan_abi.h"
#include "csan_alloc.h"
#include "csan_cuda_api.h"
#include "csan_driver.h"
#include "csan_flags.h"
#include "csan_model.h"
#include "csan_ops.h"
#include "csan_report.h"
#include "csan_stack.h"
#include "csan_suppress.h"
#include "csan_syncs.h"

#define CSAN_EXPORT __attribute__((visibility("default")))

/* Model keys of per-thread default streams have the top bit set (no stream
 * handle, a user-space pointer, does) and a number unique to the thread. */
#define CSAN_RT_PT_KEY_BIT (1ull << 63)

/* ------------------------------------------------------------------------
 * Global state.
 * ---------------------------------------------------------------------- */

/* csan_rt.dev */
#define CSAN_DEV_UNKNOWN 0 /* not set up yet (or again after cudaDeviceReset) */
#define CSAN_DEV_READY 1   /* checking */
#define CSAN_DEV_OFF 2     /* no usable device: every call passes through */

typedef struct csan_rt {
  csan_flags flags;
  csan_model *model;
  csan_ops *ops;
  csan_allocs *allocs;
  csan_suppressions *supp;
  csan_reporter *reporter;
  csan_syncs *syncs;        /* undocumented synchronizations (documented_sync_only) */

  _Atomic int dev;          /* CSAN_DEV_* */
  _Atomic bool exiting;     /* the exit handler (or a halt) runs: pass through */
  pthread_mutex_t dev_mu;   /* device set-up and reset */

  csan_drv drv;
  CUcontext ctx;            /* the primary context csan set up in */
  int device;               /* its device: the one device csan checks */
  CUmodule rk_module;       /* csan's own kernels */
  CUfunction rk_access, rk_fill, rk_reset_page, rk_pool_reset;
  cudaStream_t priv;        /* csan's non-blocking stream for its own work */
  uint64_t dir;             /* device: level-1 shadow directory */
  uint64_t pool;            /* device: csan_pool header + blocks */
  uint64_t races;           /* device: csan_race_table */
  _Atomic uint32_t *race_notify; /* host view of csan_pool.race_notify's word, or null */
  uint32_t race_cap;        /* entries of the race table */
  uint32_t max_blocks;      /* grid cap of csan's kernels */
  uint64_t pool_exhausted_before; /* exhausted counts of pools lost to resets */
} csan_rt;

extern csan_rt csan_g;

/* ------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------- */

/* `csan: WARNING: <message>` once per distinct flag. */
void csan_rt_warn_once(_Atomic bool *flag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A clear fatal error: prints `csan: ERROR: <message>` and exits with 1. */
_Noreturn void csan_rt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The text of a driver error. */
const char *csan_rt_cu_error(CUresult r);

/* ------------------------------------------------------------------------
 * CUDA calls of csan's own.
 * ---------------------------------------------------------------------- */

/* Runs a CUDA runtime call of csan's own without disturbing the
 * application's last error: call csan_rt_err_save() first and
 * csan_rt_err_restore(saved, result) after. */
bool csan_rt_err_save(void);
void csan_rt_err_restore(bool was_clean, cudaError_t result);

/* CUDA work csan does on its own behalf (its memory, its stream, device
 * synchronizations, reading the race table, looking kernels and variables
 * up) runs between csan_rt_own_begin and csan_rt_own_end:
 *  - in csan's context, whatever context the thread has current;
 *  - in relaxed stream-capture mode: while any thread captures a stream in
 *    global mode, a "potentially unsafe" call (cudaMalloc, a
 *    synchronization, a synchronous copy) from a thread in global mode fails
 *    and invalidates that capture; csan's calls never touch a stream being
 *    captured, so they opt out.
 * Both are restored at the end. Sections nest. */
typedef struct csan_rt_own {
  CUcontext prev; /* the thread's context, restored at the end */
  bool switched;
  enum cudaStreamCaptureMode mode; /* the thread's mode, restored at the end */
  bool mode_set;
} csan_rt_own;
void csan_rt_own_begin(csan_rt_own *o);
void csan_rt_own_end(csan_rt_own *o);

/* Waits for csan's own stream (it runs only csan's kernels and copies),
 * warning once when that takes stall_seconds (csan_rt.c says why). */
CUresult csan_rt_priv_wait(void);
/* Copies n bytes of csan's device memory to the host on csan's stream. */
bool csan_rt_read_device(void *dst, uint64_t src, size_t n);
/* Waits for csan's own stream. */
void csan_rt_priv_sync(void);

/* bytes of zeroed host memory the device can reach (host-mapped, portable:
 * csan's rings and notify words, which survive a fault and which the host
 * reads with plain loads). *host and *dev get its two addresses; on failure
 * *host is null. */
CUresult csan_rt_host_mapped(size_t bytes, void **host, uint64_t *dev);

#endif /* CSAN_RT_H */
