/* csan_cuda_rt.h: the state and internal interfaces of the CUDA glue.
 *
 * The glue (csan_cuda_*.c) joins the CUDA-free core (model, registries,
 * reporter) to CUDA:
 *   csan_cuda_init.c     start-up, the lazy device set-up, the no-device path,
 *                        exit, halt_on_error
 *   csan_cuda_stream.c   stream/event handles -> model keys, operations
 *                        (prepare/commit, ENOSLOT, the epoch window)
 *   csan_cuda_shadow.c   shadow pages on the device, csan's range kernels
 *   csan_cuda_report.c   draining the race table, the reporter environment
 *   csan_cuda_launch.c   kernel launches and the twin cache
 *   csan_cuda_sync.c     stream, event, device and graph wrappers
 *   csan_cuda_alloc.c    allocation wrappers and __device__ variables
 *   csan_cuda_copy.c     memcpy and memset wrappers
 *
 * Everything here is hidden in libcsan_rt; only the wrappers (CSAN_EXPORT)
 * are visible.
 *
 * Locks, outermost first: the issue lock (csan_cuda_stream.c: held shared
 * from prepare to commit of every operation, exclusively by the epoch
 * rebase), the model's (an operation holds it from prepare to commit, around
 * a launch or an asynchronous call that does not wait; calls that may wait
 * commit first), the allocation lock (csan_cuda_alloc.c), then
 * the registries', the shadow manager's, the twin cache's, the variable
 * table's and the site cache's, none of which calls into another. No lock is
 * held across a CUDA call that waits for the application's work; the
 * allocation lock is held across a synchronization of csan's own stream,
 * which runs only csan's short kernels (that is what orders a free's FREE
 * markers before another thread's new allocation of the same bytes).
 */
#ifndef CSAN_CUDA_RT_H
#define CSAN_CUDA_RT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "csan_abi.h"
#include "csan_alloc.h"
#include "csan_cuda_api.h"
#include "csan_flags.h"
#include "csan_model.h"
#include "csan_ops.h"
#include "csan_report.h"
#include "csan_rt_kernels.h"
#include "csan_stack.h"
#include "csan_suppress.h"

#define CSAN_EXPORT __attribute__((visibility("default")))

/* Model keys of per-thread default streams have the top bit set (no stream
 * handle, a user-space pointer, does) and a number unique to the thread. */
#define CSAN_RT_PT_KEY_BIT (1ull << 63)

/* ------------------------------------------------------------------------
 * Driver entry points (cudaGetDriverEntryPointByVersion; csan never links
 * libcuda). Driver calls also leave the runtime's last error alone, which is
 * why csan's own queries and copies use them.
 * ---------------------------------------------------------------------- */
#define CSAN_DRIVER_FUNCTIONS(X)                                                              \
  X(cuGetErrorString)                                                                         \
  X(cuCtxGetCurrent)                                                                          \
  X(cuCtxSetCurrent)                                                                          \
  X(cuCtxGetDevice)                                                                           \
  X(cuModuleLoadData)                                                                         \
  X(cuModuleGetFunction)                                                                      \
  X(cuModuleGetGlobal)                                                                        \
  X(cuFuncGetModule)                                                                          \
  X(cuFuncGetName)                                                                            \
  X(cuFuncGetParamInfo)                                                                       \
  X(cuFuncGetAttribute)                                                                       \
  X(cuFuncSetAttribute)                                                                       \
  X(cuLaunchKernelEx)                                                                         \
  X(cuMemcpyDtoHAsync)                                                                        \
  X(cuMemcpyHtoDAsync)                                                                        \
  X(cuMemsetD8Async)                                                                          \
  X(cuStreamSynchronize)                                                                      \
  X(cuStreamGetFlags)                                                                         \
  X(cuStreamGetCtx)                                                                           \
  X(cuStreamIsCapturing)                                                                      \
  X(cuPointerGetAttribute)

