/* csan_api_driver.c: the program's own calls of the CUDA driver API.
 *
 * csan calls the driver through its own entry-point table (csan_driver.h);
 * these wrappers stand only for the calls csan-host redirected in the
 * program's modules (csan_lib.def), so csan's calls are never intercepted.
 * They order and access like their runtime counterparts, through the same
 * services:
 *
 *   cuLaunchKernel, cuLaunchKernelEx
 *       an operation on the stream. A kernel whose module has an
 *       instrumented twin (K__csan, a module built by csan-clang) runs the
 *       twin with the operation's context, as a runtime launch does. A
 *       kernel without one (loaded at run time with cuModuleLoad*,
 *       cuLibraryLoad* or compiled by NVRTC) runs unchecked, still ordered,
 *       and is counted for the exit summary by name, unless an annotation
 *       (include/csan/csan.h) is open around it.
 *   cuMemcpy*, cuMemset* (sync and async)
 *       copies and sets by csan_rt_xfer.c's rules (classes, regions, the
 *       host's waits), as cudaMemcpy* / cudaMemset*.
 *   cuStreamWaitEvent, cuEventRecord, cuStream/EventSynchronize and Query,
 *   cuCtxSynchronize, cuStreamCreate/Destroy, cuEventDestroy
 *       the model's streams, events and host waits, as the runtime's.
 *   cuMemAlloc*, cuMemFree*, pinned host memory
 *       the allocation registry and shadow (csan_rt_memops.c), as
 *       cudaMalloc / cudaFree / cudaMallocAsync / cudaFreeAsync / cudaHostAlloc.
 *   cuStreamWriteValue32/64, cuStreamWaitValue32/64
 *       a write of the flag (atomic: it races with no other flag access) and
 *       a read of it; the write also releases its stream's work to the flag
 *       (an internal event keyed by the address) and the wait acquires what
 *       the last write issued before it released. A wait for a value the
 *       host writes, or that a later write provides, orders nothing.
 *   cuLaunchHostFunc
 *       an operation that touches no memory.
 * Launch attributes of cuLaunchKernelEx are passed on; their events are not
 * modelled (cudaLaunchKernelExC's are).
 */
#include "csan_lib_api.h"
#include "csan_rt_errors.h"
#include "csan_rt_allocs.h"
#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_lib.h"
#include "csan_rt_memops.h"
#include "csan_rt_twins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define P(x) ((uint64_t)(uintptr_t)(x))
#define PTR(d) ((void *)(uintptr_t)(d))
#define ARGS_ON_STACK 32

/* ------------------------------------------------------------------------
 * Kernels: the twin of a CUfunction, found once per function.
 * ---------------------------------------------------------------------- */

typedef struct fn_entry {
  csan_pair_key key; /* the function, the context */
  twin_entry t;      /* kernel, twin (or null), state, module, name, nparams */
} fn_entry;
static pthread_mutex_t g_fn_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_pairtab g_fns = CSAN_PAIRTAB_INIT(fn_entry);

static uint32_t count_params(CUfunction f, size_t *last) {
  uint32_t n = 0;
  size_t off = 0, size = 0;
  *last = 0;
  while (n < 8192 && csan_g.drv.cuFuncGetParamInfo(f, n, &off, &size) == CUDA_SUCCESS) {
    *last = size;
    n++;
  }
  return n;
}

static void fn_lookup(CUfunction f, twin_entry *t) {
  memset(t, 0, sizeof *t);
  t->kernel = f;
  t->state = calloc(1, sizeof *t->state);
  if (t->state)
    pthread_mutex_init(&t->state->mu, NULL);
  const char *name = NULL;
  if (csan_g.drv.cuFuncGetName(&name, f) == CUDA_SUCCESS && name)
    t->name = csan_intern(name);
  if (csan_g.drv.cuFuncGetModule(&t->module, f) != CUDA_SUCCESS)
    t->module = NULL;
  size_t last = 0;
  t->nparams = count_params(f, &last);
  if (!t->module || !t->name || !t->state)
    return;
  size_t len = strlen(t->name) + sizeof CSAN_KERNEL_SUFFIX;
  char *twin_name = malloc(len);
  if (!twin_name)
    return;
  snprintf(twin_name, len, "%s%s", t->name, CSAN_KERNEL_SUFFIX);
  CUfunction twin = NULL;
  CUresult r = csan_g.drv.cuModuleGetFunction(&twin, t->module, twin_name);
  free(twin_name);
  if (r != CUDA_SUCCESS || !twin)
    return;
  if (count_params(twin, &last) == t->nparams + 1 && csan_rt_twin_ctx_size_ok(last, &t->ctx_pair))
    t->twin = twin;
}

static twin_entry fn_get(CUfunction f) {
  CUcontext ctx = NULL;
  csan_g.drv.cuCtxGetCurrent(&ctx);
  twin_entry t;
  pthread_mutex_lock(&g_fn_mu);
  const fn_entry *e = csan_pairtab_find(&g_fns, f, P(ctx));
  if (e) {
    t = e->t;
    pthread_mutex_unlock(&g_fn_mu);
    return t;
  }
  pthread_mutex_unlock(&g_fn_mu);
  csan_rt_own own;
  csan_rt_own_begin(&own);
  fn_lookup(f, &t);
  csan_rt_own_end(&own);
  fn_entry ne = {{f, P(ctx)}, t};
  pthread_mutex_lock(&g_fn_mu);
  const fn_entry *in = csan_pairtab_insert(&g_fns, &ne);
  if (in)
    t = in->t;
  pthread_mutex_unlock(&g_fn_mu);
  return t;
}

typedef struct drv_launch {
  const char *api;
  CUfunction f;
  unsigned grid[3], block[3], shmem;
  CUstream stream;
  void **params, **extra;
  const CUlaunchConfig *config; /* cuLaunchKernelEx */
} drv_launch;

static CUresult launch_real(const drv_launch *l) {
  if (l->config) {
    CSAN_LIB_REAL_AS(real, cuLaunchKernelEx);
    return real ? real(l->config, l->f, l->params, l->extra) : CUDA_ERROR_NOT_INITIALIZED;
  }
  CSAN_LIB_REAL_AS(real, cuLaunchKernel);
  return real ? real(l->f, l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1],
                     l->block[2], l->shmem, l->stream, l->params, l->extra)
              : CUDA_ERROR_NOT_INITIALIZED;
}

