/* fake_cuda.c: a CUDA runtime (and the driver entry points csan asks it for)
 * on the CPU, to test csan's host runtime without a GPU. Interface for tests:
 * fake_cuda.h.
 *
 * Built as libcudart.so.13 with the version node libcudart.so.13, so
 * libcsan_rt.so (linked against the real libcudart) binds to it when it comes
 * first in the library path. It is deliberately simple and honest:
 *  - device memory is host memory from one reserved arena (device pointers
 *    are host pointers, so csan's shadow lives in host memory and the CPU
 *    engine works on it directly); freed blocks are reused by size, as a
 *    caching allocator would, so addresses come back;
 *  - every stream operation runs completely at issue time, so nothing is
 *    ever running: synchronizations return at once, and what csan reports
 *    depends only on the ordering it models, never on timing;
 *  - csan's own kernels (csan_rt_kernels.h) run on the CPU with the very
 *    engine the GPU runs, walking the same work items as the CUDA kernels;
 *  - user kernels are registered by the test; launching one records the
 *    launch (and the context csan built) and calls the test's body;
 *  - programs a CUDA compiler built register their kernels themselves
 *    (__cudaRegisterFatBinary, __cudaRegisterFunction): the fake reads the
 *    kernels and their twins from the fat binary's PTX, and runs a kernel's
 *    body only if the program gave it one (fake_cuda_kernel_body).
 * Whatever the fake does not implement is not faked: it fails loudly.
 */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "csan_cuda_api.h"
#include "csan_rt_kernels.h"
#include "csan_shadow_cpu_platform.h"
#include "csan_memerr_dev.h"
#include "csan_hostlog_dev.h"
#include "fake_cuda.h"

#define FAKE_EXPORT __attribute__((visibility("default")))
#define ARENA_BYTES (16ull << 30)
#define DEVICE_ALIGN 512u

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static int g_no_device, g_no_image, g_sync_sleep, g_copy_sleep_ms, g_no_exec, g_own_delay_ms;
static int g_ndevices = 1;
static __thread cudaError_t tl_last_error;
/* Errors and faults (the section "Faults, launch errors, progress markers"). */
static _Atomic int g_sticky;
static int stream_hung(const void *s);

/* ------------------------------------------------------------------------
 * Counters.
 * ---------------------------------------------------------------------- */

typedef struct counter {
  const char *name;
  unsigned long n;
} counter;
static counter g_counters[256];
static size_t g_ncounters;
static pthread_mutex_t g_count_mu = PTHREAD_MUTEX_INITIALIZER;

/* Counter of each name pointer seen (names are string literals, so one
 * call site always passes the same pointer): a lookup is a hash of the
 * pointer, not a string compare per counter, so the fake's own cost stays
 * small next to what host-side benchmarks measure (bench/host). */
#define ALIASES 1024
static struct {
  const char *p;
  size_t idx;
} g_alias[ALIASES];

static void tally(const char *name) {
  pthread_mutex_lock(&g_count_mu);
  size_t h = ((uintptr_t)name >> 3) * 0x9e3779b97f4a7c15ull >> 54;
  for (size_t k = 0; k < ALIASES; k++, h = (h + 1) % ALIASES) {
    if (g_alias[h].p == name) {
      g_counters[g_alias[h].idx].n++;
      pthread_mutex_unlock(&g_count_mu);
      return;
    }
    if (!g_alias[h].p)
      break;
  }
  size_t i;
  for (i = 0; i < g_ncounters; i++)
    if (!strcmp(g_counters[i].name, name))
      break;
  if (i == g_ncounters && g_ncounters < 256)
    g_counters[g_ncounters++].name = name;
  if (i < 256) {
    g_counters[i].n++;
    if (!g_alias[h].p) {
      g_alias[h].p = name;
      g_alias[h].idx = i;
    }
  }
  pthread_mutex_unlock(&g_count_mu);
}

/* Test hooks: a function run once, the next time the named entry point is
 * entered (before it does anything). */
typedef struct hook {
  const char *name;
  void (*fn)(void *);
  void *arg;
} hook;
static hook g_hooks[8];
static pthread_mutex_t g_hook_mu = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int g_nhooks; /* hooks set and not run yet */

FAKE_EXPORT void fake_cuda_set_hook(const char *name, void (*fn)(void *), void *arg) {
  pthread_mutex_lock(&g_hook_mu);
  size_t i = 0;
  while (i < 8 && g_hooks[i].name)
    i++;
  if (i == 8)
    abort();
  g_hooks[i] = (hook){name, fn, arg};
  atomic_fetch_add(&g_nhooks, 1);
  pthread_mutex_unlock(&g_hook_mu);
}

static void fake_hook_run(const char *name) {
  if (!atomic_load_explicit(&g_nhooks, memory_order_relaxed))
    return;
  hook h = {NULL, NULL, NULL};
  pthread_mutex_lock(&g_hook_mu);
  for (size_t i = 0; i < 8; i++)
    if (g_hooks[i].name && !strcmp(g_hooks[i].name, name)) {
      h = g_hooks[i];
      g_hooks[i].name = NULL;
      atomic_fetch_sub(&g_nhooks, 1);
      break;
    }
  pthread_mutex_unlock(&g_hook_mu);
  if (h.fn)
    h.fn(h.arg);
}

FAKE_EXPORT unsigned long fake_cuda_count(const char *name) {
  unsigned long n = 0;
  pthread_mutex_lock(&g_count_mu);
  for (size_t i = 0; i < g_ncounters; i++)
    if (!strcmp(g_counters[i].name, name))
      n = g_counters[i].n;
  pthread_mutex_unlock(&g_count_mu);
  return n;
}

static _Noreturn void fake_fatal(const char *fmt, ...);
static void fake_report(void);

static double wall_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void init_env(void) {
  const char *v = getenv("FAKE_CUDA_NO_DEVICE");
  g_no_device = v && *v && strcmp(v, "0");
  v = getenv("FAKE_CUDA_NO_KERNEL_IMAGE");
  g_no_image = v && *v && strcmp(v, "0");
  v = getenv("FAKE_CUDA_SYNC_SLEEP");
  g_sync_sleep = v ? atoi(v) : 0;
  v = getenv("FAKE_CUDA_COPY_SLEEP_MS");
  g_copy_sleep_ms = v ? atoi(v) : 0;
  v = getenv("FAKE_CUDA_DEVICES");
  g_ndevices = v ? atoi(v) : 1;
  if (g_ndevices < 1 || g_ndevices > FAKE_MAX_DEVICES)
    fake_fatal("FAKE_CUDA_DEVICES must be 1..%d", FAKE_MAX_DEVICES);
  v = getenv("FAKE_CUDA_REPORT");
  if (v && *v && strcmp(v, "0"))
    atexit(fake_report);
  v = getenv("FAKE_CUDA_NO_EXEC");
  g_no_exec = v && *v && strcmp(v, "0");
  v = getenv("FAKE_CUDA_OWN_DELAY_MS");
  g_own_delay_ms = v ? atoi(v) : 0;
}

static _Noreturn void fake_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fake_cuda: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

/* ------------------------------------------------------------------------
 * Contexts: one primary context per device (FAKE_CUDA_DEVICES), bound per
 * thread by runtime calls as the real runtime does: the first runtime call
 * of a thread binds the context of the thread's current device
 * (cudaSetDevice; device 0 until then).
 * ---------------------------------------------------------------------- */

#define CTX_MAGIC 0x43545854u

typedef struct fake_ctx {
  uint32_t magic;
  int device;
} fake_ctx;

static fake_ctx g_ctxs[FAKE_MAX_DEVICES] = {
    {CTX_MAGIC, 0}, {CTX_MAGIC, 1}, {CTX_MAGIC, 2}, {CTX_MAGIC, 3}};
static __thread CUcontext tl_ctx;
static __thread int tl_device;

static fake_ctx *ctx_of(CUcontext c) {
  fake_ctx *f = (fake_ctx *)c;
  for (int i = 0; i < g_ndevices; i++)
    if (f == &g_ctxs[i])
      return f;
  return NULL;
}

/* The device the calling thread works on: its current context's. */
static int cur_device(void) {
  fake_ctx *c = ctx_of(tl_ctx);
  return c ? c->device : tl_device;
}

/* Every runtime entry point starts here. */
#define RT_ENTER(name)                                                                         \
  do {                                                                                         \
    pthread_once(&g_once, init_env);                                                           \
    tally(name);                                                                               \
    fake_hook_run(name);                                                                       \
    if (g_no_device)                                                                           \
      return (tl_last_error = cudaErrorNoDevice);                                              \
    if (g_sticky)                                                                              \
      return (tl_last_error = (cudaError_t)g_sticky);                                          \
    if (!tl_ctx)                                                                               \
      tl_ctx = (CUcontext)&g_ctxs[tl_device];                                                  \
  } while (0)

static cudaError_t rt_fail(cudaError_t e) {
  tl_last_error = e;
  return e;
}

/* Driver calls need a current context. */
#define DRV_ENTER(name)                                                                        \
  do {                                                                                         \
    pthread_once(&g_once, init_env);                                                           \
    tally(name);                                                                               \
    fake_hook_run(name);                                                                       \
    if (!ctx_of(tl_ctx))                                                                       \
      return CUDA_ERROR_INVALID_CONTEXT;                                                       \
    if (g_sticky)                                                                              \
      return (CUresult)g_sticky;                                                               \
  } while (0)

/* ------------------------------------------------------------------------
 * Memory.
 * ---------------------------------------------------------------------- */

enum mem_kind { MEM_DEVICE = 1, MEM_MANAGED, MEM_ASYNC, MEM_PINNED, MEM_REGISTERED, MEM_SYMBOL };

typedef struct block {
  char *ptr;
  size_t size; /* as asked */
  size_t cap;  /* as carved from the arena */
  int kind;
  int live;
  int dev;     /* the device it was allocated on */
} block;

/* Small blocks are carved from the bottom of the arena, large ones (csan's
 * shadow pages and pool among them) from its upper half, so small
 * allocations share 2 MiB pages as a real allocator's do. */
#define LARGE_BLOCK (1u << 20)
static char *g_arena;
static size_t g_arena_used, g_arena_large = ARENA_BYTES / 2;
static block *g_blocks;
static size_t g_nblocks, g_blocks_cap;
static uint64_t g_device_bytes;

static block *block_new(void) {
  if (g_nblocks == g_blocks_cap) {
    size_t cap = g_blocks_cap ? 2 * g_blocks_cap : 256;
    block *v = realloc(g_blocks, cap * sizeof *v);
    if (!v)
      fake_fatal("out of memory");
    g_blocks = v;
    g_blocks_cap = cap;
  }
  block *b = &g_blocks[g_nblocks++];
  memset(b, 0, sizeof *b);
  return b;
}

/* Device-side memory from the arena; a freed block of the same size is
 * handed out again first (most recently freed first). g_mu held. */
static void *dev_alloc_locked(size_t size, int kind) {
  if (!g_arena) {
    g_arena = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (g_arena == MAP_FAILED)
      fake_fatal("cannot reserve the device arena");
  }
  size_t cap = (size ? size + DEVICE_ALIGN - 1 : DEVICE_ALIGN) & ~(size_t)(DEVICE_ALIGN - 1);
  for (size_t i = g_nblocks; i-- > 0;) {
    block *b = &g_blocks[i];
    if (!b->live && b->cap == cap && b->kind != MEM_PINNED && b->kind != MEM_REGISTERED) {
      b->live = 1;
      b->size = size;
      b->kind = kind;
      b->dev = cur_device();
      g_device_bytes += cap;
      return b->ptr;
    }
  }
  size_t *used = cap >= LARGE_BLOCK ? &g_arena_large : &g_arena_used;
  if (*used + cap > (cap >= LARGE_BLOCK ? ARENA_BYTES : ARENA_BYTES / 2))
    return NULL;
  block *b = block_new();
  b->ptr = g_arena + *used;
  *used += cap;
  b->size = size;
  b->cap = cap;
  b->kind = kind;
  b->live = 1;
  b->dev = cur_device();
  g_device_bytes += cap;
  return b->ptr;
}

static void *dev_alloc(size_t size, int kind) {
  pthread_mutex_lock(&g_mu);
  void *p = dev_alloc_locked(size, kind);
  pthread_mutex_unlock(&g_mu);
  return p;
}

/* The live block holding all of [p, p + n), n >= 1. g_mu held. */
static block *block_find_locked(const void *p, size_t n) {
  const char *c = p;
  for (size_t i = 0; i < g_nblocks; i++) {
    block *b = &g_blocks[i];
    if (b->live && c >= b->ptr && c < b->ptr + b->size && n <= (size_t)(b->ptr + b->size - c))
      return b;
  }
  return NULL;
}

static int block_kind(const void *p, size_t n) {
  pthread_mutex_lock(&g_mu);
  block *b = block_find_locked(p, n);
  int k = b ? b->kind : 0;
  pthread_mutex_unlock(&g_mu);
  return k;
}

/* Device code on `dev` dereferences [p, p + n): it must be device memory of
 * that device. Anything else is the illegal address a GPU would fault on
 * (a sticky error that ends the process's use of CUDA): the fake aborts. */
static void device_use(int dev, uint64_t p, size_t n, const char *what) {
  pthread_mutex_lock(&g_mu);
  block *b = block_find_locked((const void *)(uintptr_t)p, n ? n : 1);
  int ok = b && b->kind != MEM_PINNED && b->kind != MEM_REGISTERED && b->dev == dev;
  int owner = b ? b->dev : -1;
  pthread_mutex_unlock(&g_mu);
  if (!ok)
    fake_fatal("illegal address: a kernel on device %d used %s at %#llx (memory of device %d)",
               dev, what, (unsigned long long)p, owner);
}

/* Frees the live block starting at p whose kind is in `kinds` (a mask). */
static cudaError_t block_free(void *p, unsigned kinds) {
  pthread_mutex_lock(&g_mu);
  cudaError_t e = cudaErrorInvalidValue;
  for (size_t i = 0; i < g_nblocks; i++) {
    block *b = &g_blocks[i];
    if (b->live && b->ptr == p && (kinds & (1u << b->kind))) {
      b->live = 0;
      if (b->kind < MEM_PINNED)
        g_device_bytes -= b->cap;
      e = cudaSuccess;
      break;
    }
  }
  pthread_mutex_unlock(&g_mu);
  return e;
}

#define DEVICE_KINDS ((1u << MEM_DEVICE) | (1u << MEM_MANAGED) | (1u << MEM_ASYNC))

FAKE_EXPORT uint64_t fake_cuda_block_asked(const void *p) {
  uint64_t n = 0;
  pthread_mutex_lock(&g_mu);
  for (size_t i = 0; i < g_nblocks && !n; i++)
    if (g_blocks[i].live && g_blocks[i].ptr == p)
      n = g_blocks[i].size;
  pthread_mutex_unlock(&g_mu);
  return n;
}

FAKE_EXPORT int fake_cuda_block_range(const void *p, uint64_t *base, uint64_t *size) {
  pthread_mutex_lock(&g_mu);
  block *b = block_find_locked(p, 1);
  int found = b && b->kind != MEM_PINNED && b->kind != MEM_REGISTERED;
  if (found) {
    *base = (uint64_t)(uintptr_t)b->ptr;
    *size = b->size;
  }
  pthread_mutex_unlock(&g_mu);
  return found;
}

FAKE_EXPORT uint64_t fake_cuda_device_bytes(void) {
  pthread_mutex_lock(&g_mu);
  uint64_t n = g_device_bytes;
  pthread_mutex_unlock(&g_mu);
  return n;
}

/* ------------------------------------------------------------------------
 * Streams, events, graphs.
 * ---------------------------------------------------------------------- */

#define STREAM_MAGIC 0x5354524du
#define EVENT_MAGIC 0x45564e54u

typedef struct fake_stream {
  uint32_t magic;
  unsigned flags;
  int capturing;
  CUcontext ctx; /* the context current when it was created */
  enum cudaStreamCaptureMode capture_mode;
  unsigned long capture_thread; /* the thread that began the capture */
  int invalidated;              /* an unsafe call broke the capture */
  double busy_until;            /* FAKE_CUDA_OWN_DELAY_MS: csan's kernels still "run" */
} fake_stream;

typedef struct fake_event {
  uint32_t magic;
  unsigned flags;
  int recorded;
  CUcontext ctx;
  double ms; /* when it was last recorded (the fake's work is done by then) */
} fake_event;

/* The graph section (below) keeps what each capture made. */
static void capture_started(fake_stream *f);
static int capture_rk_check(const CUlaunchConfig *cfg, CUfunction f, void **params);
struct fake_graph;
static struct fake_graph *capture_finished(fake_stream *f, int *unjoined);
static int capture_kernel(cudaStream_t s, const void *func, const unsigned grid[3],
                          const unsigned block[3], size_t shmem, void **args);
static int capture_copy(cudaStream_t s, void *d, const void *src, size_t bytes);
static int capture_set(cudaStream_t s, void *d, int v, size_t bytes);
static int capture_host(cudaStream_t s, cudaHostFn_t fn, void *data);
static int capture_record(cudaEvent_t e, cudaStream_t s);
static int capture_wait(cudaStream_t s, cudaEvent_t e);

static int is_special(cudaStream_t s) {
  return !s || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

static fake_stream *stream_of(cudaStream_t s) {
  if (is_special(s))
    return NULL;
  fake_stream *f = (fake_stream *)s;
  return f->magic == STREAM_MAGIC ? f : NULL;
}

static int stream_ok(cudaStream_t s) {
  return is_special(s) || stream_of(s);
}

static fake_event *event_of(cudaEvent_t e) {
  fake_event *f = (fake_event *)e;
  return f && f->magic == EVENT_MAGIC ? f : NULL;
}

/* Every stream and event ever made (destroyed ones keep magic 0): the
 * memory is never freed, so a stale handle stays readable and invalid. */
static fake_stream *stream_new(unsigned flags) {
  fake_stream *s = calloc(1, sizeof *s);
  s->magic = STREAM_MAGIC;
  s->flags = flags;
  s->ctx = tl_ctx;
  return s;
}

/* The context of a stream handle: its own, or for the special handles the
 * calling thread's current one. */
static CUcontext stream_ctx(cudaStream_t s) {
  fake_stream *f = stream_of(s);
  return f ? f->ctx : tl_ctx;
}

FAKE_EXPORT cudaError_t cudaStreamCreate(cudaStream_t *p) {
  RT_ENTER("cudaStreamCreate");
  *p = (cudaStream_t)stream_new(cudaStreamDefault);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamCreateWithFlags(cudaStream_t *p, unsigned int flags) {
  RT_ENTER("cudaStreamCreateWithFlags");
  *p = (cudaStream_t)stream_new(flags);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamCreateWithPriority(cudaStream_t *p, unsigned int flags,
                                                     int priority) {
  RT_ENTER("cudaStreamCreateWithPriority");
  (void)priority;
  *p = (cudaStream_t)stream_new(flags);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamDestroy(cudaStream_t s) {
  RT_ENTER("cudaStreamDestroy");
  fake_stream *f = stream_of(s);
  if (!f)
    return rt_fail(cudaErrorInvalidResourceHandle);
  f->magic = 0;
  return cudaSuccess;
}

static cudaError_t stream_wait_event(cudaStream_t s, cudaEvent_t e) {
  if (!stream_ok(s) || !event_of(e))
    return rt_fail(cudaErrorInvalidResourceHandle);
  capture_wait(s, e);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int flags) {
  RT_ENTER("cudaStreamWaitEvent");
  (void)flags;
  return stream_wait_event(s, e);
}

FAKE_EXPORT cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t s, cudaEvent_t e,
                                                 unsigned int flags) {
  RT_ENTER("cudaStreamWaitEvent_ptsz");
  (void)flags;
  return stream_wait_event(s, e);
}

static cudaError_t stream_sync(cudaStream_t s) {
  fake_stream *f = stream_of(s);
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (f && f->capturing)
    return rt_fail(cudaErrorStreamCaptureUnsupported);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  RT_ENTER("cudaStreamSynchronize");
  return stream_sync(s);
}

FAKE_EXPORT cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t s) {
  RT_ENTER("cudaStreamSynchronize_ptsz");
  return stream_sync(s);
}

FAKE_EXPORT cudaError_t cudaStreamQuery(cudaStream_t s) {
  RT_ENTER("cudaStreamQuery");
  return stream_sync(s);
}

FAKE_EXPORT cudaError_t cudaStreamQuery_ptsz(cudaStream_t s) {
  RT_ENTER("cudaStreamQuery_ptsz");
  return stream_sync(s);
}

FAKE_EXPORT cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb, void *data,
                                              unsigned int flags) {
  RT_ENTER("cudaStreamAddCallback");
  (void)flags;
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  cb(s, cudaSuccess, data);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t s, cudaStreamCallback_t cb,
                                                   void *data, unsigned int flags) {
  RT_ENTER("cudaStreamAddCallback_ptsz");
  (void)flags;
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  cb(s, cudaSuccess, data);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaLaunchHostFunc(cudaStream_t s, cudaHostFn_t fn, void *data) {
  RT_ENTER("cudaLaunchHostFunc");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (capture_host(s, fn, data))
    return cudaSuccess;
  fn(data);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t s, cudaHostFn_t fn, void *data) {
  RT_ENTER("cudaLaunchHostFunc_ptsz");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (capture_host(s, fn, data))
    return cudaSuccess;
  fn(data);
  return cudaSuccess;
}

static cudaError_t event_create(cudaEvent_t *e, unsigned flags) {
  fake_event *f = calloc(1, sizeof *f);
  f->magic = EVENT_MAGIC;
  f->flags = flags;
  f->ctx = tl_ctx;
  *e = (cudaEvent_t)f;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaEventCreate(cudaEvent_t *e) {
  RT_ENTER("cudaEventCreate");
  return event_create(e, 0);
}

FAKE_EXPORT cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int flags) {
  RT_ENTER("cudaEventCreateWithFlags");
  return event_create(e, flags);
}

FAKE_EXPORT cudaError_t cudaEventDestroy(cudaEvent_t e) {
  RT_ENTER("cudaEventDestroy");
  fake_event *f = event_of(e);
  if (!f)
    return rt_fail(cudaErrorInvalidResourceHandle);
  f->magic = 0;
  return cudaSuccess;
}

static cudaError_t event_record(cudaEvent_t e, cudaStream_t s) {
  fake_event *f = event_of(e);
  if (!f || !stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (capture_record(e, s))
    return cudaSuccess;
  f->recorded = 1;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  f->ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) {
  RT_ENTER("cudaEventElapsedTime");
  fake_event *a = event_of(start), *b = event_of(end);
  if (!a || !b || !ms)
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (!a->recorded || !b->recorded || (a->flags & cudaEventDisableTiming) ||
      (b->flags & cudaEventDisableTiming))
    return rt_fail(cudaErrorInvalidResourceHandle);
  *ms = (float)(b->ms - a->ms);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) {
  RT_ENTER("cudaEventRecord");
  return event_record(e, s);
}

FAKE_EXPORT cudaError_t cudaEventRecord_ptsz(cudaEvent_t e, cudaStream_t s) {
  RT_ENTER("cudaEventRecord_ptsz");
  return event_record(e, s);
}

FAKE_EXPORT cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s,
                                                 unsigned int flags) {
  RT_ENTER("cudaEventRecordWithFlags");
  (void)flags;
  return event_record(e, s);
}

FAKE_EXPORT cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t e, cudaStream_t s,
                                                      unsigned int flags) {
  RT_ENTER("cudaEventRecordWithFlags_ptsz");
  (void)flags;
  return event_record(e, s);
}

FAKE_EXPORT cudaError_t cudaEventQuery(cudaEvent_t e) {
  RT_ENTER("cudaEventQuery");
  return event_of(e) ? cudaSuccess : rt_fail(cudaErrorInvalidResourceHandle);
}

FAKE_EXPORT cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  RT_ENTER("cudaEventSynchronize");
  return event_of(e) ? cudaSuccess : rt_fail(cudaErrorInvalidResourceHandle);
}

