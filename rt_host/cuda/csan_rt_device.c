/* csan_rt_device.c: start-up, the device set-up, the no-device path, exit.
 *
 * Start-up (once, at load or at the first wrapper call, whichever comes
 * first) needs no CUDA: flags, the report stream, suppressions, the stack
 * depot, the model, the registries and the reporter.
 *
 * The device is set up lazily, at the first call that needs it (never from a
 * module constructor's __cudaRegisterVar): driver entry points, the context,
 * csan's kernels, a private non-blocking stream, the shadow directory, the
 * pool and the race table. When any of that fails, csan says once why and
 * passes every call through unchanged for the rest of the run.
 *
 * One device is checked: the one whose context was current at set-up. All
 * of csan's device state lives there, and its kernels would fault reading
 * it from another GPU, so work for another device is passed through
 * unchecked (csan_rt_on_device and friends), with one line per device.
 *
 * Exit: the handler is registered once the device is set up, after CUDA's own
 * initialization, so it runs before the CUDA runtime tears itself down. It
 * waits (with a deadline) for the work still running, drains the race table
 * and finishes the report; it leaves with _exit only when the report changes
 * the exit status (races were found).
 */
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_hostlog.h"
#include "csan_rt_pool.h"
#include "csan_rt_quarantine.h"

#include "csan_rt_report.h"
#include "csan_rt_shadow.h"
#include "csan_rt_twins.h"
#include "csan_rt_vars.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The embedded fatbin of csan's kernels (rt_device/CMakeLists.txt). */
extern const unsigned char csan_rt_kernels_image[];
extern const unsigned long csan_rt_kernels_image_size;

/* How long the exit handler waits for work still running on the device. */
#define CSAN_EXIT_WAIT_SECONDS 10

static pthread_once_t g_init_once = PTHREAD_ONCE_INIT;
/* Devices csan said it does not check (bit 63: device 63 and above). */
static _Atomic uint64_t g_warned_devices;

/* ------------------------------------------------------------------------
 * Start-up.
 * ---------------------------------------------------------------------- */

static void init_once(void) {
  csan_rt *g = &csan_g;
  csan_flags_init(&g->flags);
  csan_log_init(&g->flags);
  g->supp = csan_suppressions_init(g->flags.suppressions);
  csan_stack_configure_from_flags(&g->flags);
  g->model = csan_model_create();
  g->ops = csan_ops_create();
  g->allocs = csan_allocs_create(0);
  g->syncs = csan_syncs_create();
  csan_report_env env;
  csan_rt_report_env(&env);
  g->reporter = g->model && g->ops && g->allocs && g->syncs
                    ? csan_reporter_create(&g->flags, &env, g->supp)
                    : NULL;
  if (!g->reporter) {
    fprintf(stderr, "csan: ERROR: out of memory at start-up\n");
    exit(1);
  }
  if (g->flags.verbosity >= 1)
    csan_log_printf("csan: CUDA stream sanitizer, ABI %u; the device is set up at the first "
                    "CUDA call\n",
                    CSAN_ABI_VERSION);
}

void csan_rt_init(void) {
  pthread_once(&g_init_once, init_once);
}

/* Bad CSAN_OPTIONS are reported at start-up, even by a program that makes
 * no CUDA call. */
__attribute__((constructor)) static void csan_rt_ctor(void) {
  csan_rt_init();
}

/* ------------------------------------------------------------------------
 * The device.
 * ---------------------------------------------------------------------- */

static void exit_handler(void);

/* Frees what a failed set-up allocated. */
static void free_device(void) {
  csan_rt *g = &csan_g;
  if (g->races)
    cudaFree((void *)(uintptr_t)g->races);
  if (g->pool)
    cudaFree((void *)(uintptr_t)g->pool);
  if (g->dir)
    cudaFree((void *)(uintptr_t)g->dir);
  if (g->priv)
    cudaStreamDestroy(g->priv);
  g->race_notify = NULL; /* its page stays mapped, like the memory-error ring */
  g->races = g->pool = g->dir = 0;
  g->priv = NULL;
}

/* The word the device sets when it records a race (csan_pool.race_notify):
 * host-mapped, so a synchronization that finds it clear skips reading the
 * race table from the device. Its device address, or 0 (then the table is
 * read at every synchronization, as without it). */