/* Whether cuLaunchKernelEx's configuration asks for programmatic stream
 * serialization (csan_api_launch.c says what csan makes of it). */
static bool programmatic(const CUlaunchConfig *cfg) {
  for (unsigned i = 0; cfg && cfg->attrs && i < cfg->numAttrs; i++)
    if (cfg->attrs[i].id == CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION &&
        cfg->attrs[i].value.programmaticStreamSerializationAllowed)
      return true;
  return false;
}

static CUresult launch_twin(const drv_launch *l, const twin_entry *t, csan_rt_op *o) {
  csan_rt_op_ctx(o, csan_g.flags.warp_aggregation ? 0 : CSAN_CTX_F_NO_WARP_AGGREGATION);
  csan_rt_op_ctx_pdl(o, t->ctx_pair, programmatic(l->config));
  void *on_stack[ARGS_ON_STACK];
  void **args = t->nparams + 1 <= ARGS_ON_STACK ? on_stack : malloc((t->nparams + 1) * sizeof *args);
  if (!args)
    return CUDA_ERROR_OUT_OF_MEMORY;
  for (uint32_t i = 0; i < t->nparams; i++)
    args[i] = l->params[i];
  args[t->nparams] = &o->ctx;
  CUlaunchConfig cfg;
  if (l->config) {
    cfg = *l->config;
  } else {
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDimX = l->grid[0];
    cfg.gridDimY = l->grid[1];
    cfg.gridDimZ = l->grid[2];
    cfg.blockDimX = l->block[0];
    cfg.blockDimY = l->block[1];
    cfg.blockDimZ = l->block[2];
    cfg.sharedMemBytes = l->shmem;
  }
  cfg.hStream = o->cu;
  CUresult r = csan_g.drv.cuLaunchKernelEx(&cfg, t->twin, args, NULL);
  if (args != on_stack)
    free(args);
  return r;
}

static CUresult launch(const drv_launch *l, const csan_host_site *site, const void *ra) {
  if (!csan_rt_lib_active_at((cudaStream_t)l->stream, false, site, ra))
    return launch_real(l);
  twin_entry t = fn_get(l->f);
  bool twin = t.twin && !l->extra && (l->params || t.nparams == 0);
  if (twin)
    csan_rt_twin_copy_attributes(&t);
  csan_rt_op_desc d = {CSAN_OPK_KERNEL, t.name, 0, twin ? t.module : NULL, site,
                       csan_rt_stack(ra, site)};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, (cudaStream_t)l->stream, false, &d))
    return launch_real(l);
  /* Progress markers, as for runtime launches (csan_rt_errors.c). */
  csan_fault_launch fl;
  memset(&fl, 0, sizeof fl);
  fl.stream = o.stream;
  fl.kernel = t.name;
  const unsigned *g = l->grid, *b = l->block;
  unsigned cg[3], cb[3];
  if (l->config) {
    cg[0] = l->config->gridDimX, cg[1] = l->config->gridDimY, cg[2] = l->config->gridDimZ;
    cb[0] = l->config->blockDimX, cb[1] = l->config->blockDimY, cb[2] = l->config->blockDimZ;
    g = cg, b = cb;
  }
  memcpy(fl.grid, g, sizeof fl.grid);
  memcpy(fl.block, b, sizeof fl.block);
  fl.shared_mem = l->config ? l->config->sharedMemBytes : l->shmem;
  fl.stack = d.stack;
  if (site)
    fl.site = *site;
  csan_rt_marks mk;
  fl.epoch = o.op.epoch; /* a device assert names its launch by (slot, epoch) */
  csan_rt_errors_launch_begin(&mk, &fl, o.op.slot, o.cu);
  CUresult r = CUDA_ERROR_UNKNOWN;
  bool launched = false;
  if (twin) {
    launched = launch_twin(l, &t, &o) == CUDA_SUCCESS;
    if (launched)
      r = CUDA_SUCCESS;
  }
  if (!launched)
    r = launch_real(l);
  csan_rt_errors_launch_end(&mk, o.cu, r == CUDA_SUCCESS);
  csan_rt_op_end(&o, r == CUDA_SUCCESS);
  /* The driver's sticky errors have the runtime's numbers. */
  csan_rt_errors_result((cudaError_t)r, l->api, site, ra);
  if (r == CUDA_SUCCESS && twin && !launched)
    csan_rt_count_unchecked_launch();
  if (r == CUDA_SUCCESS && !twin) {
    char kind[512];
    snprintf(kind, sizeof kind, "%s of %s", l->api, t.name ? csan_demangle(t.name) : "a kernel");
    csan_rt_lib_unchecked(kind,
                          t.twin ? "launched with its parameters in `extra`, which csan cannot "
                                   "pass to the instrumented twin: its accesses are not "
                                   "checked; pass them in kernelParams"
                                 : "the kernel has no instrumented twin (loaded at run time by "
                                   "cuModuleLoad*/cuLibraryLoad*, compiled by NVRTC, or built "
                                   "without csan): its accesses are not checked; declare them "
                                   "with csan_annotate_begin/read/write/end (include/csan/csan.h)",
                          site);
  }
  return r;
}

CSAN_LIB_CHECK(CUresult, cuLaunchKernel,
               (CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                unsigned int sharedMemBytes, CUstream hStream, void **kernelParams,
                void **extra));
CSAN_EXPORT CUresult __csan_cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                           unsigned int gridDimY, unsigned int gridDimZ,
                                           unsigned int blockDimX, unsigned int blockDimY,
                                           unsigned int blockDimZ, unsigned int sharedMemBytes,
                                           CUstream hStream, void **kernelParams, void **extra,
                                           const csan_host_site *site) {
  drv_launch l = {"cuLaunchKernel", f, {gridDimX, gridDimY, gridDimZ},
                  {blockDimX, blockDimY, blockDimZ}, sharedMemBytes, hStream, kernelParams,
                  extra, NULL};
  return launch(&l, site, __builtin_return_address(0));
}