/* Captures in progress, and the rules of cudaThreadExchangeStreamCaptureMode
 * for "potentially unsafe" calls: a thread in Global mode may not make one
 * while any thread captures in Global mode, nor (Global or ThreadLocal)
 * while it captures itself in a mode that is not Relaxed; Relaxed may. An
 * unsafe call that is not allowed fails and invalidates those captures (the
 * end of the capture then fails). The fake counts as unsafe: synchronous
 * allocations and frees, device synchronization, synchronous copies and
 * sets, and the driver's copies, sets and stream synchronizations (what
 * csan uses for its own work: conservatively, so csan must opt out). */
#define MAX_CAPTURES 16
static fake_stream *g_captures[MAX_CAPTURES];
static _Atomic unsigned long g_next_thread_id = 1;
static __thread unsigned long tl_thread_id;
static __thread enum cudaStreamCaptureMode tl_capture_mode = cudaStreamCaptureModeGlobal;

static unsigned long thread_id(void) {
  if (!tl_thread_id)
    tl_thread_id = atomic_fetch_add(&g_next_thread_id, 1);
  return tl_thread_id;
}

/* True (and the captures in the way invalidated) when the calling thread
 * may not make a potentially unsafe call now. */
static int capture_forbids(void) {
  if (tl_capture_mode == cudaStreamCaptureModeRelaxed)
    return 0;
  int forbidden = 0;
  pthread_mutex_lock(&g_mu);
  for (int i = 0; i < MAX_CAPTURES; i++) {
    fake_stream *c = g_captures[i];
    if (!c || c->capture_mode == cudaStreamCaptureModeRelaxed)
      continue;
    if (c->capture_thread == thread_id() ||
        (tl_capture_mode == cudaStreamCaptureModeGlobal &&
         c->capture_mode == cudaStreamCaptureModeGlobal)) {
      c->invalidated = 1;
      forbidden = 1;
    }
  }
  pthread_mutex_unlock(&g_mu);
  if (forbidden)
    tally("capture:invalidated");
  return forbidden;
}

#define RT_UNSAFE()                                                                            \
  do {                                                                                         \
    if (capture_forbids())                                                                     \
      return rt_fail(cudaErrorStreamCaptureUnsupported);                                       \
  } while (0)

#define DRV_UNSAFE()                                                                           \
  do {                                                                                         \
    if (capture_forbids())                                                                     \
      return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;                                            \
  } while (0)

FAKE_EXPORT cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode) {
  RT_ENTER("cudaThreadExchangeStreamCaptureMode");
  if (!mode || (unsigned)*mode > cudaStreamCaptureModeRelaxed)
    return rt_fail(cudaErrorInvalidValue);
  enum cudaStreamCaptureMode old = tl_capture_mode;
  tl_capture_mode = *mode;
  *mode = old;
  return cudaSuccess;
}

static void capture_started_in(fake_stream *f, cudaGraph_t g, const cudaGraphNode_t *deps,
                               size_t n);

static cudaError_t begin_capture_to(cudaStream_t s, enum cudaStreamCaptureMode mode,
                                    cudaGraph_t to, const cudaGraphNode_t *deps, size_t n);

static cudaError_t begin_capture(cudaStream_t s, enum cudaStreamCaptureMode mode) {
  return begin_capture_to(s, mode, NULL, NULL, 0);
}

static cudaError_t begin_capture_to(cudaStream_t s, enum cudaStreamCaptureMode mode,
                                    cudaGraph_t to, const cudaGraphNode_t *deps, size_t n) {
  fake_stream *f = stream_of(s);
  if (!f)
    return rt_fail(cudaErrorStreamCaptureUnsupported); /* special streams cannot be captured */
  pthread_mutex_lock(&g_mu);
  int i = 0;
  while (i < MAX_CAPTURES && g_captures[i])
    i++;
  if (i == MAX_CAPTURES)
    fake_fatal("too many captures");
  g_captures[i] = f;
  f->capturing = 1;
  f->capture_mode = mode;
  f->capture_thread = thread_id();
  f->invalidated = 0;
  pthread_mutex_unlock(&g_mu);
  if (to)
    capture_started_in(f, to, deps, n);
  else
    capture_started(f);
  return cudaSuccess;
}

static cudaError_t end_capture(cudaStream_t s, cudaGraph_t *g) {
  fake_stream *f = stream_of(s);
  if (!f || !f->capturing)
    return rt_fail(cudaErrorIllegalState);
  pthread_mutex_lock(&g_mu);
  for (int i = 0; i < MAX_CAPTURES; i++)
    if (g_captures[i] == f)
      g_captures[i] = NULL;
  f->capturing = 0;
  int invalidated = f->invalidated;
  pthread_mutex_unlock(&g_mu);
  int unjoined = 0;
  struct fake_graph *graph = capture_finished(f, &unjoined);
  if (invalidated || unjoined) {
    *g = NULL;
    return rt_fail(invalidated ? cudaErrorStreamCaptureInvalidated
                               : cudaErrorStreamCaptureUnjoined);
  }
  *g = (cudaGraph_t)(void *)graph;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamBeginCapture(cudaStream_t s, enum cudaStreamCaptureMode mode) {
  RT_ENTER("cudaStreamBeginCapture");
  return begin_capture(s, mode);
}

FAKE_EXPORT cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t s,
                                                    enum cudaStreamCaptureMode mode) {
  RT_ENTER("cudaStreamBeginCapture_ptsz");
  return begin_capture(s, mode);
}

FAKE_EXPORT cudaError_t cudaStreamEndCapture(cudaStream_t s, cudaGraph_t *g) {
  RT_ENTER("cudaStreamEndCapture");
  return end_capture(s, g);
}

FAKE_EXPORT cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t s, cudaGraph_t *g) {
  RT_ENTER("cudaStreamEndCapture_ptsz");
  return end_capture(s, g);
}

/* ------------------------------------------------------------------------
 * Device-wide, errors, properties.
 * ---------------------------------------------------------------------- */

FAKE_EXPORT cudaError_t cudaGetDeviceCount(int *n) {
  RT_ENTER("cudaGetDeviceCount");
  *n = g_ndevices;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGetDevice(int *d) {
  RT_ENTER("cudaGetDevice");
  *d = cur_device();
  return cudaSuccess;
}

/* Makes the device's primary context current on the calling thread. */
FAKE_EXPORT cudaError_t cudaSetDevice(int d) {
  RT_ENTER("cudaSetDevice");
  if (d < 0 || d >= g_ndevices)
    return rt_fail(cudaErrorInvalidDevice);
  tl_device = d;
  tl_ctx = (CUcontext)&g_ctxs[d];
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr attr, int dev) {
  RT_ENTER("cudaDeviceGetAttribute");
  if (dev < 0 || dev >= g_ndevices)
    return rt_fail(cudaErrorInvalidDevice);
  *v = attr == cudaDevAttrMultiProcessorCount ? 4 : 0;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaDeviceSynchronize(void) {
  RT_ENTER("cudaDeviceSynchronize");
  RT_UNSAFE();
  if (g_sync_sleep > 0)
    sleep((unsigned)g_sync_sleep);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGetLastError(void) {
  pthread_once(&g_once, init_env);
  cudaError_t e = g_sticky ? (cudaError_t)g_sticky : tl_last_error;
  tl_last_error = cudaSuccess;
  return e;
}

FAKE_EXPORT cudaError_t cudaPeekAtLastError(void) {
  pthread_once(&g_once, init_env);
  return g_sticky ? (cudaError_t)g_sticky : tl_last_error;
}

FAKE_EXPORT const char *cudaGetErrorString(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "no error";
  case cudaErrorInvalidValue: return "invalid argument";
  case cudaErrorMemoryAllocation: return "out of memory";
  case cudaErrorNoDevice: return "no CUDA-capable device is detected";
  case cudaErrorInvalidResourceHandle: return "invalid resource handle";
  case cudaErrorInvalidSymbol: return "invalid device symbol";
  case cudaErrorInvalidDeviceFunction: return "invalid device function";
  case cudaErrorStreamCaptureUnsupported: return "operation not permitted when stream is capturing";
  case cudaErrorStreamCaptureInvalidated:
    return "operation failed due to a previous error during capture";
  case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
  case cudaErrorInvalidConfiguration: return "invalid configuration argument";
  case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
  case cudaErrorAssert: return "device-side assert triggered";
  case cudaErrorLaunchFailure: return "unspecified launch failure";
  case cudaErrorMisalignedAddress: return "misaligned address";
  case cudaErrorIllegalInstruction: return "an illegal instruction was encountered";
  default: return "fake CUDA error";
  }
}

static CUresult drv_get_error_string(CUresult r, const char **s) {
  switch (r) {
  case CUDA_SUCCESS: *s = "no error"; break;
  case CUDA_ERROR_INVALID_VALUE: *s = "invalid argument"; break;
  case CUDA_ERROR_INVALID_CONTEXT: *s = "invalid device context"; break;
  case CUDA_ERROR_NO_BINARY_FOR_GPU: *s = "no kernel image is available for execution on the device"; break;
  case CUDA_ERROR_NOT_FOUND: *s = "named symbol not found"; break;
  case CUDA_ERROR_INVALID_HANDLE: *s = "invalid resource handle"; break;
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: *s = "too many resources requested for launch"; break;
  case CUDA_ERROR_NOT_PERMITTED: *s = "operation not permitted"; break;
  case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED:
    *s = "operation not permitted when stream is capturing";
    break;
  default: *s = "fake CUDA driver error"; break;
  }
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------------
 * Kernels and modules.
 * ---------------------------------------------------------------------- */

#define FUNC_MAGIC 0x46554e43u
#define MODULE_MAGIC 0x4d4f444cu

enum func_kind { FN_USER, FN_TWIN, FN_RK_ACCESS, FN_RK_FILL, FN_RK_RESET_PAGE, FN_RK_POOL_RESET };

/* Functions and modules are per device (per context), as in CUDA: a
 * kernel has one CUfunction on each device, and a function of one device
 * does not launch on another. */
typedef struct fake_kernel fake_kernel;
typedef struct fake_func {
  uint32_t magic;
  int kind;
  int device;
  fake_kernel *kernel;
  int attr[CU_FUNC_ATTRIBUTE_MAX]; /* CU_FUNC_ATTRIBUTE_* */
} fake_func;

/* A function as a module load makes it: 48 KiB of dynamic shared memory
 * without opting in, no carveout preference, no cluster requirements. */
static fake_func func_make(int kind, int device, fake_kernel *k) {
  fake_func f;
  memset(&f, 0, sizeof f);
  f.magic = FUNC_MAGIC;
  f.kind = kind;
  f.device = device;
  f.kernel = k;
  f.attr[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK] = 1024;
  f.attr[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES] = 48 << 10;
  f.attr[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT] = -1;
  return f;
}

struct fake_kernel {
  const void *stub;
  char *name, *twin_name;
  int twin, nparams;
  fake_kernel_body body;
  fake_func k[FAKE_MAX_DEVICES], t[FAKE_MAX_DEVICES];
  /* Kernels of a compiled program (__cudaRegisterFunction): the parameter
   * layouts of K and of its twin, as the program's PTX declares them
   * (NULL: nparams parameters of 8 bytes, as a test registered them). */
  const struct ptx_entry *ptx, *twin_ptx;
};

struct ptx_entry;
static CUresult ptx_param_info(const struct ptx_entry *e, size_t i, size_t *off, size_t *size);

typedef struct fake_module {
  uint32_t magic;
  int csan; /* csan's own kernels */
  int device;
} fake_module;

static fake_kernel *g_kernels[256];
static size_t g_nkernels;
static fake_module g_user_module[FAKE_MAX_DEVICES] = {
    {MODULE_MAGIC, 0, 0}, {MODULE_MAGIC, 0, 1}, {MODULE_MAGIC, 0, 2}, {MODULE_MAGIC, 0, 3}};
static fake_module g_csan_module[FAKE_MAX_DEVICES];
static fake_func g_rk[FAKE_MAX_DEVICES][4];
static const char *const g_rk_names[4] = {CSAN_RK_ACCESS_NAME, CSAN_RK_FILL_NAME,
                                          CSAN_RK_RESET_PAGE_NAME, CSAN_RK_POOL_RESET_NAME};
static fake_launch g_last;
static pthread_mutex_t g_launch_mu = PTHREAD_MUTEX_INITIALIZER;

FAKE_EXPORT void fake_cuda_register_kernel(const void *stub, const char *mangled, int twin,
                                           int nparams, fake_kernel_body body) {
  if (g_nkernels == 256)
    fake_fatal("too many kernels");
  fake_kernel *k = calloc(1, sizeof *k);
  k->stub = stub;
  k->name = strdup(mangled);
  k->twin_name = malloc(strlen(mangled) + sizeof CSAN_KERNEL_SUFFIX);
  sprintf(k->twin_name, "%s%s", mangled, CSAN_KERNEL_SUFFIX);
  k->twin = twin;
  k->nparams = nparams;
  k->body = body;
  for (int d = 0; d < FAKE_MAX_DEVICES; d++) {
    k->k[d] = func_make(FN_USER, d, k);
    k->t[d] = func_make(FN_TWIN, d, k);
  }
  g_kernels[g_nkernels++] = k;
}

static fake_kernel *kernel_by_stub(const void *stub) {
  for (size_t i = 0; i < g_nkernels; i++)
    if (g_kernels[i]->stub == stub)
      return g_kernels[i];
  return NULL;
}

static fake_func *func_of(CUfunction f) {
  fake_func *ff = (fake_func *)f;
  return ff && ff->magic == FUNC_MAGIC ? ff : NULL;
}

/* The user module of the current device: what the fake driver library
 * (test/fake/libs/fake_libcuda.c) hands out for cuModuleLoad*, so the
 * kernels a test registered are found by name there. */
FAKE_EXPORT void *fake_cuda_user_module(void) {
  return &g_user_module[cur_device()];
}

FAKE_EXPORT void fake_cuda_twin_max_threads(const void *stub, int n) {
  fake_kernel *k = kernel_by_stub(stub);
  if (!k)
    fake_fatal("fake_cuda_twin_max_threads: unknown kernel");
  for (int d = 0; d < FAKE_MAX_DEVICES; d++)
    k->t[d].attr[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK] = n;
}

/* cuFuncSetAttribute's rules for the attributes a program may set. */
static CUresult func_set_attr(fake_func *f, CUfunction_attribute a, int v) {
  switch (a) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (v < 0 || v > (227 << 10))
      return CUDA_ERROR_INVALID_VALUE;
    break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (v < -1 || v > 100)
      return CUDA_ERROR_INVALID_VALUE;
    break;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    if (v < 0 || v > 16)
      return CUDA_ERROR_INVALID_VALUE;
    break;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    if (v != 0 && v != 1)
      return CUDA_ERROR_INVALID_VALUE;
    break;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    if (v < 0 || v > 2)
      return CUDA_ERROR_INVALID_VALUE;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE; /* read-only */
  }
  f->attr[a] = v;
  return CUDA_SUCCESS;
}

static CUresult drv_func_get_attribute(int *v, CUfunction_attribute a, CUfunction f) {
  DRV_ENTER("cuFuncGetAttribute");
  fake_func *ff = func_of(f);
  if (!ff)
    return CUDA_ERROR_INVALID_HANDLE;
  if ((int)a < 0 || a >= CU_FUNC_ATTRIBUTE_MAX)
    return CUDA_ERROR_INVALID_VALUE;
  *v = ff->attr[a];
  return CUDA_SUCCESS;
}

static CUresult drv_func_set_attribute(CUfunction f, CUfunction_attribute a, int v) {
  DRV_ENTER("cuFuncSetAttribute");
  fake_func *ff = func_of(f);
  return ff ? func_set_attr(ff, a, v) : CUDA_ERROR_INVALID_HANDLE;
}

/* The runtime sets the attribute on the kernel's function of the current
 * device (the twin K__csan is another function and keeps its own). */
FAKE_EXPORT cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                             int value) {
  RT_ENTER("cudaFuncSetAttribute");
  fake_kernel *k = kernel_by_stub(func);
  if (!k)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  if (func_set_attr(&k->k[cur_device()], (CUfunction_attribute)attr, value) != CUDA_SUCCESS)
    return rt_fail(cudaErrorInvalidValue);
  return cudaSuccess;
}

/* What CUB and Thrust ask before they launch (their kernels are the
 * program's, registered like any other): the function's attributes as the
 * fake keeps them, registers and sizes as a small kernel has them. */
FAKE_EXPORT cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func) {
  RT_ENTER("cudaFuncGetAttributes");
  fake_kernel *k = kernel_by_stub(func);
  if (!k)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  if (!attr)
    return rt_fail(cudaErrorInvalidValue);
  const fake_func *f = &k->k[cur_device()];
  memset(attr, 0, sizeof *attr);
  attr->maxThreadsPerBlock = f->attr[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK];
  attr->maxDynamicSharedSizeBytes = f->attr[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES];
  attr->preferredShmemCarveout = f->attr[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT];
  attr->numRegs = 32;
  attr->ptxVersion = 90;
  attr->binaryVersion = 90;
  return cudaSuccess;
}

/* Blocks of blockSize threads per multiprocessor: 2048 threads, at most
 * 32 blocks (an sm_90 without register or shared-memory limits). */
FAKE_EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize, unsigned flags) {
  RT_ENTER("cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags");
  (void)dynamicSMemSize;
  (void)flags;
  if (!kernel_by_stub(func))
    return rt_fail(cudaErrorInvalidDeviceFunction);
  if (!numBlocks || blockSize <= 0 || blockSize > 1024)
    return rt_fail(cudaErrorInvalidValue);
  int n = 2048 / blockSize;
  *numBlocks = n > 32 ? 32 : n;
  return cudaSuccess;
}

/* More threads in a block than any device runs (1024). */
static int block_too_large(const unsigned block[3]) {
  return (uint64_t)block[0] * block[1] * block[2] > 1024;
}