static uint64_t race_notify_setup(csan_rt *g) {
  void *p;
  uint64_t d;
  if (csan_rt_host_mapped(sizeof(uint32_t), &p, &d) != CUDA_SUCCESS)
    return 0;
  g->race_notify = (_Atomic uint32_t *)p;
  return d;
}

static bool dev_alloc(uint64_t *out, size_t bytes, const char *what, char *why, size_t n) {
  void *p = NULL;
  cudaError_t e = cudaMalloc(&p, bytes);
  if (e != cudaSuccess) {
    snprintf(why, n, "cannot allocate the %s (%zu bytes): %s", what, bytes, cudaGetErrorString(e));
    return false;
  }
  *out = (uint64_t)(uintptr_t)p;
  return true;
}

/* A driver function at the ABI version csan calls (csan_driver.h); the
 * legacy-stream variant, since csan always names its streams. */
static cudaError_t get_entry_point(const char *name, unsigned version, void **fp,
                                   enum cudaDriverEntryPointQueryResult *st) {
#if CUDART_VERSION >= 12050
  return cudaGetDriverEntryPointByVersion(name, fp, version, cudaEnableLegacyStream, st);
#else
  /* This runtime hands out the versions of its own CUDA release, which are
   * the ones csan_driver.h lists (none is newer than 12.4). */
  (void)version;
  return cudaGetDriverEntryPoint(name, fp, cudaEnableLegacyStream, st);
#endif
}

/* Set-up, step 1: every driver function csan calls. */
static bool load_driver(char *why, size_t n) {
  csan_rt *g = &csan_g;
  memset(&g->drv, 0, sizeof g->drv);
#define CSAN_GET_ENTRY(name, version)                                                           \
  do {                                                                                          \
    void *fp = NULL;                                                                            \
    enum cudaDriverEntryPointQueryResult st = cudaDriverEntryPointSymbolNotFound;               \
    cudaError_t e = get_entry_point(#name, version, &fp, &st);                                  \
    if (e != cudaSuccess) {                                                                     \
      snprintf(why, n, "%s", cudaGetErrorString(e));                                            \
      return false;                                                                             \
    }                                                                                           \
    if (!fp || st != cudaDriverEntryPointSuccess) {                                             \
      snprintf(why, n, "the CUDA driver has no %s of CUDA %u.%u", #name, (version) / 1000,      \
               (version) % 1000 / 10);                                                          \
      return false;                                                                             \
    }                                                                                           \
    memcpy(&g->drv.name, &fp, sizeof fp);                                                       \
  } while (0);
  CSAN_DRIVER_FUNCTIONS(CSAN_GET_ENTRY)
#undef CSAN_GET_ENTRY
  return true;
}

/* Set-up, step 2: the primary context of the current device, made current
 * the runtime's way, and csan's stream. */
static bool make_context(char *why, size_t n) {
  csan_rt *g = &csan_g;
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    snprintf(why, n, "%s", e != cudaSuccess ? cudaGetErrorString(e) : "no CUDA device");
    return false;
  }
  e = cudaFree(NULL);
  if (e != cudaSuccess) {
    snprintf(why, n, "%s", cudaGetErrorString(e));
    return false;
  }
  CUresult cr = g->drv.cuCtxGetCurrent(&g->ctx);
  if (cr != CUDA_SUCCESS || !g->ctx) {
    snprintf(why, n, "no CUDA context: %s", csan_rt_cu_error(cr));
    return false;
  }
  e = cudaStreamCreateWithFlags(&g->priv, cudaStreamNonBlocking);
  if (e != cudaSuccess) {
    snprintf(why, n, "cannot create csan's stream: %s", cudaGetErrorString(e));
    return false;
  }
  int dev = 0, sms = 0;
  e = cudaGetDevice(&dev);
  if (e != cudaSuccess) {
    snprintf(why, n, "%s", cudaGetErrorString(e));
    return false;
  }
  g->device = dev;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) == cudaSuccess && sms > 0)
    g->max_blocks = (uint32_t)sms * 8u;
  else
    g->max_blocks = 1024;
  return true;
}