CSAN_EXPORT CUresult __csan_cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                                             void **kernelParams, void **extra,
                                             const csan_host_site *site) {
  if (!config) {
    CSAN_LIB_REAL_AS(real, cuLaunchKernelEx);
    return real ? real(config, f, kernelParams, extra) : CUDA_ERROR_NOT_INITIALIZED;
  }
  drv_launch l = {"cuLaunchKernelEx", f, {config->gridDimX, config->gridDimY, config->gridDimZ},
                  {config->blockDimX, config->blockDimY, config->blockDimZ},
                  config->sharedMemBytes, config->hStream, kernelParams, extra, config};
  return launch(&l, site, __builtin_return_address(0));
}

CSAN_EXPORT CUresult __csan_cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData,
                                             const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cuLaunchHostFunc);
  if (!real)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!csan_rt_lib_active_at((cudaStream_t)hStream, false, site, __builtin_return_address(0)))
    return real(hStream, fn, userData);
  csan_rt_op_desc d = {CSAN_OPK_HOST_FUNC, "host function", 0, NULL, site,
                       csan_rt_stack(__builtin_return_address(0), site)};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, (cudaStream_t)hStream, false, &d))
    return real(hStream, fn, userData);
  CUresult r = real(hStream, fn, userData);
  csan_rt_op_end(&o, r == CUDA_SUCCESS);
  return r;
}

/* ------------------------------------------------------------------------
 * Copies and sets.
 * ---------------------------------------------------------------------- */

/* The common shape: classify, begin, call, end (csan_api_copy.c's). */
#define DRV_XFER(sync_, stream_, setup, real_call)                                               \
  do {                                                                                          \
    if (!csan_rt_lib_active_at((sync_) ? NULL : (cudaStream_t)(stream_), false, site,           \
                               __builtin_return_address(0)))                                   \
      return (real_call);                                                                       \
    csan_rt_xfer x;                                                                             \
    setup;                                                                                      \
    csan_rt_op o;                                                                               \
    if (!csan_rt_xfer_begin(&x, &o, site, __builtin_return_address(0))) {                       \
      csan_rt_xfer_free(&x);                                                                    \
      return (real_call);                                                                       \
    }                                                                                           \
    CUresult r_ = (real_call);                                                                  \
    csan_rt_xfer_end(&x, &o, r_ == CUDA_SUCCESS);                                               \
    return r_;                                                                                  \
  } while (0)

static csan_region lin(uint64_t p, uint64_t n) {
  return csan_region_linear(p, n);
}

#define COPY1(api, sync, stream, dst, src, n)                                                    \
  csan_rt_xfer_init(&x, api, sync, false, (cudaStream_t)(stream));                              \
  x.bytes = n;                                                                                  \
  csan_rt_xfer_copy(&x, PTR(dst), lin(dst, n), PTR(src), lin(src, n))

#define DRV_REAL(name)                                                                           \
  CSAN_LIB_REAL_AS(real, name);                                                                 \
  if (!real)                                                                                    \
  return CUDA_ERROR_NOT_INITIALIZED

CSAN_EXPORT CUresult __csan_cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                                     const csan_host_site *site) {
  DRV_REAL(cuMemcpy);
  DRV_XFER(true, NULL, COPY1("cuMemcpy", true, NULL, dst, src, ByteCount),
           real(dst, src, ByteCount));
}

CSAN_EXPORT CUresult __csan_cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                                          CUstream hStream, const csan_host_site *site) {
  DRV_REAL(cuMemcpyAsync);
  DRV_XFER(false, hStream, COPY1("cuMemcpyAsync", false, hStream, dst, src, ByteCount),
           real(dst, src, ByteCount, hStream));
}

CSAN_EXPORT CUresult __csan_cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
                                            size_t ByteCount, const csan_host_site *site) {
  DRV_REAL(cuMemcpyHtoD_v2);
  DRV_XFER(true, NULL, COPY1("cuMemcpyHtoD", true, NULL, dstDevice, P(srcHost), ByteCount),
           real(dstDevice, srcHost, ByteCount));
}

CSAN_EXPORT CUresult __csan_cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                                            size_t ByteCount, const csan_host_site *site) {
  DRV_REAL(cuMemcpyDtoH_v2);
  DRV_XFER(true, NULL, COPY1("cuMemcpyDtoH", true, NULL, P(dstHost), srcDevice, ByteCount),
           real(dstHost, srcDevice, ByteCount));
}

CSAN_EXPORT CUresult __csan_cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                            size_t ByteCount, const csan_host_site *site) {
  DRV_REAL(cuMemcpyDtoD_v2);
  DRV_XFER(true, NULL, COPY1("cuMemcpyDtoD", true, NULL, dstDevice, srcDevice, ByteCount),
           real(dstDevice, srcDevice, ByteCount));
}

CSAN_EXPORT CUresult __csan_cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost,
                                                 size_t ByteCount, CUstream hStream,
                                                 const csan_host_site *site) {
  DRV_REAL(cuMemcpyHtoDAsync_v2);
  DRV_XFER(false, hStream,
           COPY1("cuMemcpyHtoDAsync", false, hStream, dstDevice, P(srcHost), ByteCount),
           real(dstDevice, srcHost, ByteCount, hStream));
}

CSAN_EXPORT CUresult __csan_cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice,
                                                 size_t ByteCount, CUstream hStream,
                                                 const csan_host_site *site) {
  DRV_REAL(cuMemcpyDtoHAsync_v2);
  DRV_XFER(false, hStream,
           COPY1("cuMemcpyDtoHAsync", false, hStream, P(dstHost), srcDevice, ByteCount),
           real(dstHost, srcDevice, ByteCount, hStream));
}

CSAN_EXPORT CUresult __csan_cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                                 size_t ByteCount, CUstream hStream,
                                                 const csan_host_site *site) {
  DRV_REAL(cuMemcpyDtoDAsync_v2);
  DRV_XFER(false, hStream,
           COPY1("cuMemcpyDtoDAsync", false, hStream, dstDevice, srcDevice, ByteCount),
           real(dstDevice, srcDevice, ByteCount, hStream));
}