typedef struct csan_drv {
#define CSAN_DRV_MEMBER(name) __typeof__(&name) name;
  CSAN_DRIVER_FUNCTIONS(CSAN_DRV_MEMBER)
#undef CSAN_DRV_MEMBER
} csan_drv;

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
  uint32_t race_cap;        /* entries of the race table */
  uint32_t max_blocks;      /* grid cap of csan's kernels */
  uint64_t pool_exhausted_before; /* exhausted counts of pools lost to resets */
} csan_rt;

extern csan_rt csan_g;

/* ------------------------------------------------------------------------
 * csan_cuda_init.c
 * ---------------------------------------------------------------------- */

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
/* `csan: <message>` once per distinct flag (warn-once helpers). */
void csan_rt_warn_once(_Atomic bool *flag, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A clear fatal error: prints `csan: ERROR: <message>` and exits with 1. */
_Noreturn void csan_rt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* halt_on_error: finish the report and leave with its status. */
_Noreturn void csan_rt_halt(void);
/* The text of a driver error. */
const char *csan_rt_cu_error(CUresult r);
/* Runs a CUDA runtime call of csan's own without disturbing the
 * application's last error: call csan_rt_err_save() first and
 * csan_rt_err_restore(saved, result) after. */
bool csan_rt_err_save(void);
void csan_rt_err_restore(bool was_clean, cudaError_t result);
/* After cudaDeviceReset: every device resource of csan is gone. */
void csan_rt_device_lost(void);

/* ------------------------------------------------------------------------
 * csan_cuda_stream.c: handles, operations, host waits.
 * ---------------------------------------------------------------------- */

/* The model key of a stream handle as the calling thread means it; `pt`:
 * the call came through a _ptsz/_ptds entry point (a null stream is the
 * per-thread default stream). */
csan_key csan_rt_stream_key(cudaStream_t s, bool pt);
/* The driver handle of the same stream. */
CUstream csan_rt_cu_stream(cudaStream_t s, bool pt);
/* Makes sure the model knows stream s (per-thread streams and streams csan
 * did not see created are added on first use). False: s is not a stream. */
bool csan_rt_stream_ensure(cudaStream_t s, bool pt, csan_key *key);
/* Adds a stream to the model, recovering from a full slot table by
 * synchronizing the device; a stale key of the same value is replaced.
 * Fatal when 254 streams are really alive. */
void csan_rt_stream_add(csan_key key, csan_stream_kind kind);
/* True when s is being captured into a graph (its work is not checked;
 * warns once). */
bool csan_rt_capturing(cudaStream_t s, bool pt);
/* Once per run: graphs are not checked. */
void csan_rt_warn_graphs(void);
/* Events: the model knows every event used (created on first use). */
csan_key csan_rt_event_key(cudaEvent_t e);
void csan_rt_event_ensure(csan_key key);

/* One operation on a stream, between csan_rt_op_begin and csan_rt_op_end.
 * Between the two the model lock is held: call no csan_model_* function. */
typedef struct csan_rt_op {
  csan_op op;
  csan_key stream;
  CUstream cu;        /* the driver handle, for csan's kernels */
  bool prepared;      /* false: not modelled (pass the call through) */
  csan_launch_ctx ctx; /* the operation's context (csan_rt_op_ctx) */
} csan_rt_op;

typedef struct csan_rt_op_desc {
  csan_op_kind kind;
  const char *what;             /* kernel mangled name or API name */
  uint64_t bytes;               /* range operations: length */
  const void *module;           /* kernels: CUmodule of the device sites */
  const csan_host_site *site;
  uint32_t stack;
} csan_rt_op_desc;

/* Prepares the operation on stream s and registers it. False (nothing
 * held): not modelled. Handles the epoch window (rebase) first. */
bool csan_rt_op_begin(csan_rt_op *o, cudaStream_t s, bool pt, const csan_rt_op_desc *d);
/* Commits (success) or drops the operation; releases the model lock. */
void csan_rt_op_end(csan_rt_op *o, bool success);
/* Fills o->ctx from o->op (shadow, pool, races, vc, flags). */
void csan_rt_op_ctx(csan_rt_op *o, uint32_t flags);
/* The launch context of any operation (a host operation's, too). */
void csan_rt_ctx_fill(csan_launch_ctx *c, const csan_op *op, uint32_t flags);

/* A host operation (slot CSAN_HOST_SLOT), registered. False: not modelled. */
bool csan_rt_host_op(csan_op *op, const csan_rt_op_desc *d);

/* The issuing host stack: ra is the wrapper's return address; a site in CUDA
 * glue (an -O0 <<<>>> stub, a cuda_runtime.h template) drops that frame so
 * the user's line comes first. */
uint32_t csan_rt_stack(const void *ra, const csan_host_site *site);

/* The host observed vc complete: join it and drain the race table. */
void csan_rt_host_observed(const csan_vc *vc);
/* Synchronizes the device for csan (slot recovery, epoch window, exit):
 * snapshot, cudaDeviceSynchronize, join. Returns its result. */
cudaError_t csan_rt_device_sync(void);
/* The epoch window: rebase when a counter reached the end. */
void csan_rt_maybe_rebase(void);
extern _Atomic bool csan_rt_rebase_pending;

/* ------------------------------------------------------------------------
 * csan_cuda_shadow.c
 * ---------------------------------------------------------------------- */

/* Creates the shadow pages of [base, base + size) that do not exist yet
 * (every granule untracked), and waits for them. False when shadow could not
 * be made (the range stays untracked, and csan says so once). */
bool csan_rt_shadow_pages(uint64_t base, uint64_t size);
/* Launches csan_rk_fill EMPTY for a range on stream s: the range becomes
 * tracked with no records (a new allocation; old FREE markers go). */
void csan_rt_shadow_empty_on(CUstream s, uint64_t base, uint64_t size);
/* Waits for csan's own stream. */
void csan_rt_priv_sync(void);
/* Launches csan_rk_access on stream s with ctx (the operation's context):
 * the strided region base + k * slice_pitch + r * pitch + [0, width). */
void csan_rt_shadow_access(CUstream s, const csan_launch_ctx *ctx, uint64_t base, uint64_t width,
                           uint64_t rows, uint64_t pitch, uint64_t slices, uint64_t slice_pitch,
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

/* ------------------------------------------------------------------------
 * csan_cuda_report.c
 * ---------------------------------------------------------------------- */

/* The reporter's environment (created with the reporter). */
void csan_rt_report_env(csan_report_env *env);
/* The name the program gave a stream (include/csan/csan.h), or null. */
const char *csan_rt_user_stream_name(csan_key key);
/* Copies the race table and reports what it can; halts if told to. */
void csan_rt_drain(void);
/* Empties the device race table (rebase; everything in it was reported). */
void csan_rt_races_clear(void);
/* The pool's exhausted counter (device). */
uint64_t csan_rt_pool_exhausted(void);
/* Copies n bytes of csan's device memory to the host on csan's stream. */
bool csan_rt_read_device(void *dst, uint64_t src, size_t n);
/* cudaDeviceReset: cached sites of old modules are stale. */
void csan_rt_report_forget(void);

/* ------------------------------------------------------------------------
 * csan_cuda_launch.c / csan_cuda_alloc.c
 * ---------------------------------------------------------------------- */

/* cudaDeviceReset: every CUfunction is stale. */
void csan_rt_twins_forget(void);
/* Kernel launches that ran unchecked because their twin failed to launch. */
uint64_t csan_rt_unchecked_launches(void);
/* __device__ variables registered since the last call get their device
 * addresses and shadow (first launch or memory operation after
 * registration). */
void csan_rt_vars_resolve(void);
/* The device address of a registered variable, or 0. */
uint64_t csan_rt_var_address(const void *symbol);
/* cudaDeviceReset: variables are resolved again. */
void csan_rt_vars_forget(void);
/* Registers an allocation, replacing stale overlapping records (frees csan
 * did not see). */
void csan_rt_alloc_add(const csan_alloc_info *info);

#endif /* CSAN_CUDA_RT_H */