/* Set-up, step 3: csan's own kernels (the embedded fatbin). */
static bool load_kernels(char *why, size_t n) {
  csan_rt *g = &csan_g;
  if (csan_rt_kernels_image_size < 4) {
    snprintf(why, n, "this runtime was built without csan's own kernels");
    return false;
  }
  CUresult cr = g->drv.cuModuleLoadData(&g->rk_module, csan_rt_kernels_image);
  if (cr != CUDA_SUCCESS) {
    snprintf(why, n, "csan's own kernels do not load on this GPU: %s", csan_rt_cu_error(cr));
    return false;
  }
  struct {
    CUfunction *f;
    const char *name;
  } kernels[] = {{&g->rk_access, CSAN_RK_ACCESS_NAME},
                 {&g->rk_fill, CSAN_RK_FILL_NAME},
                 {&g->rk_reset_page, CSAN_RK_RESET_PAGE_NAME},
                 {&g->rk_pool_reset, CSAN_RK_POOL_RESET_NAME}};
  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    cr = g->drv.cuModuleGetFunction(kernels[i].f, g->rk_module, kernels[i].name);
    if (cr != CUDA_SUCCESS) {
      snprintf(why, n, "csan's kernel %s is missing: %s", kernels[i].name, csan_rt_cu_error(cr));
      return false;
    }
  }
  return true;
}

/* Set-up, step 4: the shadow directory (empty), the pool (its header:
 * capacity, next_free = 1, no free list, nothing exhausted; csan_shadow.h)
 * and the race table (zeroed entries, then the capacity), initialized on
 * csan's stream. */
static bool make_device_memory(char *why, size_t n) {
  csan_rt *g = &csan_g;
  size_t dir_bytes = (size_t)(1u << CSAN_L1_BITS) * sizeof(uint64_t);
  if (!dev_alloc(&g->dir, dir_bytes, "shadow directory", why, n))
    return false;
  uint64_t pool_bytes = (uint64_t)g->flags.pool_mb << 20;
  uint64_t blocks = (pool_bytes - CSAN_POOL_BLOCKS_OFFSET) / sizeof(csan_pool_block);
  if (blocks > UINT32_MAX)
    blocks = UINT32_MAX;
  if (!dev_alloc(&g->pool, (size_t)pool_bytes, "shadow pool (CSAN_OPTIONS=pool_mb)", why, n))
    return false;
  unsigned char pool_hdr[CSAN_POOL_BLOCKS_OFFSET];
  memset(pool_hdr, 0, sizeof pool_hdr);
  csan_pool ph;
  memset(&ph, 0, sizeof ph);
  ph.capacity = ph.base_capacity = (uint32_t)blocks;
  ph.next_free = 1;
  csan_rt_pool_setup(ph.base_capacity, &ph.pool_notify, &ph.seg_shift); /* its growth */
  csan_rt_memerr_setup(&ph.memerr, &ph.memerr_counters); /* issue 17: kernels' memory errors */
  ph.race_notify = race_notify_setup(g);
  csan_rt_hostlog_setup(&ph.hostlog, &ph.hostlog_counters); /* issue 18: the device half */
  memcpy(pool_hdr, &ph, sizeof ph);
  g->race_cap = (uint32_t)g->flags.race_table_size;
  size_t race_bytes = CSAN_RACE_ENTRIES_OFFSET + (size_t)g->race_cap * sizeof(csan_race);
  if (!dev_alloc(&g->races, race_bytes, "race table (CSAN_OPTIONS=race_table_size)", why, n))
    return false;
  csan_race_table rh;
  memset(&rh, 0, sizeof rh);
  rh.capacity = g->race_cap;
  CUstream s = (CUstream)g->priv;
  CUresult cr = g->drv.cuMemsetD8Async((CUdeviceptr)g->dir, 0, dir_bytes, s);
  if (cr == CUDA_SUCCESS)
    cr = g->drv.cuMemcpyHtoDAsync((CUdeviceptr)g->pool, pool_hdr, sizeof pool_hdr, s);
  if (cr == CUDA_SUCCESS)
    cr = g->drv.cuMemsetD8Async((CUdeviceptr)g->races, 0, race_bytes, s);
  if (cr == CUDA_SUCCESS)
    cr = g->drv.cuMemcpyHtoDAsync((CUdeviceptr)g->races, &rh, sizeof rh, s);
  if (cr == CUDA_SUCCESS)
    cr = g->drv.cuStreamSynchronize(s);
  if (cr != CUDA_SUCCESS) {
    snprintf(why, n, "cannot initialize csan's device memory: %s", csan_rt_cu_error(cr));
    return false;
  }
  return true;
}

/* Sets the device up; on failure writes the reason to why. */
static bool setup_device(char *why, size_t n) {
  return load_driver(why, n) && make_context(why, n) && load_kernels(why, n) &&
         make_device_memory(why, n);
}