/* One side of a 2-D copy: its pointer and region (arrays are not tracked). */
static const void *side2d(CUmemorytype type, const void *host, CUdeviceptr dev, size_t x,
                          size_t y, size_t pitch, size_t width, size_t height, csan_region *r) {
  uint64_t base = type == CU_MEMORYTYPE_HOST ? P(host)
                  : type == CU_MEMORYTYPE_ARRAY ? 0
                                                : dev;
  csan_region none = {0, 0, 0, 0, 1, 0};
  *r = none;
  if (!base)
    return NULL;
  csan_region reg = {base + y * pitch + x, width, height ? height : 1, pitch, 1, 0};
  *r = reg;
  return PTR(base);
}

static void copy2d(csan_rt_xfer *x, const CUDA_MEMCPY2D *p) {
  if (!p)
    return;
  csan_region dr, sr;
  const void *d = side2d(p->dstMemoryType, p->dstHost, p->dstDevice, p->dstXInBytes, p->dstY,
                         p->dstPitch, p->WidthInBytes, p->Height, &dr);
  const void *s = side2d(p->srcMemoryType, p->srcHost, p->srcDevice, p->srcXInBytes, p->srcY,
                         p->srcPitch, p->WidthInBytes, p->Height, &sr);
  x->bytes = (uint64_t)p->WidthInBytes * p->Height;
  if (d && s) {
    csan_rt_xfer_copy(x, d, dr, s, sr);
  } else {
    /* A CUDA array on one side: only the linear side is checked. */
    if (d)
      csan_rt_xfer_region(x, csan_rt_mem_class(d), dr, CSAN_ACC_WRITE);
    if (s)
      csan_rt_xfer_region(x, csan_rt_mem_class(s), sr, CSAN_ACC_READ);
    x->may_block = true;
  }
}

#define COPY2D(api, sync, stream)                                                                \
  csan_rt_xfer_init(&x, api, sync, false, (cudaStream_t)(stream));                              \
  copy2d(&x, pCopy)

CSAN_EXPORT CUresult __csan_cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy, const csan_host_site *site) {
  DRV_REAL(cuMemcpy2D_v2);
  DRV_XFER(true, NULL, COPY2D("cuMemcpy2D", true, NULL), real(pCopy));
}

CSAN_EXPORT CUresult __csan_cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy,
                                                   const csan_host_site *site) {
  DRV_REAL(cuMemcpy2DUnaligned_v2);
  DRV_XFER(true, NULL, COPY2D("cuMemcpy2DUnaligned", true, NULL), real(pCopy));
}

CSAN_EXPORT CUresult __csan_cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream,
                                               const csan_host_site *site) {
  DRV_REAL(cuMemcpy2DAsync_v2);
  DRV_XFER(false, hStream, COPY2D("cuMemcpy2DAsync", false, hStream), real(pCopy, hStream));
}

/* Sets: N elements of es bytes, or Height rows of Width elements. */
#define SET(api, sync, stream, dst, es, pitch, width, height)                                    \
  csan_rt_xfer_init(&x, api, sync, false, (cudaStream_t)(stream));                              \
  x.bytes = (uint64_t)(width) * (es) * (height);                                                \
  csan_region set_ = {dst, (uint64_t)(width) * (es), height, pitch, 1, 0};                       \
  csan_rt_xfer_set(&x, PTR(dst), set_)

#define MEMSET(NAME, API, T, ES, SYNC)                                                           \
  CSAN_EXPORT CUresult __csan_##NAME(CUdeviceptr dstDevice, T v, size_t N,                      \
                                     const csan_host_site *site) {                              \
    DRV_REAL(NAME);                                                                             \
    DRV_XFER(true, NULL, SET(API, true, NULL, dstDevice, ES, (uint64_t)N * (ES), N, 1),         \
             real(dstDevice, v, N));                                                            \
  }
#define MEMSET_ASYNC(NAME, T, ES)                                                                \
  CSAN_EXPORT CUresult __csan_##NAME(CUdeviceptr dstDevice, T v, size_t N, CUstream hStream,    \
                                     const csan_host_site *site) {                              \
    DRV_REAL(NAME);                                                                             \
    DRV_XFER(false, hStream, SET(#NAME, false, hStream, dstDevice, ES, (uint64_t)N * (ES), N, 1), \
             real(dstDevice, v, N, hStream));                                                   \
  }
#define MEMSET2D(NAME, API, T, ES)                                                               \
  CSAN_EXPORT CUresult __csan_##NAME(CUdeviceptr dstDevice, size_t dstPitch, T v, size_t Width, \
                                     size_t Height, const csan_host_site *site) {               \
    DRV_REAL(NAME);                                                                             \
    DRV_XFER(true, NULL, SET(API, true, NULL, dstDevice, ES, dstPitch, Width, Height),          \
             real(dstDevice, dstPitch, v, Width, Height));                                      \
  }