/* Whether function f can run a launch of this shape. */
static CUresult launch_fits(const fake_func *f, const unsigned block[3], size_t shmem) {
  size_t threads = (size_t)block[0] * block[1] * block[2];
  if (threads > (size_t)f->attr[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK])
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  if (shmem > (size_t)f->attr[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES])
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

FAKE_EXPORT cudaError_t cudaGetFuncBySymbol(cudaFunction_t *f, const void *symbol) {
  RT_ENTER("cudaGetFuncBySymbol");
  fake_kernel *k = kernel_by_stub(symbol);
  if (!k)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  *f = (cudaFunction_t)&k->k[cur_device()];
  return cudaSuccess;
}

/* Site descriptors and their strings live in one block of "device" memory:
 * the module anchor at its start, descriptors after it, strings from the
 * middle. */
#define SITE_BLOCK_BYTES (64u << 10)
static char *g_sites;
static size_t g_site_next = 32, g_str_next = SITE_BLOCK_BYTES / 2;

/* g_mu held. */
static char *site_block(void) {
  if (!g_sites) {
    g_sites = dev_alloc_locked(SITE_BLOCK_BYTES, MEM_SYMBOL);
    memset(g_sites, 0, SITE_BLOCK_BYTES);
  }
  return g_sites;
}

static uint64_t site_string(const char *s) {
  if (!s)
    return 0;
  size_t n = strlen(s) + 1;
  if (g_str_next + n > SITE_BLOCK_BYTES)
    fake_fatal("site strings overflow");
  char *d = site_block() + g_str_next;
  memcpy(d, s, n);
  g_str_next += n;
  return (uint64_t)(uintptr_t)d;
}

/* The user module's gap table (CSAN_MODULE_GAPS_NAME), in the site block:
 * 0 until the program sets one. */
static uint64_t g_gaps;

FAKE_EXPORT void fake_cuda_module_gaps(const char *table) {
  pthread_mutex_lock(&g_mu);
  g_gaps = site_string(table);
  pthread_mutex_unlock(&g_mu);
}

FAKE_EXPORT int32_t fake_cuda_site(const char *file, unsigned line, unsigned column,
                                   const char *function, uint32_t access, uint32_t size) {
  pthread_mutex_lock(&g_mu);
  char *base = site_block();
  if (g_site_next + sizeof(csan_site) > SITE_BLOCK_BYTES / 2)
    fake_fatal("too many sites");
  csan_site s;
  memset(&s, 0, sizeof s);
  s.line = line;
  s.column = column;
  s.file = site_string(file);
  s.function = site_string(function);
  s.access = access;
  s.size = size;
  int32_t off = (int32_t)g_site_next;
  memcpy(base + off, &s, sizeof s);
  g_site_next += sizeof s;
  pthread_mutex_unlock(&g_mu);
  return off;
}

static CUresult drv_module_load_data(CUmodule *m, const void *image) {
  DRV_ENTER("cuModuleLoadData");
  if (g_no_image)
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  uint32_t magic;
  memcpy(&magic, image, sizeof magic);
  if (magic != 0xBA55ED50u)
    return CUDA_ERROR_INVALID_IMAGE; /* csan hands over its embedded fatbin */
  int d = cur_device();
  pthread_mutex_lock(&g_mu);
  g_csan_module[d] = (fake_module){MODULE_MAGIC, 1, d};
  for (int i = 0; i < 4; i++)
    g_rk[d][i] = func_make(FN_RK_ACCESS + i, d, NULL);
  *m = (CUmodule)&g_csan_module[d];
  pthread_mutex_unlock(&g_mu);
  return CUDA_SUCCESS;
}

static CUresult drv_module_get_function(CUfunction *f, CUmodule m, const char *name) {
  DRV_ENTER("cuModuleGetFunction");
  fake_module *mod = (fake_module *)m;
  if (!mod || mod->magic != MODULE_MAGIC)
    return CUDA_ERROR_INVALID_HANDLE;
  if (mod->csan) {
    for (int i = 0; i < 4; i++)
      if (!strcmp(name, g_rk_names[i])) {
        *f = (CUfunction)&g_rk[mod->device][i];
        return CUDA_SUCCESS;
      }
    return CUDA_ERROR_NOT_FOUND;
  }
  for (size_t i = 0; i < g_nkernels; i++) {
    fake_kernel *k = g_kernels[i];
    if (!strcmp(name, k->name)) {
      *f = (CUfunction)&k->k[mod->device];
      return CUDA_SUCCESS;
    }
    if (k->twin != FAKE_TWIN_NONE && !strcmp(name, k->twin_name)) {
      *f = (CUfunction)&k->t[mod->device];
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_NOT_FOUND;
}

static CUresult drv_module_get_global(CUdeviceptr *p, size_t *bytes, CUmodule m,
                                      const char *name) {
  DRV_ENTER("cuModuleGetGlobal");
  fake_module *mod = (fake_module *)m;
  if (!mod || mod->magic != MODULE_MAGIC)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!mod->csan && !strcmp(name, CSAN_MODULE_GAPS_NAME) && g_gaps) {
    *p = (CUdeviceptr)g_gaps;
    if (bytes)
      *bytes = strlen((const char *)(uintptr_t)g_gaps) + 1;
    return CUDA_SUCCESS;
  }
  if (mod->csan || strcmp(name, CSAN_MODULE_ANCHOR_NAME))
    return CUDA_ERROR_NOT_FOUND;
  pthread_mutex_lock(&g_mu);
  *p = (CUdeviceptr)(uintptr_t)site_block();
  pthread_mutex_unlock(&g_mu);
  if (bytes)
    *bytes = 1;
  return CUDA_SUCCESS;
}

static CUresult drv_func_get_module(CUmodule *m, CUfunction f) {
  DRV_ENTER("cuFuncGetModule");
  fake_func *ff = func_of(f);
  if (!ff)
    return CUDA_ERROR_INVALID_HANDLE;
  *m = ff->kind >= FN_RK_ACCESS ? (CUmodule)&g_csan_module[ff->device]
                                : (CUmodule)&g_user_module[ff->device];
  return CUDA_SUCCESS;
}

static CUresult drv_func_get_name(const char **name, CUfunction f) {
  DRV_ENTER("cuFuncGetName");
  fake_func *ff = func_of(f);
  if (!ff)
    return CUDA_ERROR_INVALID_HANDLE;
  if (ff->kind == FN_USER)
    *name = ff->kernel->name;
  else if (ff->kind == FN_TWIN)
    *name = ff->kernel->twin_name;
  else
    *name = g_rk_names[ff->kind - FN_RK_ACCESS];
  return CUDA_SUCCESS;
}

static CUresult drv_func_get_param_info(CUfunction f, size_t i, size_t *off, size_t *size) {
  DRV_ENTER("cuFuncGetParamInfo");
  fake_func *ff = func_of(f);
  if (!ff)
    return CUDA_ERROR_INVALID_HANDLE;
  const struct ptx_entry *pe = ff->kind == FN_USER   ? ff->kernel->ptx
                              : ff->kind == FN_TWIN ? ff->kernel->twin_ptx
                                                    : NULL;
  if (pe)
    return ptx_param_info(pe, i, off, size);
  size_t n = 0, last = 8;
  switch (ff->kind) {
  case FN_USER: n = (size_t)ff->kernel->nparams; break;
  case FN_TWIN:
    n = (size_t)ff->kernel->nparams + 1;
    last = ff->kernel->twin == FAKE_TWIN_OK    ? sizeof(csan_launch_ctx)
           : ff->kernel->twin == FAKE_TWIN_PDL ? CSAN_CTX_PAIR_COUNT * sizeof(csan_launch_ctx)
                                               : 8;
    break;
  case FN_RK_ACCESS: n = 2; last = sizeof(csan_launch_ctx); break;
  default: n = 1; last = ff->kind == FN_RK_FILL ? sizeof(csan_rk_fill_params)
                                                : sizeof(csan_rk_reset_params);
  }
  if (i >= n)
    return CUDA_ERROR_INVALID_VALUE;
  *off = 8 * i;
  *size = i + 1 == n ? last : 8;
  if (ff->kind == FN_RK_ACCESS && i == 0)
    *size = sizeof(csan_rk_access_params);
  return CUDA_SUCCESS;
}

/* ---- csan's kernels on the CPU (csan_rt_kernels.cu, item by item) ---- */

/* A launch context used by device code on `dev`. */
static void check_ctx(const csan_launch_ctx *c, const char *what, int dev) {
  if (c->magic != CSAN_CTX_MAGIC || c->abi_version != CSAN_ABI_VERSION)
    fake_fatal("%s: bad launch context (magic %#x, ABI %u)", what, c->magic, c->abi_version);
  /* A range operation of slot 0, epoch 0: csan's poison of an allocation's
   * alignment slack (csan_rt_shadow_poison_tail), before everything. */
  int poison = c->slot == 0 && c->epoch == 0 && (c->flags & CSAN_CTX_F_RANGE_OP);
  if (!poison && (c->slot >= CSAN_MAX_SLOTS || !c->epoch || c->vc[c->slot] >= c->epoch))
    fake_fatal("%s: launch context of slot %u epoch %u with vc[slot] %u", what, c->slot,
               c->epoch, c->vc[c->slot]);
  if (!c->shadow_dir || !c->pool || !c->races)
    fake_fatal("%s: launch context without shadow, pool or race table", what);
  device_use(dev, c->shadow_dir, 8, "csan's shadow directory");
  device_use(dev, c->pool, sizeof(csan_pool), "csan's shadow pool");
  device_use(dev, c->races, CSAN_RACE_ENTRIES_OFFSET, "csan's race table");
}

static void rk_access(const csan_rk_access_params *p, const csan_launch_ctx *ctx, int dev) {
  /* As on the device: no work item, nothing read, the context included. */
  if (!csan_rk_access_items(p))
    return;
  check_ctx(ctx, CSAN_RK_ACCESS_NAME, dev);
  if (!(ctx->flags & CSAN_CTX_F_RANGE_OP))
    fake_fatal("csan_rk_access without CSAN_CTX_F_RANGE_OP");
  uint64_t per_row = csan_rk_row_items(p->width);
  uint64_t items = csan_rk_access_items(p);
  csan_tag_t launch = csan_sh_launch_bits(ctx);
  for (uint64_t i = 0; i < items; i++) {
    uint64_t g = 0;
    uint32_t amask = csan_rk_access_item(p, per_row, i, &g);
    if (!amask)
      continue;
    uint64_t page = csan_sh_page(ctx->shadow_dir, g);
    if (!page)
      continue;
    uint64_t c0, c1;
    csan_sh_load_cells(csan_sh_tags(page, g), &c0, &c1);
    if (csan_sh_covered(c0, c1, csan_sh_cover_make(launch, amask, p->access)) ||
        (c0 & CSAN_TAG_UNTRACKED))
      continue;
    csan_shadow_update(ctx, page, g, amask, p->access, p->site, p->size, NULL);
  }
}

static void rk_fill(const csan_rk_fill_params *p, int dev) {
  uint64_t items = csan_rk_fill_items(p);
  if (p->mode == CSAN_RK_FILL_NEW_PAGE) {
    if (block_kind((const void *)(uintptr_t)p->page, CSAN_PAGE_SHADOW_BYTES) != MEM_DEVICE)
      fake_fatal("csan_rk_fill NEW_PAGE on memory that is not a device allocation");
    device_use(dev, p->page, CSAN_PAGE_SHADOW_BYTES, "a shadow page");
    for (uint64_t i = 0; i < items; i++)
      csan_shadow_init_granule(p->page, (uint32_t)i);
    return;
  }
  if (p->mode > CSAN_RK_FILL_NEW_PAGE)
    fake_fatal("csan_rk_fill: bad mode %u", p->mode);
  device_use(dev, p->shadow_dir, 8, "csan's shadow directory");
  device_use(dev, p->pool, sizeof(csan_pool), "csan's shadow pool");
  csan_pool *pool = (csan_pool *)(uintptr_t)p->pool;
  for (uint64_t i = 0; i < items; i++) {
    uint64_t g = 0;
    uint32_t mask = csan_rk_fill_item(p, i, &g);
    uint64_t page = csan_sh_page(p->shadow_dir, g);
    if (page)
      csan_shadow_erase(pool, page, g, mask, p->mode == CSAN_RK_FILL_UNTRACKED);
  }
}

static void rk_reset_page(const csan_rk_reset_params *p, int dev) {
  device_use(dev, p->page, CSAN_PAGE_SHADOW_BYTES, "a shadow page");
  device_use(dev, p->pool, sizeof(csan_pool), "csan's shadow pool");
  csan_pool *pool = (csan_pool *)(uintptr_t)p->pool;
  for (uint32_t i = 0; i < CSAN_GRANULES_PER_PAGE; i++)
    csan_shadow_reset_granule(pool, p->page, i);
}

/* ---- launches ---- */

static void run_user(const fake_func *f, int instrumented, const csan_launch_ctx *ctx,
                     unsigned grid[3], unsigned block[3], size_t shmem, const void *stream,
                     int cooperative, void **args) {
  fake_kernel *k = f->kernel;
  fake_launch l;
  memset(&l, 0, sizeof l);
  l.device = cur_device();
  l.max_dynamic_shared = f->attr[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES];
  l.carveout = f->attr[CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT];
  l.cluster[0] = f->attr[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH];
  l.cluster[1] = f->attr[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT];
  l.cluster[2] = f->attr[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH];
  l.non_portable_cluster = f->attr[CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED];
  l.cluster_policy = f->attr[CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE];
  l.stub = k->stub;
  l.name = k->name;
  l.instrumented = instrumented;
  if (ctx)
    l.ctx = *ctx;
  if (ctx && k->twin == FAKE_TWIN_PDL) {
    if (!(ctx[0].flags & CSAN_CTX_F_PDL_PAIR) || !(ctx[1].flags & CSAN_CTX_F_PDL_POST) ||
        ctx[1].slot != ctx[0].slot || ctx[1].epoch != ctx[0].epoch)
      fake_fatal("%s: the twin's two contexts are not a pair", k->twin_name);
    l.ctx_post = ctx[1];
    l.ctx_pair = 1;
  }
  memcpy(l.grid, grid, sizeof l.grid);
  memcpy(l.block, block, sizeof l.block);
  l.shared_mem = shmem;
  l.stream = stream;
  l.cooperative = cooperative;
  l.args = args;
  tally(instrumented ? "launch:twin" : "launch:plain");
  pthread_mutex_lock(&g_launch_mu);
  g_last = l;
  pthread_mutex_unlock(&g_launch_mu);
  if (k->body && !stream_hung(stream))
    k->body(&l);
}

/* Events a launch records through its attributes (they fire as the launch
 * runs, which in the fake is now). */
static void attrs_record_events(const CUlaunchAttribute *a, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    CUevent e = NULL;
    if (a[i].id == CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT)
      e = a[i].value.launchCompletionEvent.event;
    else if (a[i].id == CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT)
      e = a[i].value.programmaticEvent.event;
    fake_event *f = event_of((cudaEvent_t)e);
    if (f)
      f->recorded = 1;
  }
}

static int attrs_cooperative(const CUlaunchAttribute *a, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (a[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE && a[i].value.cooperative)
      return 1;
  return 0;
}

static CUresult drv_launch_kernel_ex(const CUlaunchConfig *cfg, CUfunction f, void **params,
                                     void **extra) {
  DRV_ENTER("cuLaunchKernelEx");
  fake_func *ff = func_of(f);
  if (!ff || extra || !cfg)
    return CUDA_ERROR_INVALID_VALUE;
  /* The function, the stream and the current context agree on the device. */
  if (!stream_ok((cudaStream_t)cfg->hStream) || stream_ctx((cudaStream_t)cfg->hStream) != tl_ctx ||
      ff->device != cur_device())
    return CUDA_ERROR_INVALID_HANDLE;
  int dev = cur_device();
  if (!cfg->gridDimX || !cfg->gridDimY || !cfg->gridDimZ || !cfg->blockDimX ||
      !cfg->blockDimY || !cfg->blockDimZ)
    return CUDA_ERROR_INVALID_VALUE;
  /* More than 1024 threads per block (csan's own kernels included):
   * CUDA_ERROR_INVALID_VALUE, and the runtime's last error stays
   * cudaSuccess (cuLaunchKernelEx with blockDimX 2048 on an H200, CUDA
   * 13.0). At most 1024 but more than the function allows stays
   * CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (launch_fits). */
  if (block_too_large((const unsigned[3]){cfg->blockDimX, cfg->blockDimY, cfg->blockDimZ}))
    return CUDA_ERROR_INVALID_VALUE;
  fake_stream *fs = stream_of((cudaStream_t)cfg->hStream);
  /* Capture is not execution: csan runs none of its kernels into a
   * capture, except the placeholder of a captured library call's check
   * (csan_rt_libcap.c: csan_rk_access of width 0, which checks nothing
   * until a launch of the graph sets it), which becomes a kernel node. */
  if (fs && fs->capturing && ff->kind >= FN_RK_ACCESS) {
    if (ff->kind != FN_RK_ACCESS || csan_rk_access_items(params[0]))
      fake_fatal("csan launched its own kernel into a stream being captured");
    return capture_rk_check(cfg, f, params) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  }
  if (g_own_delay_ms && ff->kind >= FN_RK_ACCESS && fs)
    fs->busy_until = wall_seconds() + g_own_delay_ms / 1000.0;
  if (g_no_exec && ff->kind >= FN_RK_ACCESS) {
    tally("launch:not executed");
    return CUDA_SUCCESS;
  }
  switch (ff->kind) {
  case FN_RK_ACCESS:
    tally(CSAN_RK_ACCESS_NAME);
    rk_access(params[0], params[1], dev);
    return CUDA_SUCCESS;
  case FN_RK_FILL:
    tally(CSAN_RK_FILL_NAME);
    rk_fill(params[0], dev);
    return CUDA_SUCCESS;
  case FN_RK_RESET_PAGE:
    tally(CSAN_RK_RESET_PAGE_NAME);
    rk_reset_page(params[0], dev);
    return CUDA_SUCCESS;
  case FN_RK_POOL_RESET:
    tally(CSAN_RK_POOL_RESET_NAME);
    device_use(dev, ((csan_rk_reset_params *)params[0])->pool, sizeof(csan_pool),
               "csan's shadow pool");
    csan_shadow_pool_reset((csan_pool *)(uintptr_t)((csan_rk_reset_params *)params[0])->pool);
    return CUDA_SUCCESS;
  default: break;
  }
  fake_kernel *k = ff->kernel;
  unsigned grid[3] = {cfg->gridDimX, cfg->gridDimY, cfg->gridDimZ};
  unsigned block[3] = {cfg->blockDimX, cfg->blockDimY, cfg->blockDimZ};
  CUresult fits = launch_fits(ff, block, cfg->sharedMemBytes);
  if (fits != CUDA_SUCCESS)
    return fits;
  /* A launch on a capturing stream is a kernel node, as the runtime's:
   * csan passes the program's launches through there, never its twins. */
  if (fs && fs->capturing && ff->kind == FN_TWIN)
    fake_fatal("csan launched a twin into a stream being captured");
  if (capture_kernel((cudaStream_t)cfg->hStream, k->stub, grid, block, cfg->sharedMemBytes,
                     params))
    return CUDA_SUCCESS;
  int coop = attrs_cooperative(cfg->attrs, cfg->numAttrs);
  attrs_record_events(cfg->attrs, cfg->numAttrs);
  if (ff->kind == FN_TWIN) {
    const csan_launch_ctx *ctx = params[k->nparams];
    check_ctx(ctx, k->twin_name, dev);
    if (ctx->flags & CSAN_CTX_F_RANGE_OP)
      fake_fatal("%s: a kernel's context says CSAN_CTX_F_RANGE_OP", k->twin_name);
    run_user(ff, 1, ctx, grid, block, cfg->sharedMemBytes, cfg->hStream, coop, params);
  } else {
    run_user(ff, 0, NULL, grid, block, cfg->sharedMemBytes, cfg->hStream, coop, params);
  }
  return CUDA_SUCCESS;
}

/* CUDA's limits on any launch's shape: every dimension at least 1, at
 * most 1024 threads per block, block.z at most 64, grid.y and grid.z at most
 * 65535. More than 1024 threads is cudaErrorInvalidValue: so the runtime
 * answered <<<1, 2048>>>, cudaLaunchKernel and cudaGetLastError on an H200
 * with CUDA 13.0 (not cudaErrorInvalidConfiguration, which the other
 * limits give here: their real answer was not observed). */
static cudaError_t launch_config_check(const unsigned grid[3], const unsigned block[3]) {
  if (!grid[0] || !grid[1] || !grid[2] || !block[0] || !block[1] || !block[2])
    return cudaErrorInvalidConfiguration;
  if (block_too_large(block))
    return cudaErrorInvalidValue;
  if (block[2] > 64 || grid[1] > 65535 || grid[2] > 65535)
    return cudaErrorInvalidConfiguration;
  return cudaSuccess;
}

static cudaError_t rt_launch(const void *func, dim3 g, dim3 b, void **args, size_t shmem,
                             cudaStream_t s, int coop) {
  fake_kernel *k = kernel_by_stub(func);
  if (!k)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  /* A kernel runs on the current device, in a stream of that device. */
  if (!stream_ok(s) || stream_ctx(s) != tl_ctx)
    return rt_fail(cudaErrorInvalidResourceHandle);
  unsigned grid[3] = {g.x, g.y, g.z}, block[3] = {b.x, b.y, b.z};
  cudaError_t shape = launch_config_check(grid, block);
  if (shape != cudaSuccess)
    return rt_fail(shape);
  const fake_func *f = &k->k[cur_device()];
  switch (launch_fits(f, block, shmem)) {
  case CUDA_SUCCESS: break;
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: return rt_fail(cudaErrorLaunchOutOfResources);
  default: return rt_fail(cudaErrorInvalidValue);
  }
  if (capture_kernel(s, func, grid, block, shmem, args))
    return cudaSuccess;
  run_user(f, 0, NULL, grid, block, shmem, s, coop, args);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args, size_t shmem,
                                         cudaStream_t s) {
  RT_ENTER("cudaLaunchKernel");
  return rt_launch(f, g, b, args, shmem, s, 0);
}

FAKE_EXPORT cudaError_t cudaLaunchKernel_ptsz(const void *f, dim3 g, dim3 b, void **args,
                                              size_t shmem, cudaStream_t s) {
  RT_ENTER("cudaLaunchKernel_ptsz");
  return rt_launch(f, g, b, args, shmem, s, 0);
}

FAKE_EXPORT cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b, void **args,
                                                    size_t shmem, cudaStream_t s) {
  RT_ENTER("cudaLaunchCooperativeKernel");
  return rt_launch(f, g, b, args, shmem, s, 1);
}

FAKE_EXPORT cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *f, dim3 g, dim3 b,
                                                         void **args, size_t shmem,
                                                         cudaStream_t s) {
  RT_ENTER("cudaLaunchCooperativeKernel_ptsz");
  return rt_launch(f, g, b, args, shmem, s, 1);
}

static cudaError_t rt_launch_ex(const cudaLaunchConfig_t *c, const void *f, void **args) {
  int coop = 0;
  for (unsigned i = 0; i < c->numAttrs; i++)
    if (c->attrs[i].id == cudaLaunchAttributeCooperative && c->attrs[i].val.cooperative)
      coop = 1;
  cudaError_t r = rt_launch(f, c->gridDim, c->blockDim, args, c->dynamicSmemBytes, c->stream, coop);
  if (r == cudaSuccess)
    attrs_record_events((const CUlaunchAttribute *)(const void *)c->attrs, c->numAttrs);
  return r;
}

FAKE_EXPORT cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *c, const void *f,
                                            void **args) {
  RT_ENTER("cudaLaunchKernelExC");
  return rt_launch_ex(c, f, args);
}

FAKE_EXPORT cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *c, const void *f,
                                                 void **args) {
  RT_ENTER("cudaLaunchKernelExC_ptsz");
  return rt_launch_ex(c, f, args);
}

FAKE_EXPORT const fake_launch *fake_cuda_last_launch(void) {
  return &g_last;
}

FAKE_EXPORT void *fake_cuda_access_use(const fake_launch *l, void *addr, uint64_t size,
                                       uint32_t access, int32_t site) {
  if (!l->instrumented)
    return addr; /* the uninstrumented kernel checks nothing */
  /* Memory errors exactly as the device runtime finds them: a sized access
   * that the fast path would not pass (no record of the launch covers it)
   * is classified first; a poisoned or freed one is recorded in the ring and
   * made to csan's zero/sink bytes instead (csan_memerr_dev.h). */
  if ((l->ctx.flags & CSAN_CTX_F_MEMORY_ERRORS) && size && size <= CSAN_GRANULE_SIZE) {
    uint64_t a = (uint64_t)(uintptr_t)addr;
    uint64_t use = csan_memerr_check(&l->ctx, a, size, access, site, NULL);
    if (use != a)
      return (void *)(uintptr_t)use;
  }
  fake_cuda_access(l, addr, size, access, site);
  return addr;
}