/* Called with dev_mu held and dev UNKNOWN. */
static int setup_locked(void) {
  static bool exit_registered, said_off;
  char why[512] = "";
  bool clean = cudaPeekAtLastError() == cudaSuccess;
  csan_rt_own own; /* no context of csan's yet: the capture mode only */
  csan_rt_own_begin(&own);
  bool ok = setup_device(why, sizeof why);
  if (!ok)
    free_device();
  csan_rt_own_end(&own);
  /* Whatever csan's own calls left in the last error is not the
   * application's. */
  if (clean)
    (void)cudaGetLastError();
  if (!ok) {
    if (!said_off)
      csan_log_printf("csan: no usable CUDA device (%s): this run is not checked\n", why);
    said_off = true;
    atomic_store(&csan_g.dev, CSAN_DEV_OFF);
    return CSAN_DEV_OFF;
  }
  if (!exit_registered) {
    exit_registered = true;
    atexit(exit_handler);
  }
  if (csan_g.flags.verbosity >= 1)
    csan_log_printf("csan: checking: pool %d MiB, race table %u entries\n", csan_g.flags.pool_mb,
                    csan_g.race_cap);
  atomic_store_explicit(&csan_g.dev, CSAN_DEV_READY, memory_order_release);
  return CSAN_DEV_READY;
}

bool csan_rt_device_ready(void) {
  return atomic_load_explicit(&csan_g.dev, memory_order_acquire) == CSAN_DEV_READY &&
         !atomic_load_explicit(&csan_g.exiting, memory_order_relaxed);
}

bool csan_rt_active(void) {
  csan_rt_init();
  csan_rt_errors_call(); /* an earlier launch's error the program ignored */
  int d = atomic_load_explicit(&csan_g.dev, memory_order_acquire);
  if (d == CSAN_DEV_UNKNOWN) {
    pthread_mutex_lock(&csan_g.dev_mu);
    d = atomic_load(&csan_g.dev);
    if (d == CSAN_DEV_UNKNOWN)
      d = setup_locked();
    pthread_mutex_unlock(&csan_g.dev_mu);
  }
  if (d != CSAN_DEV_READY || atomic_load_explicit(&csan_g.exiting, memory_order_relaxed))
    return false;
  csan_rt_bind_context();
  return true;
}

CUcontext csan_rt_bind_context(void) {
  CUcontext cur = NULL;
  if (csan_g.drv.cuCtxGetCurrent(&cur) != CUDA_SUCCESS)
    return NULL;
  if (cur)
    return cur;
  /* What the runtime does at a thread's first call: the primary context of
   * the thread's device (not necessarily csan's). */
  bool clean = csan_rt_err_save();
  int dev = 0;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess)
    e = cudaSetDevice(dev);
  csan_rt_err_restore(clean, e);
  if (csan_g.drv.cuCtxGetCurrent(&cur) != CUDA_SUCCESS)
    return NULL;
  return cur;
}

/* The device of context c (-1 if unknown). */
static int context_device(CUcontext c) {
  CUcontext cur = NULL;
  CUdevice d = -1;
  if (csan_g.drv.cuCtxGetCurrent(&cur) != CUDA_SUCCESS)
    return -1;
  if (cur != c && csan_g.drv.cuCtxSetCurrent(c) != CUDA_SUCCESS)
    return -1;
  if (csan_g.drv.cuCtxGetDevice(&d) != CUDA_SUCCESS)
    d = -1;
  if (cur != c)
    csan_g.drv.cuCtxSetCurrent(cur);
  return (int)d;
}

/* Work for context c is not checked: say so, once per device. */
static void not_checked(CUcontext c) {
  int dev = context_device(c);
  uint64_t bit = 1ull << (dev >= 0 && dev < 63 ? dev : 63);
  if (atomic_fetch_or(&g_warned_devices, bit) & bit)
    return;
  if (dev >= 0)
    csan_log_printf("csan: work on device %d is not checked: csan checks one device (device %d)\n",
                    dev, csan_g.device);
  else
    csan_log_printf("csan: work on another device is not checked: csan checks one device "
                    "(device %d)\n",
                    csan_g.device);
}

bool csan_rt_on_device(void) {
  CUcontext cur = csan_rt_bind_context();
  /* No context at all: the application's call fails on its own. */
  if (!cur || cur == csan_g.ctx)
    return true;
  not_checked(cur);
  return false;
}