#define MEMSET2D_ASYNC(NAME, T, ES)                                                              \
  CSAN_EXPORT CUresult __csan_##NAME(CUdeviceptr dstDevice, size_t dstPitch, T v, size_t Width, \
                                     size_t Height, CUstream hStream,                           \
                                     const csan_host_site *site) {                              \
    DRV_REAL(NAME);                                                                             \
    DRV_XFER(false, hStream, SET(#NAME, false, hStream, dstDevice, ES, dstPitch, Width, Height), \
             real(dstDevice, dstPitch, v, Width, Height, hStream));                             \
  }
MEMSET(cuMemsetD8_v2, "cuMemsetD8", unsigned char, 1, true)
MEMSET(cuMemsetD16_v2, "cuMemsetD16", unsigned short, 2, true)
MEMSET(cuMemsetD32_v2, "cuMemsetD32", unsigned int, 4, true)
MEMSET_ASYNC(cuMemsetD8Async, unsigned char, 1)
MEMSET_ASYNC(cuMemsetD16Async, unsigned short, 2)
MEMSET_ASYNC(cuMemsetD32Async, unsigned int, 4)
MEMSET2D(cuMemsetD2D8_v2, "cuMemsetD2D8", unsigned char, 1)
MEMSET2D(cuMemsetD2D16_v2, "cuMemsetD2D16", unsigned short, 2)
MEMSET2D(cuMemsetD2D32_v2, "cuMemsetD2D32", unsigned int, 4)
MEMSET2D_ASYNC(cuMemsetD2D8Async, unsigned char, 1)
MEMSET2D_ASYNC(cuMemsetD2D16Async, unsigned short, 2)
MEMSET2D_ASYNC(cuMemsetD2D32Async, unsigned int, 4)

/* ------------------------------------------------------------------------
 * Streams, events, host waits.
 * ---------------------------------------------------------------------- */

static void stream_created(CUstream s, unsigned int flags) {
  csan_rt_stream_add(csan_rt_stream_key((cudaStream_t)s, false),
                     (flags & CU_STREAM_NON_BLOCKING) ? CSAN_STREAM_NONBLOCKING
                                                      : CSAN_STREAM_BLOCKING);
}

CSAN_EXPORT CUresult __csan_cuStreamCreate(CUstream *phStream, unsigned int Flags,
                                           const csan_host_site *site) {
  DRV_REAL(cuStreamCreate);
  bool on = csan_rt_active() && csan_rt_on_device();
  CUresult r = real(phStream, Flags);
  if (on && r == CUDA_SUCCESS)
    stream_created(*phStream, Flags);
  return r;
}

CSAN_EXPORT CUresult __csan_cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags,
                                                       int priority, const csan_host_site *site) {
  DRV_REAL(cuStreamCreateWithPriority);
  bool on = csan_rt_active() && csan_rt_on_device();
  CUresult r = real(phStream, flags, priority);
  if (on && r == CUDA_SUCCESS)
    stream_created(*phStream, flags);
  return r;
}

static bool special(CUstream s) {
  return !s || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD;
}

CSAN_EXPORT CUresult __csan_cuStreamDestroy_v2(CUstream hStream, const csan_host_site *site) {
  DRV_REAL(cuStreamDestroy_v2);
  bool on = csan_rt_active();
  CUresult r = real(hStream);
  if (on && r == CUDA_SUCCESS && !special(hStream))
    csan_model_stream_destroy(csan_g.model, csan_rt_stream_key((cudaStream_t)hStream, false));
  return r;
}

CSAN_EXPORT CUresult __csan_cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
                                              unsigned int Flags, const csan_host_site *site) {
  DRV_REAL(cuStreamWaitEvent);
  cudaStream_t s = (cudaStream_t)hStream;
  /* A wait that joins s into a capture is that capture's fork of s. */
  if (!csan_rt_active() || !csan_rt_stream_on_device(s, false) ||
      csan_rt_capture_wait(s, false, site, __builtin_return_address(0)))
    return real(hStream, hEvent, Flags);
  csan_key sk;
  bool known = csan_rt_stream_ensure(s, false, &sk);
  CUresult r = real(hStream, hEvent, Flags);
  if (r == CUDA_SUCCESS && known) {
    csan_key ek = csan_rt_event_key((cudaEvent_t)hEvent);
    if (csan_model_stream_wait_event(csan_g.model, sk, ek) == CSAN_MODEL_EUNKNOWN_EVENT)
      csan_rt_event_ensure(ek);
  }
  return r;
}

static CUresult event_record(CUevent e, CUstream hs, bool with_flags, unsigned int flags) {
#define REAL_RECORD() (with_flags ? rec_flags(e, hs, flags) : rec(e, hs))
  CSAN_LIB_REAL_AS(rec, cuEventRecord);
  CSAN_LIB_REAL_AS(rec_flags, cuEventRecordWithFlags);
  if (with_flags ? !rec_flags : !rec)
    return CUDA_ERROR_NOT_INITIALIZED;
  cudaStream_t s = (cudaStream_t)hs;
  if (!csan_rt_active() || !csan_rt_stream_on_device(s, false) || csan_rt_capturing(s, false))
    return REAL_RECORD();
  csan_key sk;
  bool known = csan_rt_stream_ensure(s, false, &sk);
  CUresult r = REAL_RECORD();
  if (r == CUDA_SUCCESS && known) {
    csan_key ek = csan_rt_event_key((cudaEvent_t)e);
    if (csan_model_event_record(csan_g.model, ek, sk) == CSAN_MODEL_EUNKNOWN_EVENT) {
      csan_rt_event_ensure(ek);
      csan_model_event_record(csan_g.model, ek, sk);
    }
  }
  return r;
#undef REAL_RECORD
}

CSAN_EXPORT CUresult __csan_cuEventRecord(CUevent hEvent, CUstream hStream,
                                          const csan_host_site *site) {
  return event_record(hEvent, hStream, false, 0);
}

CSAN_EXPORT CUresult __csan_cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
                                                   unsigned int flags,
                                                   const csan_host_site *site) {
  return event_record(hEvent, hStream, true, flags);
}

/* Synchronize or query a stream: what it had done is observed. */
static CUresult stream_wait(CUstream hs, bool query) {
  CSAN_LIB_REAL_AS(sync, cuStreamSynchronize);
  CSAN_LIB_REAL_AS(q, cuStreamQuery);
  if (query ? !q : !sync)
    return CUDA_ERROR_NOT_INITIALIZED;
  cudaStream_t s = (cudaStream_t)hs;
  if (!csan_rt_active() || !csan_rt_stream_on_device(s, false))
    return query ? q(hs) : sync(hs);
  csan_key key;
  csan_vc vc;
  bool known = csan_rt_stream_ensure(s, false, &key) &&
               csan_model_stream_clock(csan_g.model, key, &vc) == CSAN_MODEL_OK;
  CUresult r = query ? q(hs) : sync(hs);
  if (r == CUDA_SUCCESS && known)
    csan_rt_host_observed(&vc);
  return r;
}

CSAN_EXPORT CUresult __csan_cuStreamSynchronize(CUstream hStream, const csan_host_site *site) {
  return stream_wait(hStream, false);
}

CSAN_EXPORT CUresult __csan_cuStreamQuery(CUstream hStream, const csan_host_site *site) {
  return stream_wait(hStream, true);
}