FAKE_EXPORT void *fake_cuda_kernel_access_use(void *addr, uint64_t size, uint32_t access,
                                              int32_t site) {
  fake_launch l;
  pthread_mutex_lock(&g_launch_mu);
  l = g_last;
  pthread_mutex_unlock(&g_launch_mu);
  return fake_cuda_access_use(&l, addr, size, access, site);
}

FAKE_EXPORT void fake_cuda_access(const fake_launch *l, const void *addr, uint64_t size,
                                  uint32_t access, int32_t site) {
  if (!l->instrumented)
    return; /* the uninstrumented kernel checks nothing */
  csan_shadow_access(&l->ctx, (uint64_t)(uintptr_t)addr, size, access, site, NULL);
  /* Pinned, mapped and managed memory (the launch's host hull): logged for
   * the host's replay, as the device runtime logs it (csan_hostlog_dev.h).
   * Every access, where the GPU logs only those that miss the fast path:
   * the replay merges a launch's repeated records. */
  if (l->ctx.host_span)
    csan_hostlog_range(&l->ctx, (uint64_t)(uintptr_t)addr, size, access, site);
}

FAKE_EXPORT void fake_cuda_access_after_wait(const fake_launch *l, const void *addr,
                                             uint64_t size, uint32_t access, int32_t site) {
  if (!l->ctx_pair) {
    fake_cuda_access(l, addr, size, access, site);
    return;
  }
  fake_launch post = *l;
  post.ctx = l->ctx_post;
  fake_cuda_access(&post, addr, size, access, site);
}

FAKE_EXPORT void fake_cuda_kernel_access(const void *addr, uint64_t size, uint32_t access,
                                         int32_t site) {
  fake_launch l;
  pthread_mutex_lock(&g_launch_mu);
  l = g_last;
  pthread_mutex_unlock(&g_launch_mu);
  fake_cuda_access(&l, addr, size, access, site);
}

/* ------------------------------------------------------------------------
 * Programs a CUDA compiler built (clang, nvcc): they register their device
 * code at start-up (__cudaRegisterFatBinary, one __cudaRegisterFunction per
 * kernel, __cudaRegisterFatBinaryEnd; __cudaUnregisterFatBinary at exit)
 * and launch with <<<>>> (__cudaPushCallConfiguration at the call,
 * __cudaPopCallConfiguration in the kernel's host stub, then
 * cudaLaunchKernel). The fake reads what a driver would from the fat
 * binary's PTX: which kernels exist (K, and K__csan when csan instrumented
 * the program) and their parameter layouts. A kernel runs on the CPU only
 * if the program gives it a body (fake_cuda_kernel_body, a weak reference
 * in the program: it exists only in the fake); without one it runs as an
 * empty kernel. csan's own kernels (range checks of copies and sets) run
 * as for every test.
 * ---------------------------------------------------------------------- */

#define FATBIN_WRAPPER_MAGIC 0x466243b1u
#define FATBIN_MAGIC 0xBA55ED50u

typedef struct ptx_entry {
  char *name;
  int nparams;
  size_t *off, *size;
} ptx_entry;

typedef struct fake_fatbin {
  ptx_entry *entries;
  size_t nentries;
  int warned; /* a kernel without PTX was reported */
} fake_fatbin;

static CUresult ptx_param_info(const ptx_entry *e, size_t i, size_t *off, size_t *size) {
  if (i >= (size_t)e->nparams)
    return CUDA_ERROR_INVALID_VALUE;
  *off = e->off[i];
  *size = e->size[i];
  return CUDA_SUCCESS;
}

static int ptx_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.';
}

/* Bytes of a PTX scalar type (.b32, .u64, .f16, ...), 0 if it is none. */
static size_t ptx_type_size(const char *t, size_t n) {
  if (n < 3 || t[0] != '.' || !strchr("bsuf", t[1]))
    return 0;
  int bits = 0;
  for (size_t i = 2; i < n; i++) {
    if (t[i] < '0' || t[i] > '9')
      return 0;
    bits = bits * 10 + (t[i] - '0');
  }
  return bits == 8 || bits == 16 || bits == 32 || bits == 64 ? (size_t)bits / 8 : 0;
}

/* One parameter declaration, `.param [.align A] .TYPE [.ptr [.space]
 * [.align N]] NAME[[COUNT]]`: its size and alignment (0 if unreadable). */
static size_t ptx_param(const char *p, const char *end, size_t *align) {
  size_t elem = 0, count = 1;
  *align = 0;
  int after_ptr = 0;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
      p++;
    const char *w = p;
    while (p < end && ptx_ident(*p))
      p++;
    size_t n = (size_t)(p - w);
    if (!n) {
      if (p < end && *p == '[') {
        count = strtoull(p + 1, NULL, 10);
        break;
      }
      p++;
      continue;
    }
    if (n == 6 && !memcmp(w, ".align", 6)) {
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      size_t a = strtoull(p, NULL, 10);
      if (!after_ptr) /* after .ptr it is the pointee's alignment */
        *align = a;
      while (p < end && *p >= '0' && *p <= '9')
        p++;
    } else if (n == 4 && !memcmp(w, ".ptr", 4)) {
      after_ptr = 1;
    } else if (!elem && ptx_type_size(w, n)) {
      elem = ptx_type_size(w, n);
    }
  }
  if (!elem)
    return 0;
  if (!*align)
    *align = elem;
  return elem * count;
}

/* The .entry declarations of the PTX in a fat binary's bytes. A PTX that
 * is compressed is not read: its kernels are not known. */
static void fatbin_read_ptx(fake_fatbin *fb, const char *p, size_t n) {
  static const char key[] = ".entry ";
  const char *end = p + n;
  for (const char *e = memmem(p, n, key, sizeof key - 1); e;
       e = memmem(e + 1, (size_t)(end - e - 1), key, sizeof key - 1)) {
    const char *q = e + sizeof key - 1;
    while (q < end && *q == ' ')
      q++;
    const char *name = q;
    while (q < end && ptx_ident(*q))
      q++;
    size_t len = (size_t)(q - name);
    while (q < end && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t'))
      q++;
    if (!len || q >= end || *q != '(')
      continue;
    const char *close = memchr(q, ')', (size_t)(end - q));
    if (!close)
      continue;
    int known = 0;
    for (size_t i = 0; i < fb->nentries && !known; i++)
      known = strlen(fb->entries[i].name) == len && !memcmp(fb->entries[i].name, name, len);
    if (known) /* the same kernel in the PTX of another architecture */
      continue;
    ptx_entry pe = {strndup(name, len), 0, NULL, NULL};
    size_t off = 0;
    for (const char *d = q + 1; d < close;) {
      const char *comma = memchr(d, ',', (size_t)(close - d));
      const char *dend = comma ? comma : close;
      const char *param = memmem(d, (size_t)(dend - d), ".param", 6);
      if (param) {
        size_t align = 0, size = ptx_param(param + 6, dend, &align);
        if (!size)
          fake_fatal("cannot read a parameter of kernel %s in the program's PTX", pe.name);
        off = (off + align - 1) / align * align;
        pe.off = realloc(pe.off, (size_t)(pe.nparams + 1) * sizeof *pe.off);
        pe.size = realloc(pe.size, (size_t)(pe.nparams + 1) * sizeof *pe.size);
        pe.off[pe.nparams] = off;
        pe.size[pe.nparams] = size;
        pe.nparams++;
        off += size;
      }
      d = dend + 1;
    }
    fb->entries = realloc(fb->entries, (fb->nentries + 1) * sizeof *fb->entries);
    fb->entries[fb->nentries++] = pe;
  }
}

static const ptx_entry *fatbin_entry(const fake_fatbin *fb, const char *name) {
  for (size_t i = 0; fb && i < fb->nentries; i++)
    if (!strcmp(fb->entries[i].name, name))
      return &fb->entries[i];
  return NULL;
}

typedef struct fatbin_wrapper {
  int magic;
  int version;
  const void *data;
  void *filename_or_fatbins;
} fatbin_wrapper;

FAKE_EXPORT void **__cudaRegisterFatBinary(void *fat) {
  pthread_once(&g_once, init_env);
  tally("__cudaRegisterFatBinary");
  const fatbin_wrapper *w = fat;
  if (!w || (uint32_t)w->magic != FATBIN_WRAPPER_MAGIC || !w->data)
    fake_fatal("__cudaRegisterFatBinary: not a fat binary wrapper");
  const unsigned char *h = w->data;
  uint32_t magic;
  uint16_t header;
  uint64_t size;
  memcpy(&magic, h, 4);
  memcpy(&header, h + 6, 2);
  memcpy(&size, h + 8, 8);
  if (magic != FATBIN_MAGIC)
    fake_fatal("__cudaRegisterFatBinary: the wrapper holds no fat binary (magic %#x)", magic);
  fake_fatbin *fb = calloc(1, sizeof *fb);
  fatbin_read_ptx(fb, (const char *)h + header, (size_t)size);
  /* The handle is what __cudaRegisterFunction and friends get back. */
  void **handle = calloc(1, sizeof *handle);
  *handle = fb;
  return handle;
}

FAKE_EXPORT void __cudaRegisterFatBinaryEnd(void **handle) {
  (void)handle;
  pthread_once(&g_once, init_env);
  tally("__cudaRegisterFatBinaryEnd");
}

FAKE_EXPORT void __cudaUnregisterFatBinary(void **handle) {
  (void)handle; /* its kernels stay registered: exit is near */
  pthread_once(&g_once, init_env);
  tally("__cudaUnregisterFatBinary");
}

FAKE_EXPORT void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun,
                                        const char *device_name, int thread_limit, uint3 *tid,
                                        uint3 *bid, dim3 *bdim, dim3 *gdim, int *wsize) {
  (void)device_name, (void)thread_limit, (void)tid, (void)bid, (void)bdim, (void)gdim,
      (void)wsize;
  pthread_once(&g_once, init_env);
  tally("__cudaRegisterFunction");
  fake_fatbin *fb = handle ? *handle : NULL;
  const ptx_entry *k = fatbin_entry(fb, device_fun);
  char twin_name[1024];
  snprintf(twin_name, sizeof twin_name, "%s%s", device_fun, CSAN_KERNEL_SUFFIX);
  const ptx_entry *t = fatbin_entry(fb, twin_name);
  if (!k && fb && !fb->warned) {
    fb->warned = 1;
    fprintf(stderr, "fake_cuda: kernel %s is not in the PTX of its fat binary (none, or "
                    "compressed): its launches are not checked\n", device_fun);
  }
  int twin = FAKE_TWIN_NONE;
  if (k && t)
    twin = t->nparams != k->nparams + 1                                  ? FAKE_TWIN_BAD
           : t->size[k->nparams] == sizeof(csan_launch_ctx)                   ? FAKE_TWIN_OK
           : t->size[k->nparams] == CSAN_CTX_PAIR_COUNT * sizeof(csan_launch_ctx) ? FAKE_TWIN_PDL
                                                                               : FAKE_TWIN_BAD;
  fake_cuda_register_kernel(host_fun, device_fun, twin, k ? k->nparams : 0, NULL);
  fake_kernel *fk = kernel_by_stub(host_fun);
  fk->ptx = k;
  fk->twin_ptx = twin != FAKE_TWIN_NONE ? t : NULL;
}

FAKE_EXPORT int fake_cuda_kernel_body(const void *stub, fake_kernel_body body) {
  fake_kernel *k = kernel_by_stub(stub);
  if (!k)
    return 0;
  k->body = body;
  return 1;
}

/* <<<>>>: the configuration the call pushes and the stub pops, per thread. */
typedef struct call_config {
  dim3 grid, block;
  size_t shmem;
  void *stream;
} call_config;
static __thread call_config tl_configs[16];
static __thread int tl_nconfigs;

FAKE_EXPORT unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem,
                                                 void *stream) {
  pthread_once(&g_once, init_env);
  tally("__cudaPushCallConfiguration");
  if (tl_nconfigs == 16)
    fake_fatal("__cudaPushCallConfiguration: configurations nested too deep");
  tl_configs[tl_nconfigs++] = (call_config){grid, block, shmem, stream};
  return 0;
}

FAKE_EXPORT cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem,
                                                   void *stream) {
  pthread_once(&g_once, init_env);
  tally("__cudaPopCallConfiguration");
  if (!tl_nconfigs)
    return rt_fail(cudaErrorMissingConfiguration);
  call_config c = tl_configs[--tl_nconfigs];
  *grid = c.grid;
  *block = c.block;
  *shmem = c.shmem;
  *(void **)stream = c.stream;
  return cudaSuccess;
}

/* What compiled programs ask besides csan's API. */
/* ------------------------------------------------------------------------
 * CUDA graphs: stream capture, explicit nodes, edges, instantiation,
 * launches and exec updates.
 *
 * A graph is a list of nodes, each with the nodes it depends on. Stream
 * capture adds nodes instead of running the work (rt_launch, the async
 * copies and sets, host functions); an event recorded in a capturing stream
 * carries the stream's dependencies, and a stream that waits for it joins
 * the capture. cudaStreamEndCapture fails with cudaErrorStreamCaptureUnjoined
 * when a node other than the origin stream's last ones has no dependent. An
 * exec is a copy of the graph; a launch runs its nodes in a topological
 * order, now, on the launch stream (kernel nodes with a CUfunction, as csan
 * makes its instrumented copies, go through cuLaunchKernelEx). Kernel
 * parameters are copied: 8 bytes each for a test's kernel, plus the launch
 * context for a twin.
 * ---------------------------------------------------------------------- */

#define GRAPH_MAGIC 0x47525048u
#define GNODE_MAGIC 0x474e4f44u
#define GEXEC_MAGIC 0x47455843u

typedef struct fake_gnode fake_gnode;
typedef struct fake_graph {
  uint32_t magic;
  fake_gnode **n;
  size_t len, cap;
  int live_execs; /* execs instantiated from it and not destroyed */
} fake_graph;

struct fake_gnode {
  uint32_t magic;
  fake_graph *owner;
  enum cudaGraphNodeType type;
  fake_gnode **deps;
  size_t ndeps, cap;
  cudaGraphEdgeData *depdata; /* each dependency's edge data (PDL: programmatic) */
  struct fake_stream *captured_on; /* the stream that captured it, or null */
  /* The node of the graph this one's graph was cloned from: what
   * cudaGraphNodeFindInClone looks for (it holds when nodes are added to or
   * removed from the clone, as csan's inlining of child graphs does). */
  const struct fake_gnode *cloned_from;
  /* kernel */
  const void *stub;  /* runtime kernel, or */
  CUfunction cufn;   /* a driver function (csan's twin) */
  unsigned grid[3], block[3], shmem;
  unsigned char *argbuf; /* the parameters' values, back to back */
  size_t argbytes;
  size_t *argoff;
  size_t nargs;
  void **argv; /* pointers into argbuf */
  /* memcpy (1D), memset (1D) */
  void *dst;
  const void *src;
  size_t bytes;
  unsigned value;
  /* host */
  cudaHostFn_t fn;
  void *data;
  /* event record / wait */
  cudaEvent_t event;
  /* child graph */
  fake_graph *child;
  /* memory alloc / free */
  void *dptr;
};

static int graph_has_memory_nodes(const fake_graph *g);

typedef struct fake_gexec {
  uint32_t magic;
  fake_graph *src;  /* the graph it was instantiated from (node handles) */
  fake_graph *copy; /* its own nodes, same order */
} fake_gexec;

static fake_graph *graph_of(cudaGraph_t g) {
  fake_graph *f = (fake_graph *)g;
  return f && f->magic == GRAPH_MAGIC ? f : NULL;
}
static fake_gnode *gnode_of(cudaGraphNode_t n) {
  fake_gnode *f = (fake_gnode *)n;
  return f && f->magic == GNODE_MAGIC ? f : NULL;
}
static fake_gexec *gexec_of(cudaGraphExec_t x) {
  fake_gexec *f = (fake_gexec *)x;
  return f && f->magic == GEXEC_MAGIC ? f : NULL;
}

static fake_graph *graph_new(void) {
  fake_graph *g = calloc(1, sizeof *g);
  g->magic = GRAPH_MAGIC;
  return g;
}

static void gnode_add_dep_data(fake_gnode *n, fake_gnode *d, const cudaGraphEdgeData *data) {
  for (size_t i = 0; i < n->ndeps; i++)
    if (n->deps[i] == d)
      return;
  if (n->ndeps == n->cap) {
    n->cap = n->cap ? 2 * n->cap : 4;
    n->deps = realloc(n->deps, n->cap * sizeof *n->deps);
    n->depdata = realloc(n->depdata, n->cap * sizeof *n->depdata);
  }
  if (data)
    n->depdata[n->ndeps] = *data;
  else
    memset(&n->depdata[n->ndeps], 0, sizeof *n->depdata);
  n->deps[n->ndeps++] = d;
}

static void gnode_add_dep(fake_gnode *n, fake_gnode *d) {
  gnode_add_dep_data(n, d, NULL);
}

static fake_gnode *gnode_new(fake_graph *g, enum cudaGraphNodeType t, fake_gnode *const *deps,
                             size_t ndeps) {
  fake_gnode *n = calloc(1, sizeof *n);
  n->magic = GNODE_MAGIC;
  n->owner = g;
  n->type = t;
  for (size_t i = 0; i < ndeps; i++)
    gnode_add_dep(n, deps[i]);
  if (g->len == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 16;
    g->n = realloc(g->n, g->cap * sizeof *g->n);
  }
  g->n[g->len++] = n;
  return n;
}

static int deps_ok(fake_graph *g, const cudaGraphNode_t *deps, size_t n) {
  for (size_t i = 0; i < n; i++) {
    fake_gnode *d = gnode_of(deps[i]);
    if (!d || d->owner != g)
      return 0;
  }
  return 1;
}

/* Copies a kernel's parameters: 8 bytes each, and for a twin the launch
 * context (ctx_bytes: one, or a pair) after them. */
static void gnode_set_args(fake_gnode *n, size_t nargs, void **args, size_t ctx_bytes) {
  int twin = ctx_bytes != 0;
  free(n->argbuf);
  free(n->argoff);
  free(n->argv);
  size_t total = 8 * nargs + ctx_bytes;
  size_t count = nargs + (twin ? 1 : 0);
  n->argbuf = calloc(1, total ? total : 1);
  n->argbytes = total;
  n->argoff = calloc(count ? count : 1, sizeof *n->argoff);
  n->argv = calloc(count ? count : 1, sizeof *n->argv);
  for (size_t i = 0; i < count; i++) {
    n->argoff[i] = 8 * i;
    size_t size = i < nargs ? 8 : ctx_bytes;
    if (args && args[i])
      memcpy(n->argbuf + n->argoff[i], args[i], size);
    n->argv[i] = n->argbuf + n->argoff[i];
  }
  n->nargs = count;
}

static int kernel_nparams_of_stub(const void *stub) {
  fake_kernel *k = kernel_by_stub(stub);
  return k ? k->nparams : -1;
}

static fake_graph *fake_graph_clone(const fake_graph *g);

/* d takes s's parameters (its own copies); d keeps its dependencies. */
static void gnode_copy_params(fake_gnode *d, const fake_gnode *s) {
  fake_gnode **deps = d->deps;
  const fake_gnode *cloned_from = d->cloned_from;
  cudaGraphEdgeData *depdata = d->depdata;
  size_t ndeps = d->ndeps, cap = d->cap;
  fake_graph *owner = d->owner, *old_child = d->child;
  free(d->argbuf);
  free(d->argoff);
  free(d->argv);
  *d = *s;
  d->cloned_from = cloned_from;
  d->deps = deps;
  d->depdata = depdata;
  d->ndeps = ndeps;
  d->cap = cap;
  d->owner = owner;
  d->argbuf = NULL;
  d->argoff = NULL;
  d->argv = NULL;
  if (s->nargs) {
    d->argbuf = malloc(s->argbytes ? s->argbytes : 1);
    memcpy(d->argbuf, s->argbuf, s->argbytes);
    d->argoff = malloc(s->nargs * sizeof *d->argoff);
    memcpy(d->argoff, s->argoff, s->nargs * sizeof *d->argoff);
    d->argv = malloc(s->nargs * sizeof *d->argv);
    for (size_t i = 0; i < s->nargs; i++)
      d->argv[i] = d->argbuf + d->argoff[i];
  }
  (void)old_child; /* a replaced child graph stays readable (handles) */
  if (s->child)
    d->child = fake_graph_clone(s->child);
}

static fake_graph *fake_graph_clone(const fake_graph *g) {
  fake_graph *c = graph_new();
  for (size_t i = 0; i < g->len; i++) {
    fake_gnode *n = gnode_new(c, g->n[i]->type, NULL, 0);
    gnode_copy_params(n, g->n[i]);
    n->cloned_from = g->n[i];
  }
  for (size_t i = 0; i < g->len; i++)
    for (size_t j = 0; j < g->n[i]->ndeps; j++)
      for (size_t k = 0; k < g->len; k++)
        if (g->n[k] == g->n[i]->deps[j])
          gnode_add_dep_data(c->n[i], c->n[k], &g->n[i]->depdata[j]);
  return c;
}

static void graph_free(fake_graph *g) {
  if (!g)
    return;
  for (size_t i = 0; i < g->len; i++) {
    fake_gnode *n = g->n[i];
    graph_free(n->child);
    free(n->deps);
    free(n->depdata);
    free(n->argbuf);
    free(n->argoff);
    free(n->argv);
    n->magic = 0; /* handles stay readable and invalid, as streams' */
  }
  free(g->n);
  g->magic = 0;
}

/* ---- capture ---- */

typedef struct fake_cap {
  fake_graph *graph;
  fake_stream *origin;
} fake_cap;

/* A stream's part in a capture (fake_stream.capturing), by stream. */
typedef struct fake_cap_stream {
  fake_stream *s;
  fake_graph *graph;
  fake_stream *origin;
  fake_gnode **deps;
  size_t ndeps, cap;
} fake_cap_stream;