static bool is_special_stream(cudaStream_t s) {
  return !s || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

bool csan_rt_stream_on_device(cudaStream_t s, bool pt) {
  (void)pt; /* the special handles name the current context's streams */
  if (is_special_stream(s))
    return csan_rt_on_device();
  CUcontext c = NULL;
  /* Not a stream: the application's call fails on its own. */
  if (csan_g.drv.cuStreamGetCtx((CUstream)s, &c) != CUDA_SUCCESS || !c || c == csan_g.ctx)
    return true;
  not_checked(c);
  return false;
}

bool csan_rt_work_on_device(cudaStream_t s, bool pt) {
  if (!csan_rt_on_device())
    return false;
  return is_special_stream(s) || csan_rt_stream_on_device(s, pt);
}

void csan_rt_device_lost(void) {
  pthread_mutex_lock(&csan_g.dev_mu);
  csan_rt_shadow_forget();
  csan_rt_twins_forget();
  csan_rt_vars_forget();
  csan_rt_report_forget();
  csan_rt_memerr_forget();    /* issue 17: the ring and counters went with the context */
  csan_rt_hostlog_forget();   /* issue 18: so did the host-memory log */
  csan_rt_quarantine_forget(); /* and the blocks csan held back */
  csan_rt_pool_forget();       /* and the pool's segments */
  /* The reset freed them; nothing to free. */
  csan_g.races = csan_g.pool = csan_g.dir = 0;
  csan_g.priv = NULL;
  csan_g.rk_module = NULL;
  csan_g.ctx = NULL;
  atomic_store(&csan_g.dev, CSAN_DEV_UNKNOWN);
  pthread_mutex_unlock(&csan_g.dev_mu);
}

/* ------------------------------------------------------------------------
 * Exit.
 * ---------------------------------------------------------------------- */

typedef struct exit_wait {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool done;
  cudaError_t result;
} exit_wait;

static void *exit_sync_thread(void *arg) {
  exit_wait *w = arg;
  csan_rt_own own;
  csan_rt_own_begin(&own); /* a new thread: csan's device, not the runtime's default */
  cudaError_t e = cudaDeviceSynchronize();
  csan_rt_own_end(&own);
  pthread_mutex_lock(&w->mu);
  w->done = true;
  w->result = e;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
  return NULL;
}

/* Waits for the work the host has not observed yet, at most
 * CSAN_EXIT_WAIT_SECONDS: a cudaDeviceSynchronize on a helper thread, so a
 * kernel that never ends cannot hang the exit. */
static void wait_for_work(void) {
  csan_vc all, complete;
  csan_model_device_clock(csan_g.model, &all);
  csan_model_done_clock(csan_g.model, &complete);
  bool pending = false;
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS && !pending; s++)
    pending = all.c[s] > complete.c[s];
  if (!pending)
    return;
  /* Leaked on a timeout: the helper may still be inside CUDA. */
  exit_wait *w = calloc(1, sizeof *w);
  pthread_t t;
  bool started = false;
  if (w) {
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    started = pthread_create(&t, NULL, exit_sync_thread, w) == 0;
  }
  bool done = false;
  cudaError_t result = cudaErrorUnknown;
  if (started) {
    pthread_detach(t);
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += CSAN_EXIT_WAIT_SECONDS;
    pthread_mutex_lock(&w->mu);
    while (!w->done) {
      if (pthread_cond_timedwait(&w->cv, &w->mu, &deadline) == ETIMEDOUT)
        break;
    }
    done = w->done;
    result = w->result;
    pthread_mutex_unlock(&w->mu);
  }
  if (!done) {
    csan_log_printf("csan: work still running at exit; reports for it may be missing\n");
    return;
  }
  free(w);
  if (result == cudaSuccess)
    csan_model_complete(csan_g.model, &all);
}

static void exit_handler(void) {
  if (atomic_exchange(&csan_g.exiting, true))
    return;
  if (atomic_load(&csan_g.dev) == CSAN_DEV_READY) {
    csan_rt_bind_context();
    wait_for_work();
    csan_rt_drain();
  }
  csan_rt_hostlog_exit();
  csan_rt_errors_exit();
  int status = csan_rt_finish();
  if (status >= 0) {
    fflush(NULL);
    _exit(status);
  }
}