static CUresult event_wait(CUevent e, bool query) {
  CSAN_LIB_REAL_AS(sync, cuEventSynchronize);
  CSAN_LIB_REAL_AS(q, cuEventQuery);
  if (query ? !q : !sync)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!csan_rt_active())
    return query ? q(e) : sync(e);
  csan_vc vc;
  bool recorded = false;
  bool known = csan_model_event_clock(csan_g.model, csan_rt_event_key((cudaEvent_t)e), &vc,
                                      &recorded) == CSAN_MODEL_OK;
  CUresult r = query ? q(e) : sync(e);
  if (r == CUDA_SUCCESS && known && recorded)
    csan_rt_host_observed(&vc);
  return r;
}

CSAN_EXPORT CUresult __csan_cuEventSynchronize(CUevent hEvent, const csan_host_site *site) {
  return event_wait(hEvent, false);
}

CSAN_EXPORT CUresult __csan_cuEventQuery(CUevent hEvent, const csan_host_site *site) {
  return event_wait(hEvent, true);
}

CSAN_EXPORT CUresult __csan_cuEventDestroy_v2(CUevent hEvent, const csan_host_site *site) {
  DRV_REAL(cuEventDestroy_v2);
  bool on = csan_rt_active();
  CUresult r = real(hEvent);
  if (on && r == CUDA_SUCCESS)
    csan_model_event_destroy(csan_g.model, csan_rt_event_key((cudaEvent_t)hEvent));
  return r;
}

CSAN_EXPORT CUresult __csan_cuCtxSynchronize(const csan_host_site *site) {
  DRV_REAL(cuCtxSynchronize);
  if (!csan_rt_active() || !csan_rt_on_device())
    return real();
  csan_vc all;
  csan_model_device_clock(csan_g.model, &all);
  CUresult r = real();
  if (r == CUDA_SUCCESS)
    csan_rt_host_observed(&all);
  csan_rt_errors_result((cudaError_t)r, "cuCtxSynchronize", site,
                        __builtin_return_address(0));
  return r;
}

/* ------------------------------------------------------------------------
 * Memory.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT CUresult __csan_cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize,
                                          const csan_host_site *site) {
  DRV_REAL(cuMemAlloc_v2);
  if (!csan_rt_active() || !csan_rt_on_device())
    return real(dptr, bytesize);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  uint64_t span = csan_rt_alloc_span(bytesize); /* a redzone after it (issue 17) */
  CUresult r = real(dptr, span);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && span != bytesize) /* never for want of a redzone */
    r = real(dptr, span = bytesize);
  if (r == CUDA_SUCCESS)
    csan_rt_alloc_track_span(*dptr, bytesize, span, CSAN_ALLOC_DEVICE, "cuMemAlloc", NULL, site,
                             stack);
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch,
                                               size_t WidthInBytes, size_t Height,
                                               unsigned int ElementSizeBytes,
                                               const csan_host_site *site) {
  DRV_REAL(cuMemAllocPitch_v2);
  if (!csan_rt_active() || !csan_rt_on_device())
    return real(dptr, pPitch, WidthInBytes, Height, ElementSizeBytes);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  /* The redzone as whole rows, as for cudaMallocPitch: the pitch depends on
   * the width only. */
  size_t extra = 0;
  if (WidthInBytes && Height && csan_rt_alloc_span(1) != 1)
    extra = (size_t)(((uint64_t)csan_g.flags.redzone + WidthInBytes - 1) / WidthInBytes);
  CUresult r = real(dptr, pPitch, WidthInBytes, Height + extra, ElementSizeBytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && extra) /* never for want of a redzone */
    r = real(dptr, pPitch, WidthInBytes, Height + (extra = 0), ElementSizeBytes);
  if (r == CUDA_SUCCESS)
    csan_rt_alloc_track_span(*dptr, (uint64_t)*pPitch * Height,
                             (uint64_t)*pPitch * (Height + extra), CSAN_ALLOC_DEVICE,
                             "cuMemAllocPitch", NULL, site, stack);
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
                                              unsigned int flags, const csan_host_site *site) {
  DRV_REAL(cuMemAllocManaged);
  if (!csan_rt_active() || !csan_rt_on_device())
    return real(dptr, bytesize, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  uint64_t span = csan_rt_alloc_span(bytesize);
  CUresult r = real(dptr, span, flags);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && span != bytesize) /* never for want of a redzone */
    r = real(dptr, span = bytesize, flags);
  if (r == CUDA_SUCCESS)
    csan_rt_alloc_track_span(*dptr, bytesize, span, CSAN_ALLOC_DEVICE | CSAN_ALLOC_MANAGED,
                             "cuMemAllocManaged", NULL, site, stack);
  return r;
}

typedef struct free_call {
  CUdeviceptr p;
  CUstream s;
  CUresult result;
  bool async;
} free_call;

static int free_real(void *arg) {
  free_call *c = arg;
  if (c->async) {
    CSAN_LIB_REAL_AS(real, cuMemFreeAsync);
    c->result = real ? real(c->p, c->s) : CUDA_ERROR_NOT_INITIALIZED;
  } else {
    CSAN_LIB_REAL_AS(real, cuMemFree_v2);
    c->result = real ? real(c->p) : CUDA_ERROR_NOT_INITIALIZED;
  }
  return (int)c->result;
}

CSAN_EXPORT CUresult __csan_cuMemFree_v2(CUdeviceptr dptr, const csan_host_site *site) {
  free_call c = {dptr, NULL, CUDA_SUCCESS, false};
  if (!csan_rt_active() || !dptr) {
    free_real(&c);
    return c.result;
  }
  if (csan_rt_mem_free(PTR(dptr), "cuMemFree", site,
                       csan_rt_stack(__builtin_return_address(0), site), free_real,
                       &c) == CSAN_RT_FREE_REFUSED)
    c.result = CUDA_ERROR_INVALID_VALUE; /* a double free, as CUDA answers it */
  return c.result;
}