/* An event recorded in a capture. */
typedef struct fake_cap_event {
  fake_event *e;
  fake_graph *graph;
  fake_gnode **deps;
  size_t ndeps;
} fake_cap_event;

#define MAX_CAP_STREAMS 64
static fake_cap_stream g_cap_streams[MAX_CAP_STREAMS];
static fake_cap_event g_cap_events[MAX_CAP_STREAMS];

static fake_cap_stream *cap_stream(fake_stream *s) {
  for (int i = 0; i < MAX_CAP_STREAMS; i++)
    if (g_cap_streams[i].s == s && s)
      return &g_cap_streams[i];
  return NULL;
}

static void cap_set_deps(fake_cap_stream *c, fake_gnode *const *deps, size_t n) {
  if (n > c->cap) {
    c->cap = n;
    c->deps = realloc(c->deps, n * sizeof *c->deps);
  }
  if (n)
    memcpy(c->deps, deps, n * sizeof *deps);
  c->ndeps = n;
}

static fake_cap_stream *cap_join(fake_stream *s, fake_graph *g, fake_stream *origin) {
  for (int i = 0; i < MAX_CAP_STREAMS; i++)
    if (!g_cap_streams[i].s) {
      fake_cap_stream *c = &g_cap_streams[i];
      c->s = s;
      c->graph = g;
      c->origin = origin;
      c->ndeps = 0;
      return c;
    }
  fake_fatal("too many capturing streams");
}

static void capture_started(fake_stream *f) {
  cap_join(f, graph_new(), f);
}

static void capture_started_in(fake_stream *f, cudaGraph_t g, const cudaGraphNode_t *deps,
                               size_t n) {
  fake_cap_stream *c = cap_join(f, graph_of(g), f);
  cap_set_deps(c, (fake_gnode *const *)deps, n);
}

/* The capturing stream of handle s, if it is capturing. */
static fake_cap_stream *capturing_stream(cudaStream_t s) {
  fake_stream *f = stream_of(s);
  return f && f->capturing ? cap_stream(f) : NULL;
}

/* A node captured on c: after the stream's dependencies, which become it. */
static fake_gnode *capture_node(fake_cap_stream *c, enum cudaGraphNodeType t) {
  fake_gnode *n = gnode_new(c->graph, t, c->deps, c->ndeps);
  n->captured_on = c->s;
  cap_set_deps(c, &n, 1);
  tally("capture:node");
  return n;
}

static int capture_kernel(cudaStream_t s, const void *func, const unsigned grid[3],
                          const unsigned block[3], size_t shmem, void **args) {
  fake_cap_stream *c = capturing_stream(s);
  if (!c)
    return 0;
  fake_gnode *n = capture_node(c, cudaGraphNodeTypeKernel);
  n->stub = func;
  memcpy(n->grid, grid, sizeof n->grid);
  memcpy(n->block, block, sizeof n->block);
  n->shmem = (unsigned)shmem;
  int np = kernel_nparams_of_stub(func);
  gnode_set_args(n, np > 0 ? (size_t)np : 0, args, 0);
  return 1;
}

static CUresult drv_graph_kernel_set(fake_gnode *n, const CUDA_KERNEL_NODE_PARAMS *p);

/* csan's placeholder check launched into a capture: a kernel node of the
 * driver function, as cuLaunchKernelEx makes on a capturing stream. */
static int capture_rk_check(const CUlaunchConfig *cfg, CUfunction f, void **params) {
  fake_cap_stream *c = capturing_stream((cudaStream_t)cfg->hStream);
  if (!c)
    return 0;
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  p.func = f;
  p.gridDimX = cfg->gridDimX, p.gridDimY = cfg->gridDimY, p.gridDimZ = cfg->gridDimZ;
  p.blockDimX = cfg->blockDimX, p.blockDimY = cfg->blockDimY, p.blockDimZ = cfg->blockDimZ;
  p.sharedMemBytes = cfg->sharedMemBytes;
  p.kernelParams = params;
  tally("capture:csan check");
  return drv_graph_kernel_set(capture_node(c, cudaGraphNodeTypeKernel), &p) == CUDA_SUCCESS;
}

static int capture_copy(cudaStream_t s, void *d, const void *src, size_t bytes) {
  fake_cap_stream *c = capturing_stream(s);
  if (!c)
    return 0;
  fake_gnode *n = capture_node(c, cudaGraphNodeTypeMemcpy);
  n->dst = d;
  n->src = src;
  n->bytes = bytes;
  return 1;
}

static int capture_set(cudaStream_t s, void *d, int v, size_t bytes) {
  fake_cap_stream *c = capturing_stream(s);
  if (!c)
    return 0;
  fake_gnode *n = capture_node(c, cudaGraphNodeTypeMemset);
  n->dst = d;
  n->value = (unsigned)v & 0xff;
  n->bytes = bytes;
  return 1;
}

static int capture_host(cudaStream_t s, cudaHostFn_t fn, void *data) {
  fake_cap_stream *c = capturing_stream(s);
  if (!c)
    return 0;
  fake_gnode *n = capture_node(c, cudaGraphNodeTypeHost);
  n->fn = fn;
  n->data = data;
  return 1;
}

static fake_cap_event *cap_event(fake_event *e) {
  for (int i = 0; i < MAX_CAP_STREAMS; i++)
    if (g_cap_events[i].e == e && e)
      return &g_cap_events[i];
  return NULL;
}

/* An event recorded in a capturing stream keeps the stream's dependencies. */
static int capture_record(cudaEvent_t e, cudaStream_t s) {
  fake_cap_stream *c = capturing_stream(s);
  fake_event *fe = event_of(e);
  if (!c || !fe)
    return 0;
  fake_cap_event *ce = cap_event(fe);
  for (int i = 0; !ce && i < MAX_CAP_STREAMS; i++)
    if (!g_cap_events[i].e)
      ce = &g_cap_events[i];
  if (!ce)
    fake_fatal("too many events recorded in captures");
  ce->e = fe;
  ce->graph = c->graph;
  free(ce->deps);
  ce->deps = c->ndeps ? malloc(c->ndeps * sizeof *ce->deps) : NULL;
  if (c->ndeps)
    memcpy(ce->deps, c->deps, c->ndeps * sizeof *ce->deps);
  ce->ndeps = c->ndeps;
  return 1;
}

/* A stream waiting for an event recorded in a capture joins it (or, in it,
 * adds the event's dependencies to its own). */
static int capture_wait(cudaStream_t s, cudaEvent_t e) {
  fake_event *fe = event_of(e);
  fake_cap_event *ce = fe ? cap_event(fe) : NULL;
  fake_cap_stream *c = capturing_stream(s);
  if (!ce || !ce->graph)
    return c != NULL; /* an outside event in a capture: no dependency (fake) */
  if (!c) {
    fake_stream *f = stream_of(s);
    if (!f)
      return 0;
    fake_cap_stream *o = NULL;
    for (int i = 0; i < MAX_CAP_STREAMS && !o; i++)
      if (g_cap_streams[i].s && g_cap_streams[i].graph == ce->graph)
        o = &g_cap_streams[i];
    if (!o)
      return 0;
    c = cap_join(f, ce->graph, o->origin);
    f->capturing = 1;
    f->capture_mode = o->origin->capture_mode;
    f->capture_thread = o->origin->capture_thread;
    cap_set_deps(c, ce->deps, ce->ndeps);
    return 1;
  }
  for (size_t i = 0; i < ce->ndeps; i++) {
    int have = 0;
    for (size_t j = 0; j < c->ndeps && !have; j++)
      have = c->deps[j] == ce->deps[i];
    if (!have) {
      fake_gnode *d = ce->deps[i];
      if (c->ndeps == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 4;
        c->deps = realloc(c->deps, c->cap * sizeof *c->deps);
      }
      c->deps[c->ndeps++] = d;
    }
  }
  return 1;
}

/* The end of the capture begun on f: its graph, or null when a forked
 * stream was not joined back (*unjoined: work another stream captured that
 * nothing after it and not the origin's last work depends on; the origin's
 * own work may be left so by cudaStreamSetCaptureDependencies). Every
 * stream of the capture leaves it. */
static fake_graph *capture_finished(fake_stream *f, int *unjoined) {
  fake_cap_stream *c = cap_stream(f);
  *unjoined = 0;
  if (!c)
    return NULL;
  fake_graph *g = c->graph;
  for (size_t i = 0; i < g->len; i++) {
    int has_dependent = 0, terminal = 0;
    for (size_t j = 0; j < g->len && !has_dependent; j++)
      for (size_t k = 0; k < g->n[j]->ndeps; k++)
        if (g->n[j]->deps[k] == g->n[i])
          has_dependent = 1;
    for (size_t j = 0; j < c->ndeps; j++)
      terminal |= c->deps[j] == g->n[i];
    if (!has_dependent && !terminal && g->n[i]->captured_on != f)
      *unjoined = 1;
  }
  for (int i = 0; i < MAX_CAP_STREAMS; i++)
    if (g_cap_streams[i].graph == g) {
      if (g_cap_streams[i].s != f)
        g_cap_streams[i].s->capturing = 0;
      g_cap_streams[i].s = NULL;
      g_cap_streams[i].graph = NULL;
    }
  for (int i = 0; i < MAX_CAP_STREAMS; i++)
    if (g_cap_events[i].graph == g)
      g_cap_events[i].graph = NULL;
  return g;
}

FAKE_EXPORT cudaError_t cudaStreamIsCapturing(cudaStream_t s, enum cudaStreamCaptureStatus *st) {
  RT_ENTER("cudaStreamIsCapturing");
  fake_stream *f = stream_of(s);
  if (!st || !stream_ok(s))
    return rt_fail(cudaErrorInvalidValue);
  *st = f && f->capturing ? (f->invalidated ? cudaStreamCaptureStatusInvalidated
                                            : cudaStreamCaptureStatusActive)
                          : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s,
                                                 enum cudaStreamCaptureStatus *st,
                                                 unsigned long long *id, cudaGraph_t *graph,
                                                 const cudaGraphNode_t **deps,
                                                 const cudaGraphEdgeData **edges, size_t *n) {
  RT_ENTER("cudaStreamGetCaptureInfo");
  fake_cap_stream *c = capturing_stream(s);
  if (!st || !stream_ok(s))
    return rt_fail(cudaErrorInvalidValue);
  *st = c ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
  if (id)
    *id = c ? (unsigned long long)(uintptr_t)c->graph : 0;
  if (graph)
    *graph = c ? (cudaGraph_t)c->graph : NULL;
  if (deps)
    *deps = c ? (const cudaGraphNode_t *)c->deps : NULL;
  if (edges)
    *edges = NULL;
  if (n)
    *n = c ? c->ndeps : 0;
  return cudaSuccess;
}

/* The capturing stream's dependencies (its next node's): added to, or
 * replaced (cudaStreamSetCaptureDependencies). */
static cudaError_t update_capture_deps(cudaStream_t s, cudaGraphNode_t *deps, size_t n,
                                       unsigned int flags);

FAKE_EXPORT cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t s, cudaGraphNode_t *deps,
                                                            const cudaGraphEdgeData *edges,
                                                            size_t n, unsigned int flags) {
  RT_ENTER("cudaStreamUpdateCaptureDependencies");
  (void)edges;
  return update_capture_deps(s, deps, n, flags);
}

FAKE_EXPORT cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t s,
                                                                 cudaGraphNode_t *deps,
                                                                 const cudaGraphEdgeData *edges,
                                                                 size_t n, unsigned int flags) {
  RT_ENTER("cudaStreamUpdateCaptureDependencies_ptsz");
  (void)edges;
  return update_capture_deps(s, deps, n, flags);
}

static cudaError_t update_capture_deps(cudaStream_t s, cudaGraphNode_t *deps, size_t n,
                                       unsigned int flags) {
  fake_cap_stream *c = capturing_stream(s);
  if (!c)
    return rt_fail(cudaErrorIllegalState);
  if ((n && !deps) || !deps_ok(c->graph, deps, n) ||
      (flags != cudaStreamAddCaptureDependencies && flags != cudaStreamSetCaptureDependencies))
    return rt_fail(cudaErrorInvalidValue);
  if (flags == cudaStreamSetCaptureDependencies)
    c->ndeps = 0;
  for (size_t i = 0; i < n; i++) {
    int have = 0;
    for (size_t j = 0; j < c->ndeps && !have; j++)
      have = c->deps[j] == gnode_of(deps[i]);
    if (have)
      continue;
    if (c->ndeps == c->cap) {
      c->cap = c->cap ? 2 * c->cap : 4;
      c->deps = realloc(c->deps, c->cap * sizeof *c->deps);
    }
    c->deps[c->ndeps++] = gnode_of(deps[i]);
  }
  return cudaSuccess;
}

/* Capture into an existing graph, after its nodes deps. */
static cudaError_t begin_capture_to_graph(cudaStream_t s, cudaGraph_t g,
                                          const cudaGraphNode_t *deps, size_t n,
                                          enum cudaStreamCaptureMode mode) {
  fake_graph *fg = graph_of(g);
  if (!fg || (n && !deps) || !deps_ok(fg, deps, n))
    return rt_fail(cudaErrorInvalidValue);
  return begin_capture_to(s, mode, g, deps, n);
}

FAKE_EXPORT cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t s, cudaGraph_t g,
                                                      const cudaGraphNode_t *deps,
                                                      const cudaGraphEdgeData *edges, size_t n,
                                                      enum cudaStreamCaptureMode mode) {
  RT_ENTER("cudaStreamBeginCaptureToGraph");
  (void)edges;
  return begin_capture_to_graph(s, g, deps, n, mode);
}

FAKE_EXPORT cudaError_t cudaStreamBeginCaptureToGraph_ptsz(cudaStream_t s, cudaGraph_t g,
                                                           const cudaGraphNode_t *deps,
                                                           const cudaGraphEdgeData *edges,
                                                           size_t n,
                                                           enum cudaStreamCaptureMode mode) {
  RT_ENTER("cudaStreamBeginCaptureToGraph_ptsz");
  (void)edges;
  return begin_capture_to_graph(s, g, deps, n, mode);
}

/* ---- explicit graphs ---- */

FAKE_EXPORT cudaError_t cudaGraphCreate(cudaGraph_t *g, unsigned int flags) {
  RT_ENTER("cudaGraphCreate");
  if (!g || flags)
    return rt_fail(cudaErrorInvalidValue);
  *g = (cudaGraph_t)graph_new();
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphDestroy(cudaGraph_t g) {
  RT_ENTER("cudaGraphDestroy");
  fake_graph *f = graph_of(g);
  if (!f)
    return rt_fail(cudaErrorInvalidValue);
  graph_free(f);
  return cudaSuccess;
}

#define ADD_NODE(type)                                                                         \
  fake_graph *fg = graph_of(g);                                                                \
  if (!node || !fg || (n && !deps) || !deps_ok(fg, deps, n))                                   \
    return rt_fail(cudaErrorInvalidValue);                                                     \
  fake_gnode *nn = gnode_new(fg, type, (fake_gnode *const *)deps, n);                          \
  *node = (cudaGraphNode_t)nn

FAKE_EXPORT cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t g,
                                               const cudaGraphNode_t *deps, size_t n,
                                               const struct cudaKernelNodeParams *p) {
  RT_ENTER("cudaGraphAddKernelNode");
  int np = p ? kernel_nparams_of_stub(p->func) : -1;
  if (np < 0)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  ADD_NODE(cudaGraphNodeTypeKernel);
  nn->stub = p->func;
  unsigned grid[3] = {p->gridDim.x, p->gridDim.y, p->gridDim.z};
  unsigned block[3] = {p->blockDim.x, p->blockDim.y, p->blockDim.z};
  memcpy(nn->grid, grid, sizeof grid);
  memcpy(nn->block, block, sizeof block);
  nn->shmem = p->sharedMemBytes;
  gnode_set_args(nn, (size_t)np, p->kernelParams, 0);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t g,
                                                 const cudaGraphNode_t *deps, size_t n,
                                                 void *dst, const void *src, size_t count,
                                                 enum cudaMemcpyKind kind) {
  RT_ENTER("cudaGraphAddMemcpyNode1D");
  (void)kind;
  ADD_NODE(cudaGraphNodeTypeMemcpy);
  nn->dst = dst;
  nn->src = src;
  nn->bytes = count;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *node, cudaGraph_t g,
                                               const cudaGraphNode_t *deps, size_t n,
                                               const struct cudaMemcpy3DParms *p) {
  RT_ENTER("cudaGraphAddMemcpyNode");
  /* The fake's copy nodes are 1D: one row of linear memory. */
  if (!p || p->srcArray || p->dstArray || p->extent.height > 1 || p->extent.depth > 1)
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeMemcpy);
  nn->dst = (char *)p->dstPtr.ptr + p->dstPos.x;
  nn->src = (const char *)p->srcPtr.ptr + p->srcPos.x;
  nn->bytes = p->extent.width;
  return cudaSuccess;
}

/* Copy nodes to and from a __device__ variable: 1D copies of its bytes. */
static char *symbol_at(const void *sym, size_t n, size_t off);

FAKE_EXPORT cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *node, cudaGraph_t g,
                                                       const cudaGraphNode_t *deps, size_t n,
                                                       const void *symbol, const void *src,
                                                       size_t count, size_t offset,
                                                       enum cudaMemcpyKind kind) {
  char *d = symbol_at(symbol, count, offset);
  if (!d)
    return rt_fail(cudaErrorInvalidSymbol);
  return cudaGraphAddMemcpyNode1D(node, g, deps, n, d, src, count, kind);
}

FAKE_EXPORT cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *node, cudaGraph_t g,
                                                         const cudaGraphNode_t *deps, size_t n,
                                                         void *dst, const void *symbol,
                                                         size_t count, size_t offset,
                                                         enum cudaMemcpyKind kind) {
  char *d = symbol_at(symbol, count, offset);
  if (!d)
    return rt_fail(cudaErrorInvalidSymbol);
  return cudaGraphAddMemcpyNode1D(node, g, deps, n, dst, d, count, kind);
}

FAKE_EXPORT cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t g,
                                               const cudaGraphNode_t *deps, size_t n,
                                               const struct cudaMemsetParams *p) {
  RT_ENTER("cudaGraphAddMemsetNode");
  if (!p || p->elementSize != 1 || p->height != 1)
    return rt_fail(cudaErrorInvalidValue); /* the fake knows 1D byte sets */
  ADD_NODE(cudaGraphNodeTypeMemset);
  nn->dst = p->dst;
  nn->value = p->value & 0xff;
  nn->bytes = p->width;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t g,
                                             const cudaGraphNode_t *deps, size_t n,
                                             const struct cudaHostNodeParams *p) {
  RT_ENTER("cudaGraphAddHostNode");
  if (!p || !p->fn)
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeHost);
  nn->fn = p->fn;
  nn->data = p->userData;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t g,
                                              const cudaGraphNode_t *deps, size_t n) {
  RT_ENTER("cudaGraphAddEmptyNode");
  ADD_NODE(cudaGraphNodeTypeEmpty);
  (void)nn;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                   const cudaGraphNode_t *deps, size_t n,
                                                   cudaGraph_t child) {
  RT_ENTER("cudaGraphAddChildGraphNode");
  fake_graph *c = graph_of(child);
  if (!c)
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeGraph);
  nn->child = fake_graph_clone(c);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                    const cudaGraphNode_t *deps, size_t n,
                                                    cudaEvent_t e) {
  RT_ENTER("cudaGraphAddEventRecordNode");
  if (!event_of(e))
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeEventRecord);
  nn->event = e;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                  const cudaGraphNode_t *deps, size_t n,
                                                  cudaEvent_t e) {
  RT_ENTER("cudaGraphAddEventWaitNode");
  if (!event_of(e))
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeWaitEvent);
  nn->event = e;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                 const cudaGraphNode_t *deps, size_t n,
                                                 struct cudaMemAllocNodeParams *p) {
  RT_ENTER("cudaGraphAddMemAllocNode");
  if (!p || !p->bytesize)
    return rt_fail(cudaErrorInvalidValue);
  ADD_NODE(cudaGraphNodeTypeMemAlloc);
  /* The address is the graph's from now on (CUDA reserves it here). CUDA
   * may give an allocation the addresses of one the graph freed before it
   * (guide "Graph Memory Nodes", address reuse): here, when a direct
   * dependency frees a large enough allocation of the same graph. */
  nn->dptr = NULL;
  for (size_t i = 0; i < n && !nn->dptr; i++) {
    fake_gnode *d = (fake_gnode *)deps[i];
    for (size_t k = 0; d->type == cudaGraphNodeTypeMemFree && k < fg->len; k++)
      if (fg->n[k]->type == cudaGraphNodeTypeMemAlloc && fg->n[k]->dptr == d->dptr &&
          fg->n[k]->bytes >= p->bytesize)
        nn->dptr = d->dptr;
  }
  if (!nn->dptr)
    nn->dptr = dev_alloc(p->bytesize, 0);
  p->dptr = nn->dptr;
  nn->bytes = p->bytesize;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *node, cudaGraph_t g,
                                                const cudaGraphNode_t *deps, size_t n,
                                                void *dptr) {
  RT_ENTER("cudaGraphAddMemFreeNode");
  ADD_NODE(cudaGraphNodeTypeMemFree);
  nn->dptr = dptr;
  return cudaSuccess;
}
#undef ADD_NODE

FAKE_EXPORT cudaError_t cudaGraphAddDependencies(cudaGraph_t g, const cudaGraphNode_t *from,
                                                 const cudaGraphNode_t *to,
                                                 const cudaGraphEdgeData *edges, size_t n) {
  RT_ENTER("cudaGraphAddDependencies");
  fake_graph *fg = graph_of(g);
  if (!fg || !deps_ok(fg, from, n) || !deps_ok(fg, to, n))
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < n; i++)
    gnode_add_dep_data(gnode_of(to[i]), gnode_of(from[i]), edges ? &edges[i] : NULL);
  return cudaSuccess;
}

/* The generic add (CUDA 12.2+; CUDA 13 with edge data): the kinds the
 * fake has, through their own adds; edges with data are added after the
 * node (as cudaGraphAddDependencies keeps it). Other kinds: not supported. */
FAKE_EXPORT cudaError_t cudaGraphAddNode(cudaGraphNode_t *node, cudaGraph_t g,
                                         const cudaGraphNode_t *deps,
                                         const cudaGraphEdgeData *data, size_t n,
                                         struct cudaGraphNodeParams *p) {
  if (!p)
    return rt_fail(cudaErrorInvalidValue);
  const struct cudaGraphNodeParams *q = p;
  const cudaGraphNode_t *d = data ? NULL : deps;
  size_t nd = data ? 0 : n;
  cudaError_t e;
  switch (q->type) {
  case cudaGraphNodeTypeKernel: {
    struct cudaKernelNodeParams k = {q->kernel.func, q->kernel.gridDim, q->kernel.blockDim,
                                     q->kernel.sharedMemBytes, q->kernel.kernelParams,
                                     q->kernel.extra};
    e = cudaGraphAddKernelNode(node, g, d, nd, &k);
    break;
  }
  case cudaGraphNodeTypeMemcpy:
    e = cudaGraphAddMemcpyNode(node, g, d, nd, &q->memcpy.copyParams);
    break;
  case cudaGraphNodeTypeMemset: {
    struct cudaMemsetParams m = {q->memset.dst, q->memset.pitch, q->memset.value,
                                 q->memset.elementSize, q->memset.width, q->memset.height};
    e = cudaGraphAddMemsetNode(node, g, d, nd, &m);
    break;
  }
  case cudaGraphNodeTypeEmpty:
    e = cudaGraphAddEmptyNode(node, g, d, nd);
    break;
  default:
    return rt_fail(cudaErrorNotSupported);
  }
  for (size_t i = 0; e == cudaSuccess && data && i < n; i++)
    e = cudaGraphAddDependencies(g, &deps[i], node, &data[i], 1);
  return e;
}

/* The graph list queries (cudaGraphGetNodes, GetRootNodes, GetEdges,
 * NodeGetDependencies, NodeGetDependentNodes) answer as CUDA 13.0 did on an
 * H200 (a probe, csan's first GPU run): NULL lists ask for the count only
 * and succeed, also where it is 0; a list with room for 0 entries is
 * cudaErrorInvalidValue, also where there is nothing to return (a graph
 * without edges, an empty graph, a node without dependencies); more room
 * than entries is fine. As documented, entries past the last one returned
 * are set to NULL and the count says how many were returned. (With less
 * room than entries the count stays the total, as before: not observed.)
 * Edge data comes back as added; asking for edges without their data where
 * one has some is cudaErrorLossyQuery (documented, not yet observed). */
static int list_room_ok(const void *list, const size_t *n) {
  return !list || *n;
}

/* Edge data other than the default (a programmatic edge). The documented
 * rule: a query that returns such an edge without asking for its data
 * (edgeData NULL) is cudaErrorLossyQuery. A count-only query loses
 * nothing. */
static int edge_data_set(const cudaGraphEdgeData *d) {
  return d->from_port || d->to_port || d->type;
}

FAKE_EXPORT cudaError_t cudaGraphGetNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n) {
  RT_ENTER("cudaGraphGetNodes");
  fake_graph *fg = graph_of(g);
  if (!fg || !n || !list_room_ok(nodes, n))
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; nodes && i < *n; i++)
    nodes[i] = i < fg->len ? (cudaGraphNode_t)fg->n[i] : NULL;
  *n = fg->len;
  return cudaSuccess;
}