CSAN_EXPORT CUresult __csan_cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream,
                                            const csan_host_site *site) {
  DRV_REAL(cuMemAllocAsync);
  if (!csan_rt_lib_active_at((cudaStream_t)hStream, false, site, __builtin_return_address(0)))
    return real(dptr, bytesize, hStream);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  uint64_t span = csan_rt_alloc_span(bytesize); /* a redzone after it (issue 17) */
  CUresult r = real(dptr, span, hStream);
  if (r == CUDA_ERROR_OUT_OF_MEMORY && span != bytesize) /* never for want of a redzone */
    r = real(dptr, span = bytesize, hStream);
  if (r == CUDA_SUCCESS && dptr && *dptr && bytesize)
    csan_rt_mem_alloc_async_done(*dptr, bytesize, span, (cudaStream_t)hStream, false,
                                 "cuMemAllocAsync", site, stack);
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream,
                                           const csan_host_site *site) {
  free_call c = {dptr, hStream, CUDA_SUCCESS, true};
  if (!dptr ||
      !csan_rt_lib_active_at((cudaStream_t)hStream, false, site, __builtin_return_address(0))) {
    free_real(&c);
    return c.result;
  }
  csan_rt_mem_free_async(PTR(dptr), (cudaStream_t)hStream, false, "cuMemFreeAsync", site,
                         csan_rt_stack(__builtin_return_address(0), site), free_real, &c);
  return c.result;
}