/* The nodes without dependencies, in the order they were added. */
FAKE_EXPORT cudaError_t cudaGraphGetRootNodes(cudaGraph_t g, cudaGraphNode_t *nodes, size_t *n) {
  RT_ENTER("cudaGraphGetRootNodes");
  fake_graph *fg = graph_of(g);
  if (!fg || !n || !list_room_ok(nodes, n))
    return rt_fail(cudaErrorInvalidValue);
  size_t k = 0;
  for (size_t i = 0; i < fg->len; i++)
    if (!fg->n[i]->ndeps) {
      if (nodes && k < *n)
        nodes[k] = (cudaGraphNode_t)fg->n[i];
      k++;
    }
  for (size_t i = k; nodes && i < *n; i++)
    nodes[i] = NULL;
  *n = k;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphGetEdges(cudaGraph_t g, cudaGraphNode_t *from,
                                          cudaGraphNode_t *to, cudaGraphEdgeData *edges,
                                          size_t *n) {
  RT_ENTER("cudaGraphGetEdges");
  fake_graph *fg = graph_of(g);
  if (!fg || !n || !list_room_ok(from, n) || !list_room_ok(to, n) || !list_room_ok(edges, n))
    return rt_fail(cudaErrorInvalidValue);
  size_t k = 0;
  for (size_t i = 0; i < fg->len; i++)
    for (size_t j = 0; j < fg->n[i]->ndeps; j++, k++)
      if (from && to && k < *n) {
        if (!edges && edge_data_set(&fg->n[i]->depdata[j]))
          return rt_fail(cudaErrorLossyQuery);
        from[k] = (cudaGraphNode_t)fg->n[i]->deps[j];
        to[k] = (cudaGraphNode_t)fg->n[i];
        if (edges)
          edges[k] = fg->n[i]->depdata[j];
      }
  for (size_t i = k; from && to && i < *n; i++) {
    from[i] = to[i] = NULL;
    if (edges)
      memset(&edges[i], 0, sizeof edges[i]);
  }
  *n = k;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                                     cudaGraphEdgeData *edges, size_t *n) {
  RT_ENTER("cudaGraphNodeGetDependencies");
  fake_gnode *f = gnode_of(node);
  if (!f || !n || !list_room_ok(deps, n) || !list_room_ok(edges, n))
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; deps && i < *n && i < f->ndeps; i++)
    if (!edges && edge_data_set(&f->depdata[i]))
      return rt_fail(cudaErrorLossyQuery);
  for (size_t i = 0; deps && i < *n; i++) {
    deps[i] = i < f->ndeps ? (cudaGraphNode_t)f->deps[i] : NULL;
    if (edges && i < f->ndeps)
      edges[i] = f->depdata[i];
    else if (edges)
      memset(&edges[i], 0, sizeof edges[i]);
  }
  *n = f->ndeps;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *out,
                                                       cudaGraphEdgeData *edges, size_t *n) {
  RT_ENTER("cudaGraphNodeGetDependentNodes");
  fake_gnode *f = gnode_of(node);
  if (!f || !n || !list_room_ok(out, n) || !list_room_ok(edges, n))
    return rt_fail(cudaErrorInvalidValue);
  size_t k = 0;
  for (size_t i = 0; i < f->owner->len; i++)
    for (size_t j = 0; j < f->owner->n[i]->ndeps; j++)
      if (f->owner->n[i]->deps[j] == f) {
        if (out && k < *n) {
          if (!edges && edge_data_set(&f->owner->n[i]->depdata[j]))
            return rt_fail(cudaErrorLossyQuery);
          out[k] = (cudaGraphNode_t)f->owner->n[i];
          if (edges)
            edges[k] = f->owner->n[i]->depdata[j];
        }
        k++;
      }
  for (size_t i = k; out && i < *n; i++) {
    out[i] = NULL;
    if (edges)
      memset(&edges[i], 0, sizeof edges[i]);
  }
  *n = k;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *t) {
  RT_ENTER("cudaGraphNodeGetType");
  fake_gnode *n = gnode_of(node);
  if (!n || !t)
    return rt_fail(cudaErrorInvalidValue);
  *t = n->type;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node,
                                                   struct cudaHostNodeParams *p) {
  RT_ENTER("cudaGraphHostNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !p || n->type != cudaGraphNodeTypeHost)
    return rt_fail(cudaErrorInvalidValue);
  p->fn = n->fn;
  p->userData = n->data;
  return cudaSuccess;
}

/* Removes a node and its edges from its graph (the handle stays readable
 * and invalid). */
FAKE_EXPORT cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
  RT_ENTER("cudaGraphDestroyNode");
  fake_gnode *n = gnode_of(node);
  if (!n)
    return rt_fail(cudaErrorInvalidValue);
  fake_graph *g = n->owner;
  /* RT cudaGraphDestroyNode: no dependency may be removed from a graph
   * with memory alloc or free nodes (nor any node: cudaGraphAddMemAllocNode). */
  if (graph_has_memory_nodes(g))
    return rt_fail(cudaErrorInvalidValue);
  size_t k = 0;
  for (size_t i = 0; i < g->len; i++) {
    fake_gnode *m = g->n[i];
    if (m == n)
      continue;
    size_t kd = 0;
    for (size_t j = 0; j < m->ndeps; j++)
      if (m->deps[j] != n) {
        m->depdata[kd] = m->depdata[j];
        m->deps[kd++] = m->deps[j];
      }
    m->ndeps = kd;
    g->n[k++] = m;
  }
  g->len = k;
  graph_free(n->child);
  free(n->deps);
  free(n->depdata);
  free(n->argbuf);
  free(n->argoff);
  free(n->argv);
  n->magic = 0;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                                     struct cudaKernelNodeParams *p) {
  RT_ENTER("cudaGraphKernelNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !p || n->type != cudaGraphNodeTypeKernel || !n->stub)
    return rt_fail(cudaErrorInvalidValue);
  memset(p, 0, sizeof *p);
  p->func = (void *)n->stub;
  p->gridDim = (dim3){n->grid[0], n->grid[1], n->grid[2]};
  p->blockDim = (dim3){n->block[0], n->block[1], n->block[2]};
  p->sharedMemBytes = n->shmem;
  p->kernelParams = n->argv;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                                     const struct cudaKernelNodeParams *p) {
  RT_ENTER("cudaGraphKernelNodeSetParams");
  fake_gnode *n = gnode_of(node);
  int np = p ? kernel_nparams_of_stub(p->func) : -1;
  if (!n || np < 0 || n->type != cudaGraphNodeTypeKernel)
    return rt_fail(cudaErrorInvalidValue);
  n->stub = p->func;
  n->cufn = NULL;
  n->grid[0] = p->gridDim.x, n->grid[1] = p->gridDim.y, n->grid[2] = p->gridDim.z;
  n->block[0] = p->blockDim.x, n->block[1] = p->blockDim.y, n->block[2] = p->blockDim.z;
  n->shmem = p->sharedMemBytes;
  gnode_set_args(n, (size_t)np, p->kernelParams, 0);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node,
                                                     struct cudaMemcpy3DParms *p) {
  RT_ENTER("cudaGraphMemcpyNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !p || n->type != cudaGraphNodeTypeMemcpy)
    return rt_fail(cudaErrorInvalidValue);
  memset(p, 0, sizeof *p);
  p->srcPtr.ptr = (void *)n->src;
  p->dstPtr.ptr = n->dst;
  p->srcPtr.pitch = p->dstPtr.pitch = p->srcPtr.xsize = p->dstPtr.xsize = n->bytes;
  p->srcPtr.ysize = p->dstPtr.ysize = 1;
  p->extent.width = n->bytes;
  p->extent.height = p->extent.depth = 1;
  p->kind = cudaMemcpyDefault;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node,
                                                     struct cudaMemsetParams *p) {
  RT_ENTER("cudaGraphMemsetNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !p || n->type != cudaGraphNodeTypeMemset)
    return rt_fail(cudaErrorInvalidValue);
  memset(p, 0, sizeof *p);
  p->dst = n->dst;
  p->value = n->value;
  p->elementSize = 1;
  p->width = n->bytes;
  p->height = 1;
  p->pitch = n->bytes;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *g) {
  RT_ENTER("cudaGraphChildGraphNodeGetGraph");
  fake_gnode *n = gnode_of(node);
  if (!n || !g || n->type != cudaGraphNodeTypeGraph)
    return rt_fail(cudaErrorInvalidValue);
  *g = (cudaGraph_t)n->child;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *e) {
  RT_ENTER("cudaGraphEventRecordNodeGetEvent");
  fake_gnode *n = gnode_of(node);
  if (!n || !e || n->type != cudaGraphNodeTypeEventRecord)
    return rt_fail(cudaErrorInvalidValue);
  *e = n->event;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *e) {
  RT_ENTER("cudaGraphEventWaitNodeGetEvent");
  fake_gnode *n = gnode_of(node);
  if (!n || !e || n->type != cudaGraphNodeTypeWaitEvent)
    return rt_fail(cudaErrorInvalidValue);
  *e = n->event;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node,
                                                       struct cudaMemAllocNodeParams *p) {
  RT_ENTER("cudaGraphMemAllocNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !p || n->type != cudaGraphNodeTypeMemAlloc)
    return rt_fail(cudaErrorInvalidValue);
  memset(p, 0, sizeof *p);
  p->bytesize = n->bytes;
  p->dptr = n->dptr;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out) {
  RT_ENTER("cudaGraphMemFreeNodeGetParams");
  fake_gnode *n = gnode_of(node);
  if (!n || !dptr_out || n->type != cudaGraphNodeTypeMemFree)
    return rt_fail(cudaErrorInvalidValue);
  *(void **)dptr_out = n->dptr;
  return cudaSuccess;
}

/* CUDA does not clone graphs with memory (or conditional) nodes. */
static int graph_has_memory_nodes(const fake_graph *g) {
  for (size_t i = 0; i < g->len; i++)
    if (g->n[i]->type == cudaGraphNodeTypeMemAlloc || g->n[i]->type == cudaGraphNodeTypeMemFree ||
        (g->n[i]->child && graph_has_memory_nodes(g->n[i]->child)))
      return 1;
  return 0;
}

FAKE_EXPORT cudaError_t cudaGraphClone(cudaGraph_t *out, cudaGraph_t g) {
  RT_ENTER("cudaGraphClone");
  fake_graph *fg = graph_of(g);
  if (!fg || !out)
    return rt_fail(cudaErrorInvalidValue);
  if (graph_has_memory_nodes(fg))
    return rt_fail(cudaErrorNotSupported);
  *out = (cudaGraph_t)fake_graph_clone(fg);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *out, cudaGraphNode_t orig,
                                                 cudaGraph_t clone) {
  RT_ENTER("cudaGraphNodeFindInClone");
  fake_gnode *o = gnode_of(orig);
  fake_graph *c = graph_of(clone);
  if (!o || !c || !out)
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < c->len; i++)
    if (c->n[i]->cloned_from == o) {
      *out = (cudaGraphNode_t)c->n[i];
      return cudaSuccess;
    }
  return rt_fail(cudaErrorInvalidValue);
}

/* ---- execs ---- */

static cudaError_t gexec_instantiate(cudaGraphExec_t *x, cudaGraph_t g) {
  fake_graph *fg = graph_of(g);
  if (!fg || !x)
    return rt_fail(cudaErrorInvalidValue);
  /* RT cudaGraphInstantiate: at most one exec of a graph with memory alloc
   * or free nodes exists at a time. */
  if (fg->live_execs && graph_has_memory_nodes(fg))
    return rt_fail(cudaErrorInvalidValue);
  fg->live_execs++;
  fake_gexec *e = calloc(1, sizeof *e);
  e->magic = GEXEC_MAGIC;
  e->src = fg;
  e->copy = fake_graph_clone(fg);
  *x = (cudaGraphExec_t)e;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphInstantiate(cudaGraphExec_t *x, cudaGraph_t g,
                                             unsigned long long flags) {
  RT_ENTER("cudaGraphInstantiate");
  (void)flags;
  return gexec_instantiate(x, g);
}

FAKE_EXPORT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *x, cudaGraph_t g,
                                                      unsigned long long flags) {
  RT_ENTER("cudaGraphInstantiateWithFlags");
  (void)flags;
  return gexec_instantiate(x, g);
}

FAKE_EXPORT cudaError_t cudaGraphExecDestroy(cudaGraphExec_t x) {
  RT_ENTER("cudaGraphExecDestroy");
  fake_gexec *e = gexec_of(x);
  if (!e)
    return rt_fail(cudaErrorInvalidValue);
  e->src->live_execs--; /* the graph's struct outlives cudaGraphDestroy */
  graph_free(e->copy);
  e->magic = 0;
  return cudaSuccess;
}

/* The exec's copy of a node of the graph it was instantiated from. */
static fake_gnode *exec_node(fake_gexec *e, cudaGraphNode_t node) {
  for (size_t i = 0; i < e->src->len && i < e->copy->len; i++)
    if ((cudaGraphNode_t)e->src->n[i] == node)
      return e->copy->n[i];
  return NULL;
}

FAKE_EXPORT cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t x, cudaGraphNode_t node,
                                                         const struct cudaKernelNodeParams *p) {
  RT_ENTER("cudaGraphExecKernelNodeSetParams");
  fake_gexec *e = gexec_of(x);
  fake_gnode *n = e ? exec_node(e, node) : NULL;
  int np = p ? kernel_nparams_of_stub(p->func) : -1;
  if (!n || np < 0 || n->type != cudaGraphNodeTypeKernel)
    return rt_fail(cudaErrorInvalidValue);
  n->stub = p->func;
  n->grid[0] = p->gridDim.x, n->grid[1] = p->gridDim.y, n->grid[2] = p->gridDim.z;
  n->block[0] = p->blockDim.x, n->block[1] = p->blockDim.y, n->block[2] = p->blockDim.z;
  n->shmem = p->sharedMemBytes;
  gnode_set_args(n, (size_t)np, p->kernelParams, 0);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphExecUpdate(cudaGraphExec_t x, cudaGraph_t g,
                                            cudaGraphExecUpdateResultInfo *info) {
  RT_ENTER("cudaGraphExecUpdate");
  fake_gexec *e = gexec_of(x);
  fake_graph *fg = graph_of(g);
  if (info)
    memset(info, 0, sizeof *info);
  if (!e || !fg)
    return rt_fail(cudaErrorInvalidValue);
  if (fg->len != e->copy->len) {
    if (info)
      info->result = cudaGraphExecUpdateErrorTopologyChanged;
    return rt_fail(cudaErrorGraphExecUpdateFailure);
  }
  for (size_t i = 0; i < fg->len; i++)
    if (fg->n[i]->type != e->copy->n[i]->type || fg->n[i]->ndeps != e->copy->n[i]->ndeps) {
      if (info)
        info->result = cudaGraphExecUpdateErrorTopologyChanged;
      return rt_fail(cudaErrorGraphExecUpdateFailure);
    }
  for (size_t i = 0; i < fg->len; i++)
    gnode_copy_params(e->copy->n[i], fg->n[i]);
  e->src = fg;
  return cudaSuccess;
}

/* A graph allocation's block: reserved (kind 0) from the alloc node's
 * creation for the graph's life; allocated (MEM_ASYNC: cudaFree and
 * cudaFreeAsync take it) while its alloc node has run and no free node
 * since. A block freed by cudaFreeAsync is allocated again by its node. */
static void graph_mem_mark(void *p, int allocated) {
  pthread_mutex_lock(&g_mu);
  for (size_t i = g_nblocks; i-- > 0;) {
    block *b = &g_blocks[i];
    if (b->ptr != p || b->kind == MEM_PINNED || b->kind == MEM_REGISTERED)
      continue;
    if (allocated && !b->live) {
      b->live = 1;
      g_device_bytes += b->cap;
    }
    if (b->live && (b->kind == 0 || b->kind == MEM_ASYNC))
      b->kind = allocated ? MEM_ASYNC : 0;
    break;
  }
  pthread_mutex_unlock(&g_mu);
}

/* Runs the graph's nodes now, in a topological order, on stream s. */
static void graph_run(fake_graph *g, cudaStream_t s) {
  char *done = calloc(g->len ? g->len : 1, 1);
  size_t left = g->len;
  while (left) {
    size_t before = left;
    for (size_t i = 0; i < g->len; i++) {
      fake_gnode *n = g->n[i];
      if (done[i])
        continue;
      int ready = 1;
      for (size_t j = 0; j < n->ndeps && ready; j++)
        for (size_t k = 0; k < g->len; k++)
          if (g->n[k] == n->deps[j] && !done[k])
            ready = 0;
      if (!ready)
        continue;
      done[i] = 1;
      left--;
      switch (n->type) {
      case cudaGraphNodeTypeKernel:
        if (n->cufn) {
          CUlaunchConfig cfg;
          memset(&cfg, 0, sizeof cfg);
          cfg.gridDimX = n->grid[0], cfg.gridDimY = n->grid[1], cfg.gridDimZ = n->grid[2];
          cfg.blockDimX = n->block[0], cfg.blockDimY = n->block[1], cfg.blockDimZ = n->block[2];
          cfg.sharedMemBytes = n->shmem;
          cfg.hStream = (CUstream)s;
          if (drv_launch_kernel_ex(&cfg, n->cufn, n->argv, NULL) != CUDA_SUCCESS)
            fake_fatal("a graph's kernel node failed to launch");
        } else {
          fake_kernel *k = kernel_by_stub(n->stub);
          run_user(&k->k[cur_device()], 0, NULL, n->grid, n->block, n->shmem, s, 0, n->argv);
        }
        break;
      case cudaGraphNodeTypeMemcpy:
        memmove(n->dst, n->src, n->bytes);
        break;
      case cudaGraphNodeTypeMemset:
        memset(n->dst, (int)n->value, n->bytes);
        break;
      case cudaGraphNodeTypeHost:
        n->fn(n->data);
        break;
      case cudaGraphNodeTypeGraph:
        graph_run(n->child, s);
        break;
      case cudaGraphNodeTypeMemAlloc:
        graph_mem_mark(n->dptr, 1);
        break;
      case cudaGraphNodeTypeMemFree:
        graph_mem_mark(n->dptr, 0);
        break;
      case cudaGraphNodeTypeEventRecord: {
        fake_event *fe = event_of(n->event);
        if (fe)
          fe->recorded = 1;
        break;
      }
      default:
        break;
      }
    }
    if (left == before)
      fake_fatal("a graph has a cycle");
  }
  free(done);
}

static cudaError_t graph_launch(cudaGraphExec_t x, cudaStream_t s) {
  fake_gexec *e = gexec_of(x);
  if (!e || !stream_ok(s))
    return rt_fail(cudaErrorInvalidValue);
  fake_cap_stream *c = capturing_stream(s);
  if (c) { /* a graph launched into a capture: a child graph node */
    fake_gnode *n = capture_node(c, cudaGraphNodeTypeGraph);
    n->child = fake_graph_clone(e->copy);
    return cudaSuccess;
  }
  tally("graph:launch");
  graph_run(e->copy, s);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaGraphLaunch(cudaGraphExec_t x, cudaStream_t s) {
  RT_ENTER("cudaGraphLaunch");
  return graph_launch(x, s);
}

FAKE_EXPORT cudaError_t cudaGraphLaunch_ptsz(cudaGraphExec_t x, cudaStream_t s) {
  RT_ENTER("cudaGraphLaunch_ptsz");
  return graph_launch(x, s);
}

/* The driver's kernel node parameters (csan's instrumented copies: the
 * twin as a CUfunction, its context as the last parameter). */
static CUresult drv_graph_kernel_set(fake_gnode *n, const CUDA_KERNEL_NODE_PARAMS *p) {
  fake_func *f = p ? func_of(p->func) : NULL;
  if (!n || !f || n->type != cudaGraphNodeTypeKernel || p->extra)
    return CUDA_ERROR_INVALID_VALUE;
  int twin = f->kind == FN_TWIN;
  size_t np = f->kernel ? (size_t)f->kernel->nparams : 2; /* csan's kernels: two */
  n->stub = NULL;
  n->cufn = p->func;
  n->grid[0] = p->gridDimX, n->grid[1] = p->gridDimY, n->grid[2] = p->gridDimZ;
  n->block[0] = p->blockDimX, n->block[1] = p->blockDimY, n->block[2] = p->blockDimZ;
  n->shmem = p->sharedMemBytes;
  if (f->kind >= FN_RK_ACCESS) {
    /* csan's range check: its parameter block and its context. */
    free(n->argbuf);
    free(n->argoff);
    free(n->argv);
    n->argbytes = sizeof(csan_rk_access_params) + sizeof(csan_launch_ctx);
    n->argbuf = calloc(1, n->argbytes);
    n->argoff = calloc(2, sizeof *n->argoff);
    n->argv = calloc(2, sizeof *n->argv);
    n->argoff[1] = sizeof(csan_rk_access_params);
    memcpy(n->argbuf, p->kernelParams[0], sizeof(csan_rk_access_params));
    memcpy(n->argbuf + n->argoff[1], p->kernelParams[1], sizeof(csan_launch_ctx));
    n->argv[0] = n->argbuf;
    n->argv[1] = n->argbuf + n->argoff[1];
    n->nargs = 2;
    return CUDA_SUCCESS;
  }
  gnode_set_args(n, np, p->kernelParams,
                 !twin                                ? 0
                 : f->kernel && f->kernel->twin == FAKE_TWIN_PDL ? CSAN_CTX_PAIR_COUNT * sizeof(csan_launch_ctx)
                                                      : sizeof(csan_launch_ctx));
  return CUDA_SUCCESS;
}

/* The node's function (a driver function, or the runtime kernel's stub as
 * the fake's handle for it) and its parameters, owned by the node. */
static CUresult drv_graph_kernel_node_get_params(CUgraphNode node, CUDA_KERNEL_NODE_PARAMS *p) {
  DRV_ENTER("cuGraphKernelNodeGetParams");
  fake_gnode *n = gnode_of((cudaGraphNode_t)node);
  if (!n || !p || n->type != cudaGraphNodeTypeKernel)
    return CUDA_ERROR_INVALID_VALUE;
  memset(p, 0, sizeof *p);
  p->func = n->cufn ? n->cufn : (CUfunction)(uintptr_t)n->stub;
  p->gridDimX = n->grid[0], p->gridDimY = n->grid[1], p->gridDimZ = n->grid[2];
  p->blockDimX = n->block[0], p->blockDimY = n->block[1], p->blockDimZ = n->block[2];
  p->sharedMemBytes = n->shmem;
  p->kernelParams = n->argv;
  return CUDA_SUCCESS;
}

static CUresult drv_graph_kernel_node_set_params(CUgraphNode node,
                                                 const CUDA_KERNEL_NODE_PARAMS *p) {
  DRV_ENTER("cuGraphKernelNodeSetParams");
  return drv_graph_kernel_set(gnode_of((cudaGraphNode_t)node), p);
}

static CUresult drv_graph_add_kernel_node(CUgraphNode *node, CUgraph g, const CUgraphNode *deps,
                                          size_t n, const CUDA_KERNEL_NODE_PARAMS *p) {
  DRV_ENTER("cuGraphAddKernelNode");
  fake_graph *fg = graph_of((cudaGraph_t)g);
  if (!node || !fg || (n && !deps) || !deps_ok(fg, (const cudaGraphNode_t *)deps, n))
    return CUDA_ERROR_INVALID_VALUE;
  fake_gnode *nn = gnode_new(fg, cudaGraphNodeTypeKernel, (fake_gnode *const *)deps, n);
  *node = (CUgraphNode)nn;
  return drv_graph_kernel_set(nn, p);
}

static CUresult drv_graph_exec_kernel_node_set_params(CUgraphExec x, CUgraphNode node,
                                                      const CUDA_KERNEL_NODE_PARAMS *p) {
  DRV_ENTER("cuGraphExecKernelNodeSetParams");
  fake_gexec *e = gexec_of((cudaGraphExec_t)x);
  return drv_graph_kernel_set(e ? exec_node(e, (cudaGraphNode_t)node) : NULL, p);
}

FAKE_EXPORT cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int dev) {
  RT_ENTER("cudaGetDeviceProperties");
  if (dev < 0 || dev >= g_ndevices)
    return rt_fail(cudaErrorInvalidDevice);
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "csan fake CUDA device %d (the CPU, test/fake)", dev);
  p->major = 9;
  p->minor = 0;
  p->totalGlobalMem = ARENA_BYTES / 2;
  p->multiProcessorCount = 4;
  p->warpSize = 32;
  p->maxThreadsPerBlock = 1024;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaRuntimeGetVersion(int *v) {
  pthread_once(&g_once, init_env);
  *v = CUDART_VERSION;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaDriverGetVersion(int *v) {
  pthread_once(&g_once, init_env);
  *v = g_no_device ? 0 : CUDART_VERSION;
  return cudaSuccess;
}

static int g_default_pool;

FAKE_EXPORT cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int dev) {
  RT_ENTER("cudaDeviceGetDefaultMemPool");
  if (dev < 0 || dev >= g_ndevices)
    return rt_fail(cudaErrorInvalidDevice);
  *pool = (cudaMemPool_t)(void *)&g_default_pool;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr,
                                                void *value) {
  RT_ENTER("cudaMemPoolSetAttribute");
  (void)attr; /* freed memory is kept anyway (blocks are reused, never unmapped) */
  return pool && value ? cudaSuccess : rt_fail(cudaErrorInvalidValue);
}

/* FAKE_CUDA_REPORT=1: at exit, what the program registered and launched. */
static void fake_report(void) {
  size_t bodies = 0, twins = 0;
  for (size_t i = 0; i < g_nkernels; i++) {
    bodies += g_kernels[i]->body != NULL;
    twins += g_kernels[i]->twin == FAKE_TWIN_OK;
  }
  fprintf(stderr,
          "fake_cuda: %zu kernel(s) registered, %zu with an instrumented twin, %zu with a CPU "
          "body; launches: %lu of twins, %lu uninstrumented; csan's range checks: %lu\n",
          g_nkernels, twins, bodies, fake_cuda_count("launch:twin"),
          fake_cuda_count("launch:plain"), fake_cuda_count(CSAN_RK_ACCESS_NAME));
}

/* ------------------------------------------------------------------------
 * The driver calls csan makes (through cudaGetDriverEntryPointByVersion).
 * ---------------------------------------------------------------------- */

static CUresult drv_ctx_get_current(CUcontext *c) {
  pthread_once(&g_once, init_env);
  tally("cuCtxGetCurrent");
  *c = tl_ctx;
  return CUDA_SUCCESS;
}

static CUresult drv_ctx_set_current(CUcontext c) {
  pthread_once(&g_once, init_env);
  tally("cuCtxSetCurrent");
  if (c && !ctx_of(c))
    return CUDA_ERROR_INVALID_CONTEXT;
  tl_ctx = c;
  return CUDA_SUCCESS;
}

static CUresult drv_ctx_get_device(CUdevice *d) {
  DRV_ENTER("cuCtxGetDevice");
  *d = (CUdevice)ctx_of(tl_ctx)->device;
  return CUDA_SUCCESS;
}

/* CUDA 13.0's cuCtxGetDevice_v2: the device of a given context. */
static CUresult drv_ctx_get_device_v13000(CUdevice *d, CUcontext c) {
  DRV_ENTER("cuCtxGetDevice@13000");
  *d = (CUdevice)ctx_of(c ? c : tl_ctx)->device;
  return CUDA_SUCCESS;
}

static CUresult drv_stream_get_ctx(CUstream s, CUcontext *c) {
  DRV_ENTER("cuStreamGetCtx");
  if (!stream_ok((cudaStream_t)s))
    return CUDA_ERROR_INVALID_HANDLE;
  *c = stream_ctx((cudaStream_t)s);
  return CUDA_SUCCESS;
}

/* CUDA 12.5's cuStreamGetCtx_v2: also the stream's green context (none). */
static CUresult drv_stream_get_ctx_v12050(CUstream s, CUcontext *c, CUgreenCtx *g) {
  DRV_ENTER("cuStreamGetCtx@12050");
  if (!stream_ok((cudaStream_t)s))
    return CUDA_ERROR_INVALID_HANDLE;
  *c = stream_ctx((cudaStream_t)s);
  *g = NULL;
  return CUDA_SUCCESS;
}

/* Work a driver call queues on stream s runs in s's context, which must be
 * the current one. */
static int stream_here(CUstream s) {
  return stream_ok((cudaStream_t)s) && stream_ctx((cudaStream_t)s) == tl_ctx;
}

/* The device range [p, p + n) of a live allocation, or an error. */
static CUresult device_range(CUdeviceptr p, size_t n) {
  int k = block_kind((const void *)(uintptr_t)p, n);
  return k && k != MEM_PINNED && k != MEM_REGISTERED ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static CUresult drv_memcpy_dtoh_async(void *dst, CUdeviceptr src, size_t n, CUstream s) {
  DRV_ENTER("cuMemcpyDtoHAsync");
  DRV_UNSAFE();
  if (!stream_here(s))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = device_range(src, n);
  if (r == CUDA_SUCCESS)
    memcpy(dst, (const void *)(uintptr_t)src, n);
  return r;
}

static CUresult drv_memcpy_htod_async(CUdeviceptr dst, const void *src, size_t n, CUstream s) {
  DRV_ENTER("cuMemcpyHtoDAsync");
  DRV_UNSAFE();
  if (!stream_here(s))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = device_range(dst, n);
  if (r == CUDA_SUCCESS)
    memcpy((void *)(uintptr_t)dst, src, n);
  return r;
}

static CUresult drv_memset_d8_async(CUdeviceptr dst, unsigned char v, size_t n, CUstream s) {
  DRV_ENTER("cuMemsetD8Async");
  DRV_UNSAFE();
  if (!stream_here(s))
    return CUDA_ERROR_INVALID_HANDLE;
  CUresult r = device_range(dst, n);
  if (r == CUDA_SUCCESS)
    memset((void *)(uintptr_t)dst, v, n);
  return r;
}

/* Seconds until csan's kernels on stream s are done (FAKE_CUDA_OWN_DELAY_MS). */
static double busy_left(CUstream s) {
  fake_stream *f = stream_of((cudaStream_t)s);
  double left = f ? f->busy_until - wall_seconds() : 0;
  return left > 0 ? left : 0;
}

static CUresult drv_stream_synchronize(CUstream s) {
  DRV_ENTER("cuStreamSynchronize");
  DRV_UNSAFE();
  if (!stream_here(s))
    return CUDA_ERROR_INVALID_HANDLE;
  double left = busy_left(s);
  if (left > 0)
    usleep((useconds_t)(left * 1e6));
  return CUDA_SUCCESS;
}

static CUresult drv_stream_query(CUstream s) {
  DRV_ENTER("cuStreamQuery");
  if (!stream_here(s))
    return CUDA_ERROR_INVALID_HANDLE;
  return busy_left(s) > 0 ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

static CUresult drv_stream_get_flags(CUstream s, unsigned int *flags) {
  DRV_ENTER("cuStreamGetFlags");
  if (is_special((cudaStream_t)s)) {
    *flags = CU_STREAM_DEFAULT;
    return CUDA_SUCCESS;
  }
  fake_stream *f = stream_of((cudaStream_t)s);
  if (!f)
    return CUDA_ERROR_INVALID_HANDLE;
  *flags = f->flags;
  return CUDA_SUCCESS;
}

static CUresult drv_stream_is_capturing(CUstream s, CUstreamCaptureStatus *st) {
  DRV_ENTER("cuStreamIsCapturing");
  if (!stream_ok((cudaStream_t)s))
    return CUDA_ERROR_INVALID_HANDLE;
  fake_stream *f = stream_of((cudaStream_t)s);
  *st = f && f->capturing ? CU_STREAM_CAPTURE_STATUS_ACTIVE : CU_STREAM_CAPTURE_STATUS_NONE;
  return CUDA_SUCCESS;
}

static CUresult drv_pointer_get_attribute(void *data, CUpointer_attribute attr, CUdeviceptr p) {
  DRV_ENTER("cuPointerGetAttribute");
  if (attr != CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    fake_fatal("cuPointerGetAttribute(%d) is not faked", (int)attr);
  int k = block_kind((const void *)(uintptr_t)p, 1);
  if (!k)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned int t = k == MEM_PINNED || k == MEM_REGISTERED ? CU_MEMORYTYPE_HOST
                                                          : CU_MEMORYTYPE_DEVICE;
  memcpy(data, &t, sizeof t);
  return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------------
 * Faults, launch errors, progress markers (fake_cuda.h: fake_cuda_fault,
 * fake_cuda_stream_hang). A fault poisons the context as a GPU's does:
 * every later runtime and driver call returns the error (RT_ENTER,
 * DRV_ENTER) and cudaGetLastError keeps returning it. A hung stream runs a
 * kernel that never finishes: its later work (kernel bodies, stream
 * writes) never runs. cuStreamWriteValue32 writes at issue time, as all
 * the fake's stream work runs.
 * ---------------------------------------------------------------------- */

FAKE_EXPORT const char *cudaGetErrorName(cudaError_t e) {
  switch (e) {
  case cudaSuccess: return "cudaSuccess";
  case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
  case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
  case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
  case cudaErrorLaunchOutOfResources: return "cudaErrorLaunchOutOfResources";
  case cudaErrorLossyQuery: return "cudaErrorLossyQuery";
  case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
  case cudaErrorIllegalAddress: return "cudaErrorIllegalAddress";
  case cudaErrorAssert: return "cudaErrorAssert";
  case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
  case cudaErrorMisalignedAddress: return "cudaErrorMisalignedAddress";
  case cudaErrorIllegalInstruction: return "cudaErrorIllegalInstruction";
  case cudaErrorStreamCaptureUnsupported: return "cudaErrorStreamCaptureUnsupported";
  case cudaErrorStreamCaptureInvalidated: return "cudaErrorStreamCaptureInvalidated";
  case cudaErrorStreamCaptureImplicit: return "cudaErrorStreamCaptureImplicit";
  case cudaErrorStreamCaptureUnjoined: return "cudaErrorStreamCaptureUnjoined";
  case cudaErrorStreamCaptureWrongThread: return "cudaErrorStreamCaptureWrongThread";
  default: return "cudaErrorFake";
  }
}

#define MAX_HUNG 8
static const void *g_hung[MAX_HUNG];
static int g_nhung;
static pthread_mutex_t g_hung_mu = PTHREAD_MUTEX_INITIALIZER;

FAKE_EXPORT void fake_cuda_fault(int error) {
  tally("fault");
  g_sticky = error;
}

FAKE_EXPORT void fake_cuda_device_assert(const fake_launch *l, const char *file, unsigned line,
                                         const char *function) {
  /* What an instrumented twin's __csan_dev_assertfail does before
   * __assertfail (csan_memerr_dev.h); the original kernel records nothing. */
  if (l->instrumented)
    csan_memerr_assert(&l->ctx, file, line, function);
  fake_cuda_fault(cudaErrorAssert);
}

FAKE_EXPORT void fake_cuda_stream_hang(const void *stream) {
  pthread_mutex_lock(&g_hung_mu);
  if (g_nhung >= MAX_HUNG)
    fake_fatal("too many hung streams");
  g_hung[g_nhung++] = stream;
  pthread_mutex_unlock(&g_hung_mu);
}

static int stream_hung(const void *s) {
  int hung = 0;
  pthread_mutex_lock(&g_hung_mu);
  for (int i = 0; i < g_nhung; i++)
    hung |= g_hung[i] == s;
  pthread_mutex_unlock(&g_hung_mu);
  return hung;
}

static void *host_pin(void *p, size_t size, int kind);

static CUresult drv_mem_host_alloc(void **p, size_t n, unsigned int flags) {
  DRV_ENTER("cuMemHostAlloc");
  (void)flags;
  void *m = malloc(n ? n : 1);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *p = host_pin(m, n ? n : 1, MEM_PINNED);
  return CUDA_SUCCESS;
}

/* Device pointers are host pointers in the fake. */
static CUresult drv_mem_host_get_device_pointer(CUdeviceptr *d, void *p, unsigned int flags) {
  DRV_ENTER("cuMemHostGetDevicePointer");
  if (flags || block_kind(p, 1) != MEM_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  *d = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}

static CUresult drv_stream_write_value32(CUstream s, CUdeviceptr a, cuuint32_t v,
                                         unsigned int flags) {
  DRV_ENTER("cuStreamWriteValue32");
  (void)flags;
  if (!stream_ok((cudaStream_t)s))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!block_kind((const void *)(uintptr_t)a, sizeof v))
    return CUDA_ERROR_INVALID_VALUE;
  if (!stream_hung(s))
    __atomic_store_n((uint32_t *)(uintptr_t)a, v, __ATOMIC_RELAXED); /* threads may race */
  return CUDA_SUCCESS;
}

/* Driver entry points with the ABI version each prototype appeared in (as
 * cudaTypedefs.h's PFN_<name>_v<version>). As the real driver does, a
 * request for version V gets the newest version <= V, so a caller that asks
 * for a newer version than its prototype gets a function it calls wrongly
 * (the fake counts each version's calls, "name@version", so tests see it). */
static const struct {
  const char *name;
  unsigned version;
  void *fn;
} g_entry_points[] = {
    {"cuGetErrorString", 6000, (void *)drv_get_error_string},
    {"cuCtxGetCurrent", 4000, (void *)drv_ctx_get_current},
    {"cuCtxSetCurrent", 4000, (void *)drv_ctx_set_current},
    {"cuCtxGetDevice", 2000, (void *)drv_ctx_get_device},
    {"cuCtxGetDevice", 13000, (void *)drv_ctx_get_device_v13000},
    {"cuStreamGetCtx", 9020, (void *)drv_stream_get_ctx},
    {"cuStreamGetCtx", 12050, (void *)drv_stream_get_ctx_v12050},
    {"cuModuleLoadData", 2000, (void *)drv_module_load_data},
    {"cuModuleGetFunction", 2000, (void *)drv_module_get_function},
    {"cuModuleGetGlobal", 3020, (void *)drv_module_get_global},
    {"cuFuncGetModule", 11000, (void *)drv_func_get_module},
    {"cuFuncGetName", 12030, (void *)drv_func_get_name},
    {"cuFuncGetParamInfo", 12040, (void *)drv_func_get_param_info},
    {"cuFuncGetAttribute", 2020, (void *)drv_func_get_attribute},
    {"cuFuncSetAttribute", 9000, (void *)drv_func_set_attribute},
    {"cuLaunchKernelEx", 11060, (void *)drv_launch_kernel_ex},
    {"cuGraphAddKernelNode", 12000, (void *)drv_graph_add_kernel_node},
    {"cuGraphKernelNodeGetParams", 12000, (void *)drv_graph_kernel_node_get_params},
    {"cuGraphKernelNodeSetParams", 12000, (void *)drv_graph_kernel_node_set_params},
    {"cuGraphExecKernelNodeSetParams", 12000, (void *)drv_graph_exec_kernel_node_set_params},
    {"cuMemcpyDtoHAsync", 3020, (void *)drv_memcpy_dtoh_async},
    {"cuMemcpyHtoDAsync", 3020, (void *)drv_memcpy_htod_async},
    {"cuMemsetD8Async", 3020, (void *)drv_memset_d8_async},
    {"cuStreamSynchronize", 2000, (void *)drv_stream_synchronize},
    {"cuStreamQuery", 2000, (void *)drv_stream_query},
    {"cuStreamGetFlags", 5050, (void *)drv_stream_get_flags},
    {"cuStreamIsCapturing", 10000, (void *)drv_stream_is_capturing},
    {"cuPointerGetAttribute", 4000, (void *)drv_pointer_get_attribute},
    {"cuMemHostAlloc", 2020, (void *)drv_mem_host_alloc},
    {"cuMemHostGetDevicePointer", 3020, (void *)drv_mem_host_get_device_pointer},
    {"cuStreamWriteValue32", 11070, (void *)drv_stream_write_value32},
};

FAKE_EXPORT cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **fp,
                                                         unsigned int version,
                                                         unsigned long long flags,
                                                         enum cudaDriverEntryPointQueryResult *st) {
  pthread_once(&g_once, init_env);
  tally("cudaGetDriverEntryPointByVersion");
  (void)flags;
  *fp = NULL;
  if (st)
    *st = cudaDriverEntryPointSymbolNotFound;
  if (version > CUDART_VERSION)
    return rt_fail(cudaErrorInvalidValue); /* newer than this runtime */
  unsigned best = 0;
  bool known = false;
  for (size_t i = 0; i < sizeof g_entry_points / sizeof g_entry_points[0]; i++) {
    if (strcmp(symbol, g_entry_points[i].name))
      continue;
    known = true;
    if (g_entry_points[i].version <= version && g_entry_points[i].version >= best) {
      best = g_entry_points[i].version;
      *fp = g_entry_points[i].fn;
    }
  }
  if (st)
    *st = *fp ? cudaDriverEntryPointSuccess
              : known ? cudaDriverEntryPointVersionNotSufficent : cudaDriverEntryPointSymbolNotFound;
  return cudaSuccess;
}

/* ------------------------------------------------------------------------
 * Allocation.
 * ---------------------------------------------------------------------- */

static cudaError_t alloc_out(void **p, size_t size, int kind) {
  if (!p)
    return rt_fail(cudaErrorInvalidValue);
  if (!size) { /* as CUDA: success, and no memory */
    *p = NULL;
    return cudaSuccess;
  }
  *p = dev_alloc(size, kind);
  return *p ? cudaSuccess : rt_fail(cudaErrorMemoryAllocation);
}

FAKE_EXPORT cudaError_t cudaMalloc(void **p, size_t size) {
  RT_ENTER("cudaMalloc");
  RT_UNSAFE();
  return alloc_out(p, size, MEM_DEVICE);
}

FAKE_EXPORT cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height) {
  RT_ENTER("cudaMallocPitch");
  RT_UNSAFE();
  *pitch = (width + DEVICE_ALIGN - 1) & ~(size_t)(DEVICE_ALIGN - 1);
  return alloc_out(p, *pitch * height, MEM_DEVICE);
}

FAKE_EXPORT cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pp, struct cudaExtent e) {
  RT_ENTER("cudaMalloc3D");
  RT_UNSAFE();
  size_t pitch = (e.width + DEVICE_ALIGN - 1) & ~(size_t)(DEVICE_ALIGN - 1);
  void *p = NULL;
  cudaError_t r = alloc_out(&p, pitch * e.height * (e.depth ? e.depth : 1), MEM_DEVICE);
  if (r == cudaSuccess) {
    pp->ptr = p;
    pp->pitch = pitch;
    pp->xsize = e.width;
    pp->ysize = e.height;
  }
  return r;
}

FAKE_EXPORT cudaError_t cudaMallocManaged(void **p, size_t size, unsigned int flags) {
  RT_ENTER("cudaMallocManaged");
  RT_UNSAFE();
  (void)flags;
  return alloc_out(p, size, MEM_MANAGED);
}

FAKE_EXPORT cudaError_t cudaMallocAsync(void **p, size_t size, cudaStream_t s) {
  RT_ENTER("cudaMallocAsync");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  return alloc_out(p, size, MEM_ASYNC);
}

FAKE_EXPORT cudaError_t cudaMallocAsync_ptsz(void **p, size_t size, cudaStream_t s) {
  RT_ENTER("cudaMallocAsync_ptsz");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  return alloc_out(p, size, MEM_ASYNC);
}

FAKE_EXPORT cudaError_t cudaMallocFromPoolAsync(void **p, size_t size, cudaMemPool_t pool,
                                                cudaStream_t s) {
  RT_ENTER("cudaMallocFromPoolAsync");
  if (!pool || !stream_ok(s))
    return rt_fail(cudaErrorInvalidValue);
  return alloc_out(p, size, MEM_ASYNC);
}

FAKE_EXPORT cudaError_t cudaMallocFromPoolAsync_ptsz(void **p, size_t size, cudaMemPool_t pool,
                                                     cudaStream_t s) {
  RT_ENTER("cudaMallocFromPoolAsync_ptsz");
  if (!pool || !stream_ok(s))
    return rt_fail(cudaErrorInvalidValue);
  return alloc_out(p, size, MEM_ASYNC);
}

FAKE_EXPORT cudaError_t cudaFree(void *p) {
  RT_ENTER("cudaFree");
  RT_UNSAFE();
  if (!p)
    return cudaSuccess;
  cudaError_t e = block_free(p, DEVICE_KINDS);
  return e == cudaSuccess ? e : rt_fail(e);
}

FAKE_EXPORT cudaError_t cudaFreeAsync(void *p, cudaStream_t s) {
  RT_ENTER("cudaFreeAsync");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  cudaError_t e = block_free(p, DEVICE_KINDS);
  return e == cudaSuccess ? e : rt_fail(e);
}

FAKE_EXPORT cudaError_t cudaFreeAsync_ptsz(void *p, cudaStream_t s) {
  RT_ENTER("cudaFreeAsync_ptsz");
  if (!stream_ok(s))
    return rt_fail(cudaErrorInvalidResourceHandle);
  cudaError_t e = block_free(p, DEVICE_KINDS);
  return e == cudaSuccess ? e : rt_fail(e);
}

/* Pinned host memory is ordinary host memory the fake remembers. */
static void *host_pin(void *p, size_t size, int kind) {
  pthread_mutex_lock(&g_mu);
  block *b = block_new();
  b->ptr = p;
  b->size = b->cap = size;
  b->kind = kind;
  b->live = 1;
  pthread_mutex_unlock(&g_mu);
  return p;
}

FAKE_EXPORT cudaError_t cudaMallocHost(void **p, size_t size) {
  RT_ENTER("cudaMallocHost");
  RT_UNSAFE();
  void *m = malloc(size ? size : 1);
  if (!m)
    return rt_fail(cudaErrorMemoryAllocation);
  *p = host_pin(m, size ? size : 1, MEM_PINNED);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaHostAlloc(void **p, size_t size, unsigned int flags) {
  RT_ENTER("cudaHostAlloc");
  RT_UNSAFE();
  (void)flags;
  void *m = malloc(size ? size : 1);
  if (!m)
    return rt_fail(cudaErrorMemoryAllocation);
  *p = host_pin(m, size ? size : 1, MEM_PINNED);
  return cudaSuccess;
}

/* Mapped memory's device address is its host address (unified addressing),
 * as the fake's device pointers are host pointers anyway. */
FAKE_EXPORT cudaError_t cudaHostGetDevicePointer(void **d, void *p, unsigned int flags) {
  RT_ENTER("cudaHostGetDevicePointer");
  if (!d || flags || block_kind(p, 1) != MEM_PINNED)
    return rt_fail(cudaErrorInvalidValue);
  *d = p;
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaFreeHost(void *p) {
  RT_ENTER("cudaFreeHost");
  RT_UNSAFE();
  cudaError_t e = block_free(p, 1u << MEM_PINNED);
  if (e != cudaSuccess)
    return rt_fail(e);
  free(p);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaHostRegister(void *p, size_t size, unsigned int flags) {
  RT_ENTER("cudaHostRegister");
  RT_UNSAFE();
  (void)flags;
  if (!p || !size)
    return rt_fail(cudaErrorInvalidValue);
  host_pin(p, size, MEM_REGISTERED);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaHostUnregister(void *p) {
  RT_ENTER("cudaHostUnregister");
  RT_UNSAFE();
  cudaError_t e = block_free(p, 1u << MEM_REGISTERED);
  return e == cudaSuccess ? e : rt_fail(cudaErrorHostMemoryNotRegistered);
}

FAKE_EXPORT cudaError_t cudaDeviceReset(void) {
  RT_ENTER("cudaDeviceReset");
  /* Every device allocation of the current device goes; csan's module on
   * it too. Symbols (module globals) and the user module stay, as if
   * reloaded at the same addresses. */
  int d = cur_device();
  pthread_mutex_lock(&g_mu);
  for (size_t i = 0; i < g_nblocks; i++)
    if (g_blocks[i].live && g_blocks[i].dev == d && (DEVICE_KINDS & (1u << g_blocks[i].kind))) {
      g_blocks[i].live = 0;
      g_device_bytes -= g_blocks[i].cap;
    }
  g_csan_module[d].magic = 0;
  pthread_mutex_unlock(&g_mu);
  return cudaSuccess;
}

/* ------------------------------------------------------------------------
 * Symbols.
 * ---------------------------------------------------------------------- */

typedef struct symbol {
  const void *host;
  char *dev;
  size_t size;
} symbol;
static symbol g_symbols[256];
static size_t g_nsymbols;

static void symbol_add(const void *host, size_t size) {
  pthread_mutex_lock(&g_mu);
  if (g_nsymbols == 256)
    fake_fatal("too many symbols");
  char *d = dev_alloc_locked(size, MEM_SYMBOL);
  memset(d, 0, size);
  g_symbols[g_nsymbols++] = (symbol){host, d, size};
  pthread_mutex_unlock(&g_mu);
}

static char *symbol_dev(const void *host, size_t *size) {
  char *d = NULL;
  pthread_mutex_lock(&g_mu);
  for (size_t i = 0; i < g_nsymbols; i++)
    if (g_symbols[i].host == host) {
      d = g_symbols[i].dev;
      if (size)
        *size = g_symbols[i].size;
    }
  pthread_mutex_unlock(&g_mu);
  return d;
}

FAKE_EXPORT void __cudaRegisterVar(void **handle, char *host, char *dev_name, const char *name,
                                   int ext, size_t size, int constant, int global) {
  (void)handle, (void)dev_name, (void)name, (void)ext, (void)constant, (void)global;
  pthread_once(&g_once, init_env);
  tally("__cudaRegisterVar");
  symbol_add(host, size);
}

FAKE_EXPORT void __cudaRegisterManagedVar(void **handle, void **host, void *init,
                                          const char *name, size_t size, unsigned int align) {
  (void)handle, (void)init, (void)name, (void)align;
  pthread_once(&g_once, init_env);
  tally("__cudaRegisterManagedVar");
  symbol_add(host, size);
}

FAKE_EXPORT cudaError_t cudaGetSymbolAddress(void **p, const void *symbol) {
  RT_ENTER("cudaGetSymbolAddress");
  char *d = symbol_dev(symbol, NULL);
  if (!d)
    return rt_fail(cudaErrorInvalidSymbol);
  *p = d;
  return cudaSuccess;
}

/* ------------------------------------------------------------------------
 * Copies and sets: done at once.
 * ---------------------------------------------------------------------- */

static void copy2d(char *d, size_t dp, const char *s, size_t sp, size_t w, size_t h) {
  for (size_t r = 0; r < h; r++)
    memmove(d + r * dp, s + r * sp, w);
}

static void set2d(char *d, size_t p, int v, size_t w, size_t h) {
  for (size_t r = 0; r < h; r++)
    memset(d + r * p, v, w);
}

static cudaError_t copy3d(const struct cudaMemcpy3DParms *p) {
  if (!p || p->srcArray || p->dstArray)
    return rt_fail(cudaErrorInvalidValue); /* arrays are not faked */
  struct cudaExtent e = p->extent;
  size_t ss = p->srcPtr.pitch * p->srcPtr.ysize, ds = p->dstPtr.pitch * p->dstPtr.ysize;
  const char *s = (const char *)p->srcPtr.ptr + p->srcPos.z * ss + p->srcPos.y * p->srcPtr.pitch +
                  p->srcPos.x;
  char *d = (char *)p->dstPtr.ptr + p->dstPos.z * ds + p->dstPos.y * p->dstPtr.pitch + p->dstPos.x;
  for (size_t z = 0; z < (e.depth ? e.depth : 1); z++)
    copy2d(d + z * ds, p->dstPtr.pitch, s + z * ss, p->srcPtr.pitch, e.width, e.height);
  return cudaSuccess;
}

static cudaError_t copy3d_peer(const struct cudaMemcpy3DPeerParms *p) {
  struct cudaMemcpy3DParms q;
  memset(&q, 0, sizeof q);
  q.srcArray = p->srcArray;
  q.srcPos = p->srcPos;
  q.srcPtr = p->srcPtr;
  q.dstArray = p->dstArray;
  q.dstPos = p->dstPos;
  q.dstPtr = p->dstPtr;
  q.extent = p->extent;
  return copy3d(&q);
}

static cudaError_t set3d(struct cudaPitchedPtr p, int v, struct cudaExtent e) {
  size_t slice = p.pitch * p.ysize;
  for (size_t z = 0; z < (e.depth ? e.depth : 1); z++)
    set2d((char *)p.ptr + z * slice, p.pitch, v, e.width, e.height);
  return cudaSuccess;
}

/* The device bytes [off, off + n) of symbol sym, or null when it has none
 * or fewer. */
static char *symbol_at(const void *sym, size_t n, size_t off) {
  size_t size = 0;
  char *d = symbol_dev(sym, &size);
  return d && off <= size && n <= size - off ? d + off : NULL;
}

static cudaError_t to_symbol(const void *sym, const void *src, size_t n, size_t off) {
  char *d = symbol_at(sym, n, off);
  if (!d)
    return rt_fail(cudaErrorInvalidSymbol);
  memcpy(d, src, n);
  return cudaSuccess;
}

static cudaError_t from_symbol(void *dst, const void *sym, size_t n, size_t off) {
  char *s = symbol_at(sym, n, off);
  if (!s)
    return rt_fail(cudaErrorInvalidSymbol);
  memcpy(dst, s, n);
  return cudaSuccess;
}

#define STREAM_CHECK(s)                                                                        \
  do {                                                                                         \
    if (!stream_ok(s))                                                                         \
      return rt_fail(cudaErrorInvalidResourceHandle);                                          \
  } while (0)

FAKE_EXPORT cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpy");
  RT_UNSAFE();
  (void)k;
  if (g_copy_sleep_ms > 0) /* a copy that waits for the device */
    usleep((useconds_t)g_copy_sleep_ms * 1000);
  memmove(d, s, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy_ptds(void *d, const void *s, size_t n, enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpy_ptds");
  RT_UNSAFE();
  (void)k;
  memmove(d, s, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, enum cudaMemcpyKind k,
                                        cudaStream_t st) {
  RT_ENTER("cudaMemcpyAsync");
  (void)k;
  STREAM_CHECK(st);
  if (capture_copy(st, d, s, n))
    return cudaSuccess;
  memmove(d, s, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpyAsync_ptsz(void *d, const void *s, size_t n,
                                             enum cudaMemcpyKind k, cudaStream_t st) {
  RT_ENTER("cudaMemcpyAsync_ptsz");
  (void)k;
  STREAM_CHECK(st);
  if (capture_copy(st, d, s, n))
    return cudaSuccess;
  memmove(d, s, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w,
                                     size_t h, enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpy2D");
  RT_UNSAFE();
  (void)k;
  copy2d(d, dp, s, sp, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy2D_ptds(void *d, size_t dp, const void *s, size_t sp, size_t w,
                                          size_t h, enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpy2D_ptds");
  RT_UNSAFE();
  (void)k;
  copy2d(d, dp, s, sp, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy2DAsync(void *d, size_t dp, const void *s, size_t sp, size_t w,
                                          size_t h, enum cudaMemcpyKind k, cudaStream_t st) {
  RT_ENTER("cudaMemcpy2DAsync");
  (void)k;
  STREAM_CHECK(st);
  copy2d(d, dp, s, sp, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy2DAsync_ptsz(void *d, size_t dp, const void *s, size_t sp,
                                               size_t w, size_t h, enum cudaMemcpyKind k,
                                               cudaStream_t st) {
  RT_ENTER("cudaMemcpy2DAsync_ptsz");
  (void)k;
  STREAM_CHECK(st);
  copy2d(d, dp, s, sp, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
  RT_ENTER("cudaMemcpy3D");
  RT_UNSAFE();
  return copy3d(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p) {
  RT_ENTER("cudaMemcpy3D_ptds");
  RT_UNSAFE();
  return copy3d(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t st) {
  RT_ENTER("cudaMemcpy3DAsync");
  STREAM_CHECK(st);
  return copy3d(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p,
                                               cudaStream_t st) {
  RT_ENTER("cudaMemcpy3DAsync_ptsz");
  STREAM_CHECK(st);
  return copy3d(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p) {
  RT_ENTER("cudaMemcpy3DPeer");
  RT_UNSAFE();
  return copy3d_peer(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p) {
  RT_ENTER("cudaMemcpy3DPeer_ptds");
  RT_UNSAFE();
  return copy3d_peer(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                              cudaStream_t st) {
  RT_ENTER("cudaMemcpy3DPeerAsync");
  STREAM_CHECK(st);
  return copy3d_peer(p);
}

FAKE_EXPORT cudaError_t cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p,
                                                   cudaStream_t st) {
  RT_ENTER("cudaMemcpy3DPeerAsync_ptsz");
  STREAM_CHECK(st);
  return copy3d_peer(p);
}

FAKE_EXPORT cudaError_t cudaMemcpyPeer(void *d, int dd, const void *s, int sd, size_t n) {
  RT_ENTER("cudaMemcpyPeer");
  RT_UNSAFE();
  if (dd || sd)
    return rt_fail(cudaErrorInvalidDevice);
  memmove(d, s, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpyPeerAsync(void *d, int dd, const void *s, int sd, size_t n,
                                            cudaStream_t st) {
  RT_ENTER("cudaMemcpyPeerAsync");
  STREAM_CHECK(st);
  if (dd || sd)
    return rt_fail(cudaErrorInvalidDevice);
  memmove(d, s, n);
  return cudaSuccess;
}

static cudaError_t batch(void *const *d, const void *const *s, const size_t *n, size_t count) {
  for (size_t i = 0; i < count; i++)
    memmove(d[i], s[i], n[i]);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemcpyBatchAsync(void *const *d, const void *const *s,
                                             const size_t *n, size_t count,
                                             struct cudaMemcpyAttributes *attrs, size_t *idx,
                                             size_t nattrs, cudaStream_t st) {
  RT_ENTER("cudaMemcpyBatchAsync");
  (void)attrs, (void)idx, (void)nattrs;
  STREAM_CHECK(st);
  return batch(d, s, n, count);
}

FAKE_EXPORT cudaError_t cudaMemcpyBatchAsync_ptsz(void *const *d, const void *const *s,
                                                  const size_t *n, size_t count,
                                                  struct cudaMemcpyAttributes *attrs, size_t *idx,
                                                  size_t nattrs, cudaStream_t st) {
  RT_ENTER("cudaMemcpyBatchAsync_ptsz");
  (void)attrs, (void)idx, (void)nattrs;
  STREAM_CHECK(st);
  return batch(d, s, n, count);
}

FAKE_EXPORT cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n, size_t off,
                                           enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpyToSymbol");
  RT_UNSAFE();
  (void)k;
  return to_symbol(sym, s, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyToSymbol_ptds(const void *sym, const void *s, size_t n,
                                                size_t off, enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpyToSymbol_ptds");
  RT_UNSAFE();
  (void)k;
  return to_symbol(sym, s, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *s, size_t n,
                                                size_t off, enum cudaMemcpyKind k,
                                                cudaStream_t st) {
  RT_ENTER("cudaMemcpyToSymbolAsync");
  (void)k;
  STREAM_CHECK(st);
  return to_symbol(sym, s, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *sym, const void *s, size_t n,
                                                     size_t off, enum cudaMemcpyKind k,
                                                     cudaStream_t st) {
  RT_ENTER("cudaMemcpyToSymbolAsync_ptsz");
  (void)k;
  STREAM_CHECK(st);
  return to_symbol(sym, s, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n, size_t off,
                                             enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpyFromSymbol");
  RT_UNSAFE();
  (void)k;
  return from_symbol(d, sym, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyFromSymbol_ptds(void *d, const void *sym, size_t n, size_t off,
                                                  enum cudaMemcpyKind k) {
  RT_ENTER("cudaMemcpyFromSymbol_ptds");
  RT_UNSAFE();
  (void)k;
  return from_symbol(d, sym, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyFromSymbolAsync(void *d, const void *sym, size_t n, size_t off,
                                                  enum cudaMemcpyKind k, cudaStream_t st) {
  RT_ENTER("cudaMemcpyFromSymbolAsync");
  (void)k;
  STREAM_CHECK(st);
  return from_symbol(d, sym, n, off);
}

FAKE_EXPORT cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *d, const void *sym, size_t n,
                                                       size_t off, enum cudaMemcpyKind k,
                                                       cudaStream_t st) {
  RT_ENTER("cudaMemcpyFromSymbolAsync_ptsz");
  (void)k;
  STREAM_CHECK(st);
  return from_symbol(d, sym, n, off);
}

FAKE_EXPORT cudaError_t cudaMemset(void *d, int v, size_t n) {
  RT_ENTER("cudaMemset");
  RT_UNSAFE();
  memset(d, v, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset_ptds(void *d, int v, size_t n) {
  RT_ENTER("cudaMemset_ptds");
  RT_UNSAFE();
  memset(d, v, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st) {
  RT_ENTER("cudaMemsetAsync");
  STREAM_CHECK(st);
  if (capture_set(st, d, v, n))
    return cudaSuccess;
  memset(d, v, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemsetAsync_ptsz(void *d, int v, size_t n, cudaStream_t st) {
  RT_ENTER("cudaMemsetAsync_ptsz");
  STREAM_CHECK(st);
  if (capture_set(st, d, v, n))
    return cudaSuccess;
  memset(d, v, n);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset2D(void *d, size_t p, int v, size_t w, size_t h) {
  RT_ENTER("cudaMemset2D");
  RT_UNSAFE();
  set2d(d, p, v, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset2D_ptds(void *d, size_t p, int v, size_t w, size_t h) {
  RT_ENTER("cudaMemset2D_ptds");
  RT_UNSAFE();
  set2d(d, p, v, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset2DAsync(void *d, size_t p, int v, size_t w, size_t h,
                                          cudaStream_t st) {
  RT_ENTER("cudaMemset2DAsync");
  STREAM_CHECK(st);
  set2d(d, p, v, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset2DAsync_ptsz(void *d, size_t p, int v, size_t w, size_t h,
                                               cudaStream_t st) {
  RT_ENTER("cudaMemset2DAsync_ptsz");
  STREAM_CHECK(st);
  set2d(d, p, v, w, h);
  return cudaSuccess;
}

FAKE_EXPORT cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int v, struct cudaExtent e) {
  RT_ENTER("cudaMemset3D");
  RT_UNSAFE();
  return set3d(p, v, e);
}

FAKE_EXPORT cudaError_t cudaMemset3D_ptds(struct cudaPitchedPtr p, int v, struct cudaExtent e) {
  RT_ENTER("cudaMemset3D_ptds");
  RT_UNSAFE();
  return set3d(p, v, e);
}

FAKE_EXPORT cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int v, struct cudaExtent e,
                                          cudaStream_t st) {
  RT_ENTER("cudaMemset3DAsync");
  STREAM_CHECK(st);
  return set3d(p, v, e);
}

FAKE_EXPORT cudaError_t cudaMemset3DAsync_ptsz(struct cudaPitchedPtr p, int v,
                                               struct cudaExtent e, cudaStream_t st) {
  RT_ENTER("cudaMemset3DAsync_ptsz");
  STREAM_CHECK(st);
  return set3d(p, v, e);
}