CSAN_EXPORT CUresult __csan_cuMemAllocHost_v2(void **pp, size_t bytesize,
                                              const csan_host_site *site) {
  DRV_REAL(cuMemAllocHost_v2);
  if (!csan_rt_active())
    return real(pp, bytesize);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  CUresult r = real(pp, bytesize);
  if (r == CUDA_SUCCESS)
    csan_rt_mem_host_add(*pp, bytesize, "cuMemAllocHost", site, stack);
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags,
                                           const csan_host_site *site) {
  DRV_REAL(cuMemHostAlloc);
  if (!csan_rt_active())
    return real(pp, bytesize, Flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  CUresult r = real(pp, bytesize, Flags);
  if (r == CUDA_SUCCESS)
    csan_rt_mem_host_add(*pp, bytesize, "cuMemHostAlloc", site, stack);
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags,
                                                 const csan_host_site *site) {
  DRV_REAL(cuMemHostRegister_v2);
  if (!csan_rt_active())
    return real(p, bytesize, Flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  CUresult r = real(p, bytesize, Flags);
  if (r == CUDA_SUCCESS)
    csan_rt_mem_host_add(p, bytesize, "cuMemHostRegister", site, stack);
  return r;
}

static void free_host_later(void *p) {
  CSAN_LIB_REAL_AS(real, cuMemFreeHost);
  if (real)
    real(p);
}

CSAN_EXPORT CUresult __csan_cuMemFreeHost(void *p, const csan_host_site *site) {
  DRV_REAL(cuMemFreeHost);
  bool on = csan_rt_active();
  uint32_t stack = on ? csan_rt_stack(__builtin_return_address(0), site) : 0;
  /* As cudaFreeHost: with memory errors on, csan keeps the block a while. */
  if (on && csan_rt_mem_host_hold(p, "cuMemFreeHost", site, stack, free_host_later))
    return CUDA_SUCCESS;
  CUresult r = real(p);
  if (on && r == CUDA_SUCCESS)
    csan_rt_mem_host_remove(p, "cuMemFreeHost", site, stack);
  return r;
}

/* Issue 17: an allocation csan padded with a redzone (csan_rt_alloc_span) is
 * larger to the driver than to the program: the program is told its own
 * size, and an address in the redzone is in no allocation of its. */
CSAN_EXPORT CUresult __csan_cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize,
                                                    CUdeviceptr dptr,
                                                    const csan_host_site *site) {
  DRV_REAL(cuMemGetAddressRange_v2);
  (void)site;
  CUdeviceptr base = 0;
  size_t size = 0;
  CUresult r = real(&base, &size, dptr);
  if (r != CUDA_SUCCESS || !csan_rt_active())
    goto out;
  csan_alloc_info a;
  if (csan_rt_alloc_find_live(PTR(base), &a) && a.size < size) {
    if (dptr >= base + a.size)
      return CUDA_ERROR_NOT_FOUND;
    size = (size_t)a.size;
  }
out:
  if (r == CUDA_SUCCESS) {
    if (pbase)
      *pbase = base;
    if (psize)
      *psize = size;
  }
  return r;
}

CSAN_EXPORT CUresult __csan_cuMemHostUnregister(void *p, const csan_host_site *site) {
  DRV_REAL(cuMemHostUnregister);
  bool on = csan_rt_active();
  CUresult r = real(p);
  if (on && r == CUDA_SUCCESS)
    csan_rt_mem_host_remove(p, "cuMemHostUnregister", site,
                            csan_rt_stack(__builtin_return_address(0), site));
  return r;
}

/* ------------------------------------------------------------------------
 * The virtual-memory API. A mapping (cuMemMap of a cuMemCreate handle into
 * a cuMemAddressReserve range) is an allocation of csan's from the map to
 * the unmap: tracked bytes, named "made by cuMemMap" in reports. The unmap
 * does not synchronize the device (CUDA does not say it does), so work not
 * ordered before it races with it, and an access after it is a use after
 * free. Two mappings of one handle are two allocations: csan's shadow is
 * by address, so their aliasing is not seen (DESIGN.md).
 * ---------------------------------------------------------------------- */

CSAN_EXPORT CUresult __csan_cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                                     CUmemGenericAllocationHandle handle,
                                     unsigned long long flags, const csan_host_site *site) {
  DRV_REAL(cuMemMap);
  if (!csan_rt_active() || !csan_rt_on_device())
    return real(ptr, size, offset, handle, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  CUresult r = real(ptr, size, offset, handle, flags);
  if (r == CUDA_SUCCESS && size)
    csan_rt_alloc_track_span(ptr, size, size, CSAN_ALLOC_DEVICE | CSAN_ALLOC_MAPPED, "cuMemMap",
                             NULL, site, stack);
  return r;
}

typedef struct unmap_call {
  CUdeviceptr ptr;
  size_t size;
  CUresult result;
  bool done; /* the real call ran (for the first mapping of the range) */
} unmap_call;

static int unmap_real(void *arg) {
  unmap_call *c = arg;
  if (!c->done) {
    CSAN_LIB_REAL_AS(real, cuMemUnmap);
    c->result = real ? real(c->ptr, c->size) : CUDA_ERROR_NOT_INITIALIZED;
    c->done = true;
  }
  return (int)c->result;
}

/* The mappings csan tracks that tile [ptr, ptr + size) from ptr, up to max:
 * their bases; 0 when the range does not start at one or does not end at
 * one's end (then csan leaves the call to CUDA, which rejects a range that
 * cuts a mapping). */
static size_t mappings_in(CUdeviceptr ptr, size_t size, uint64_t *bases, size_t max) {
  size_t n = 0;
  uint64_t at = ptr, end = (uint64_t)ptr + size;
  csan_alloc_info a;
  while (at < end && n < max && csan_rt_alloc_find_live(PTR(at), &a) && a.base == at &&
         (a.flags & CSAN_ALLOC_MAPPED) && a.base + a.size <= end) {
    bases[n++] = a.base;
    at = a.base + a.size;
  }
  return at == end ? n : 0;
}

CSAN_EXPORT CUresult __csan_cuMemUnmap(CUdeviceptr ptr, size_t size,
                                       const csan_host_site *site) {
  unmap_call c = {ptr, size, CUDA_SUCCESS, false};
  uint64_t bases[64];
  size_t n = csan_rt_active() && csan_rt_on_device() && size
                 ? mappings_in(ptr, size, bases, sizeof bases / sizeof bases[0])
                 : 0;
  if (!n) {
    unmap_real(&c);
    return c.result;
  }
  /* Each mapping's FREE markers are in place before the real call, which
   * runs once, for the whole range, at the first; a failed call leaves
   * them all live again (csan_rt_mem_free). */
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  for (size_t i = 0; i < n; i++)
    (void)csan_rt_mem_free(PTR(bases[i]), "cuMemUnmap", site, stack, unmap_real, &c);
  return c.result;
}

/* ------------------------------------------------------------------------
 * Stream memory operations.
 * ---------------------------------------------------------------------- */

/* The model's event of a flag address: bit 62 set, which no CUevent (a
 * user-space pointer) has. */
static csan_key flag_key(CUdeviceptr addr) {
  return (csan_key)(addr | (1ull << 62));
}

/* A write (wait == false) or a wait of a flag of `bytes` bytes. */
static CUresult value_op(const char *api, CUstream hs, CUdeviceptr addr, size_t bytes, bool wait,
                         CUresult (*call)(void *), void *arg, const csan_host_site *site,
                         const void *ra) {
  cudaStream_t s = (cudaStream_t)hs;
  if (!csan_rt_lib_active_at(s, false, site, ra))
    return call(arg);
  csan_key sk;
  bool known = csan_rt_stream_ensure(s, false, &sk);
  if (wait && known) {
    /* Acquire what the last write of the flag released, if any. */
    bool recorded = false;
    csan_vc vc;
    if (csan_model_event_clock(csan_g.model, flag_key(addr), &vc, &recorded) == CSAN_MODEL_OK &&
        recorded)
      csan_model_stream_wait_event(csan_g.model, sk, flag_key(addr));
  }
  csan_rt_xfer x;
  csan_rt_xfer_init(&x, api, false, false, s);
  csan_rt_xfer_region(&x, csan_rt_mem_class(PTR(addr)), csan_region_linear(addr, bytes),
                      (wait ? CSAN_ACC_READ : CSAN_ACC_WRITE) | CSAN_ACC_ATOMIC);
  csan_rt_op o;
  if (!csan_rt_xfer_begin(&x, &o, site, ra)) {
    csan_rt_xfer_free(&x);
    return call(arg);
  }
  CUresult r = call(arg);
  csan_rt_xfer_end(&x, &o, r == CUDA_SUCCESS);
  if (r == CUDA_SUCCESS && !wait && known) {
    /* Release the stream's work so far, this write included. */
    csan_rt_event_ensure(flag_key(addr));
    csan_model_event_record(csan_g.model, flag_key(addr), sk);
  }
  return r;
}

typedef struct value_call {
  CUstream s;
  CUdeviceptr addr;
  uint64_t value;
  unsigned int flags;
  int which; /* 0 write32, 1 write64, 2 wait32, 3 wait64 */
} value_call;

static CUresult value_real(void *arg) {
  value_call *c = arg;
  CSAN_LIB_REAL_AS(w32, cuStreamWriteValue32_v2);
  CSAN_LIB_REAL_AS(w64, cuStreamWriteValue64_v2);
  CSAN_LIB_REAL_AS(x32, cuStreamWaitValue32_v2);
  CSAN_LIB_REAL_AS(x64, cuStreamWaitValue64_v2);
  switch (c->which) {
  case 0: return w32 ? w32(c->s, c->addr, (cuuint32_t)c->value, c->flags) : CUDA_ERROR_NOT_INITIALIZED;
  case 1: return w64 ? w64(c->s, c->addr, c->value, c->flags) : CUDA_ERROR_NOT_INITIALIZED;
  case 2: return x32 ? x32(c->s, c->addr, (cuuint32_t)c->value, c->flags) : CUDA_ERROR_NOT_INITIALIZED;
  default: return x64 ? x64(c->s, c->addr, c->value, c->flags) : CUDA_ERROR_NOT_INITIALIZED;
  }
}

#define VALUE_OP(NAME, API, T, WHICH, BYTES, WAIT)                                               \
  CSAN_EXPORT CUresult __csan_##NAME(CUstream stream, CUdeviceptr addr, T value,                \
                                     unsigned int flags, const csan_host_site *site) {          \
    value_call c = {stream, addr, value, flags, WHICH};                                         \
    return value_op(API, stream, addr, BYTES, WAIT, value_real, &c, site,                       \
                    __builtin_return_address(0));                                               \
  }
VALUE_OP(cuStreamWriteValue32_v2, "cuStreamWriteValue32", cuuint32_t, 0, 4, false)
VALUE_OP(cuStreamWriteValue64_v2, "cuStreamWriteValue64", cuuint64_t, 1, 8, false)
VALUE_OP(cuStreamWaitValue32_v2, "cuStreamWaitValue32", cuuint32_t, 2, 4, true)
VALUE_OP(cuStreamWaitValue64_v2, "cuStreamWaitValue64", cuuint64_t, 3, 8, true)
