/* fake_libcuda.c: a libcuda.so.1 for the runtime tests of csan's driver-API
 * wrappers (test/runtime/libs). It stands for the calls a program makes to
 * the driver itself; csan's own driver calls go through the fake CUDA
 * runtime's entry points (cudaGetDriverEntryPointByVersion), as with the
 * real runtime. Everything runs on the CPU through the fake runtime
 * (fake_cuda.c): device memory is host memory, streams execute at issue
 * time, a launch runs the registered kernel's body.
 *
 * cuModuleLoad* hands out the fake runtime's user module, so
 * cuModuleGetFunction finds the kernels a test registered by name (without
 * a twin: a module loaded at run time); a name no test registered (a
 * program's NVRTC kernel) gives a function whose launches do nothing.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include "fake_cuda.h"

#define EXPORT __attribute__((visibility("default")))

static CUresult rt(cudaError_t e) {
  if (e == cudaSuccess)
    return CUDA_SUCCESS;
  /* A fault (fake_cuda_fault): the driver returns the same number. */
  if (e == cudaErrorIllegalAddress || e == cudaErrorAssert || e == cudaErrorLaunchFailure ||
      e == cudaErrorMisalignedAddress || e == cudaErrorIllegalInstruction)
    return (CUresult)e;
  return CUDA_ERROR_INVALID_VALUE;
}

/* The fake runtime's driver entry point of `name`. */
static void *entry(const char *name, unsigned version) {
  void *fp = NULL;
  enum cudaDriverEntryPointQueryResult st;
  cudaGetDriverEntryPointByVersion(name, &fp, version, 0, &st);
  return fp;
}

EXPORT CUresult cuInit(unsigned int flags) {
  (void)flags;
  return CUDA_SUCCESS;
}

/* Private interfaces of the driver (NVRTC asks for one): none here. */
EXPORT CUresult cuGetExportTable(const void **table, const CUuuid *id) {
  (void)id;
  if (table)
    *table = NULL;
  return CUDA_ERROR_NOT_SUPPORTED;
}

EXPORT CUresult cuDriverGetVersion(int *v) {
  *v = CUDA_VERSION;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxGetCurrent(CUcontext *c) {
  PFN_cuCtxGetCurrent_v4000 f = (PFN_cuCtxGetCurrent_v4000)entry("cuCtxGetCurrent", 4000);
  return f ? f(c) : CUDA_ERROR_NOT_INITIALIZED;
}

/* ---- modules and launches ---- */

EXPORT CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  (void)image;
  cudaFree(0); /* the runtime's context, current */
  *m = (CUmodule)fake_cuda_user_module();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleLoad(CUmodule *m, const char *fname) {
  return cuModuleLoadData(m, fname);
}

EXPORT CUresult cuModuleUnload(CUmodule m) {
  (void)m;
  return CUDA_SUCCESS;
}

/* A function of a module the test registered no kernel for (a program
 * compiled for the GPU, its NVRTC kernel): launches do nothing. */
static int g_unknown_function;

EXPORT CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  PFN_cuModuleGetFunction_v2000 g =
      (PFN_cuModuleGetFunction_v2000)entry("cuModuleGetFunction", 2000);
  if (!g)
    return CUDA_ERROR_NOT_INITIALIZED;
  CUresult r = g(f, m, name);
  if (r == CUDA_ERROR_NOT_FOUND) {
    *f = (CUfunction)(void *)&g_unknown_function;
    r = CUDA_SUCCESS;
  }
  return r;
}

EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **params,
                                 void **extra) {
  if (f == (CUfunction)(void *)&g_unknown_function)
    return CUDA_SUCCESS;
  PFN_cuLaunchKernelEx_v11060 g = (PFN_cuLaunchKernelEx_v11060)entry("cuLaunchKernelEx", 11060);
  return g ? g(config, f, params, extra) : CUDA_ERROR_NOT_INITIALIZED;
}

EXPORT CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                               unsigned int bx, unsigned int by, unsigned int bz,
                               unsigned int shmem, CUstream s, void **params, void **extra) {
  CUlaunchConfig c;
  memset(&c, 0, sizeof c);
  c.gridDimX = gx, c.gridDimY = gy, c.gridDimZ = gz;
  c.blockDimX = bx, c.blockDimY = by, c.blockDimZ = bz;
  c.sharedMemBytes = shmem;
  c.hStream = s;
  return cuLaunchKernelEx(&c, f, params, extra);
}

typedef struct host_fn {
  CUhostFn fn;
  void *data;
} host_fn;

EXPORT CUresult cuLaunchHostFunc(CUstream s, CUhostFn fn, void *data) {
  return rt(cudaLaunchHostFunc((cudaStream_t)s, fn, data));
}

/* ---- streams and events ---- */

EXPORT CUresult cuStreamCreate(CUstream *s, unsigned int flags) {
  return rt(cudaStreamCreateWithFlags((cudaStream_t *)s, flags));
}

EXPORT CUresult cuStreamCreateWithPriority(CUstream *s, unsigned int flags, int priority) {
  return rt(cudaStreamCreateWithPriority((cudaStream_t *)s, flags, priority));
}

EXPORT CUresult cuStreamDestroy_v2(CUstream s) {
  return rt(cudaStreamDestroy((cudaStream_t)s));
}

EXPORT CUresult cuStreamWaitEvent(CUstream s, CUevent e, unsigned int flags) {
  return rt(cudaStreamWaitEvent((cudaStream_t)s, (cudaEvent_t)e, flags));
}

EXPORT CUresult cuStreamSynchronize(CUstream s) {
  return rt(cudaStreamSynchronize((cudaStream_t)s));
}

EXPORT CUresult cuStreamQuery(CUstream s) {
  return rt(cudaStreamQuery((cudaStream_t)s));
}

EXPORT CUresult cuEventCreate(CUevent *e, unsigned int flags) {
  return rt(cudaEventCreateWithFlags((cudaEvent_t *)e, flags));
}

EXPORT CUresult cuEventRecord(CUevent e, CUstream s) {
  return rt(cudaEventRecord((cudaEvent_t)e, (cudaStream_t)s));
}

EXPORT CUresult cuEventRecordWithFlags(CUevent e, CUstream s, unsigned int flags) {
  return rt(cudaEventRecordWithFlags((cudaEvent_t)e, (cudaStream_t)s, flags));
}

EXPORT CUresult cuEventSynchronize(CUevent e) {
  return rt(cudaEventSynchronize((cudaEvent_t)e));
}

EXPORT CUresult cuEventQuery(CUevent e) {
  return rt(cudaEventQuery((cudaEvent_t)e));
}

EXPORT CUresult cuEventDestroy_v2(CUevent e) {
  return rt(cudaEventDestroy((cudaEvent_t)e));
}

EXPORT CUresult cuCtxSynchronize(void) {
  return rt(cudaDeviceSynchronize());
}

/* ---- memory ---- */

EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  void *d = NULL;
  CUresult r = rt(cudaMalloc(&d, n));
  *p = (CUdeviceptr)(uintptr_t)d;
  return r;
}

EXPORT CUresult cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr p) {
  uint64_t base = 0, size = 0;
  if (!fake_cuda_block_range((const void *)(uintptr_t)p, &base, &size))
    return CUDA_ERROR_NOT_FOUND;
  if (pbase)
    *pbase = (CUdeviceptr)base;
  if (psize)
    *psize = (size_t)size;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemAllocPitch_v2(CUdeviceptr *p, size_t *pitch, size_t w, size_t h,
                                   unsigned int es) {
  (void)es;
  void *d = NULL;
  CUresult r = rt(cudaMallocPitch(&d, pitch, w, h));
  *p = (CUdeviceptr)(uintptr_t)d;
  return r;
}

EXPORT CUresult cuMemAllocManaged(CUdeviceptr *p, size_t n, unsigned int flags) {
  void *d = NULL;
  CUresult r = rt(cudaMallocManaged(&d, n, flags));
  *p = (CUdeviceptr)(uintptr_t)d;
  return r;
}

EXPORT CUresult cuMemFree_v2(CUdeviceptr p) {
  return rt(cudaFree((void *)(uintptr_t)p));
}

EXPORT CUresult cuMemAllocAsync(CUdeviceptr *p, size_t n, CUstream s) {
  void *d = NULL;
  CUresult r = rt(cudaMallocAsync(&d, n, (cudaStream_t)s));
  *p = (CUdeviceptr)(uintptr_t)d;
  return r;
}

EXPORT CUresult cuMemFreeAsync(CUdeviceptr p, CUstream s) {
  return rt(cudaFreeAsync((void *)(uintptr_t)p, (cudaStream_t)s));
}

EXPORT CUresult cuMemAllocHost_v2(void **p, size_t n) {
  return rt(cudaMallocHost(p, n));
}

EXPORT CUresult cuMemHostAlloc(void **p, size_t n, unsigned int flags) {
  return rt(cudaHostAlloc(p, n, flags));
}

EXPORT CUresult cuMemFreeHost(void *p) {
  return rt(cudaFreeHost(p));
}

EXPORT CUresult cuMemHostRegister_v2(void *p, size_t n, unsigned int flags) {
  return rt(cudaHostRegister(p, n, flags));
}

EXPORT CUresult cuMemHostUnregister(void *p) {
  return rt(cudaHostUnregister(p));
}

/* ---- the virtual-memory API: a handle is a memory file, a reservation an
 * inaccessible range, a mapping the file mapped at its address (so two
 * mappings of one handle alias, as on a GPU) ---- */

typedef struct vmm_handle {
  int fd;
  size_t size;
} vmm_handle;

#define VMM_GRANULARITY (2u << 20)
#define VMM_MAX_MAPS 64
static struct {
  CUdeviceptr ptr;
  size_t size;
} g_maps[VMM_MAX_MAPS];

EXPORT CUresult cuMemGetAllocationGranularity(size_t *g, const CUmemAllocationProp *prop,
                                              CUmemAllocationGranularity_flags option) {
  (void)prop;
  (void)option;
  *g = VMM_GRANULARITY;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemCreate(CUmemGenericAllocationHandle *h, size_t size,
                            const CUmemAllocationProp *prop, unsigned long long flags) {
  (void)prop;
  (void)flags;
  if (!size || size % VMM_GRANULARITY)
    return CUDA_ERROR_INVALID_VALUE;
  vmm_handle *v = malloc(sizeof *v);
  int fd = memfd_create("fake-cuMemCreate", 0);
  if (!v || fd < 0 || ftruncate(fd, (off_t)size) != 0) {
    free(v);
    if (fd >= 0)
      close(fd);
    return CUDA_ERROR_OUT_OF_MEMORY;
  }
  v->fd = fd;
  v->size = size;
  *h = (CUmemGenericAllocationHandle)(uintptr_t)v;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemRelease(CUmemGenericAllocationHandle h) {
  vmm_handle *v = (vmm_handle *)(uintptr_t)h;
  if (!v)
    return CUDA_ERROR_INVALID_VALUE;
  close(v->fd); /* mappings keep the memory, as CUDA's do */
  free(v);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment,
                                    CUdeviceptr addr, unsigned long long flags) {
  (void)alignment;
  (void)addr;
  (void)flags;
  if (!size || size % VMM_GRANULARITY)
    return CUDA_ERROR_INVALID_VALUE;
  size_t span = size + VMM_GRANULARITY;
  char *p = mmap(NULL, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return CUDA_ERROR_OUT_OF_MEMORY;
  uintptr_t a = ((uintptr_t)p + VMM_GRANULARITY - 1) & ~(uintptr_t)(VMM_GRANULARITY - 1);
  *ptr = (CUdeviceptr)a;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
  return munmap((void *)(uintptr_t)ptr, size) == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                         CUmemGenericAllocationHandle h, unsigned long long flags) {
  (void)flags;
  vmm_handle *v = (vmm_handle *)(uintptr_t)h;
  if (!v || !size || offset + size > v->size || ptr % VMM_GRANULARITY)
    return CUDA_ERROR_INVALID_VALUE;
  for (int i = 0; i < VMM_MAX_MAPS; i++)
    if (!g_maps[i].size) {
      if (mmap((void *)(uintptr_t)ptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
               v->fd, (off_t)offset) == MAP_FAILED)
        return CUDA_ERROR_INVALID_VALUE;
      g_maps[i].ptr = ptr;
      g_maps[i].size = size;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_OUT_OF_MEMORY;
}

/* Unmaps whole mappings only, as CUDA does: [ptr, ptr + size) must be
 * tiled by mappings from ptr. */
EXPORT CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
  CUdeviceptr at = ptr, end = ptr + size;
  int found[VMM_MAX_MAPS], n = 0;
  while (at < end) {
    int k = -1;
    for (int i = 0; i < VMM_MAX_MAPS; i++)
      if (g_maps[i].size && g_maps[i].ptr == at)
        k = i;
    if (k < 0 || at + g_maps[k].size > end)
      return CUDA_ERROR_INVALID_VALUE;
    found[n++] = k;
    at += g_maps[k].size;
  }
  if (!n)
    return CUDA_ERROR_INVALID_VALUE;
  for (int i = 0; i < n; i++) {
    mmap((void *)(uintptr_t)g_maps[found[i]].ptr, g_maps[found[i]].size, PROT_NONE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    g_maps[found[i]].size = 0;
  }
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc,
                               size_t count) {
  (void)ptr;
  (void)size;
  (void)desc;
  (void)count;
  return CUDA_SUCCESS;
}

/* ---- copies and sets (the work is done at issue time) ---- */

#define D(p) ((void *)(uintptr_t)(p))

EXPORT CUresult cuMemcpy(CUdeviceptr d, CUdeviceptr s, size_t n) {
  return rt(cudaMemcpy(D(d), D(s), n, cudaMemcpyDefault));
}

EXPORT CUresult cuMemcpyAsync(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) {
  return rt(cudaMemcpyAsync(D(d), D(s), n, cudaMemcpyDefault, (cudaStream_t)st));
}

EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) {
  return rt(cudaMemcpy(D(d), s, n, cudaMemcpyHostToDevice));
}

EXPORT CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) {
  return rt(cudaMemcpy(d, D(s), n, cudaMemcpyDeviceToHost));
}

EXPORT CUresult cuMemcpyDtoD_v2(CUdeviceptr d, CUdeviceptr s, size_t n) {
  return rt(cudaMemcpy(D(d), D(s), n, cudaMemcpyDeviceToDevice));
}

EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, CUstream st) {
  return rt(cudaMemcpyAsync(D(d), s, n, cudaMemcpyHostToDevice, (cudaStream_t)st));
}

EXPORT CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, CUstream st) {
  return rt(cudaMemcpyAsync(d, D(s), n, cudaMemcpyDeviceToHost, (cudaStream_t)st));
}

EXPORT CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) {
  return rt(cudaMemcpyAsync(D(d), D(s), n, cudaMemcpyDeviceToDevice, (cudaStream_t)st));
}

static const void *src2d(const CUDA_MEMCPY2D *p) {
  return (const char *)(p->srcMemoryType == CU_MEMORYTYPE_HOST ? p->srcHost : D(p->srcDevice)) +
         p->srcY * p->srcPitch + p->srcXInBytes;
}

static void *dst2d(const CUDA_MEMCPY2D *p) {
  return (char *)(p->dstMemoryType == CU_MEMORYTYPE_HOST ? p->dstHost : D(p->dstDevice)) +
         p->dstY * p->dstPitch + p->dstXInBytes;
}

EXPORT CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *p) {
  return rt(cudaMemcpy2D(dst2d(p), p->dstPitch, src2d(p), p->srcPitch, p->WidthInBytes,
                         p->Height, cudaMemcpyDefault));
}

EXPORT CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *p) {
  return cuMemcpy2D_v2(p);
}

EXPORT CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *p, CUstream s) {
  return rt(cudaMemcpy2DAsync(dst2d(p), p->dstPitch, src2d(p), p->srcPitch, p->WidthInBytes,
                              p->Height, cudaMemcpyDefault, (cudaStream_t)s));
}

static void fill(CUdeviceptr d, size_t pitch, const void *v, size_t es, size_t w, size_t h) {
  for (size_t r = 0; r < h; r++)
    for (size_t i = 0; i < w; i++)
      memcpy((char *)D(d) + r * pitch + i * es, v, es);
}

#define SETS(bits, T)                                                                            \
  EXPORT CUresult cuMemsetD##bits##_v2(CUdeviceptr d, T v, size_t n) {                          \
    fill(d, 0, &v, sizeof v, n, 1);                                                             \
    return CUDA_SUCCESS;                                                                        \
  }                                                                                             \
  EXPORT CUresult cuMemsetD##bits##Async(CUdeviceptr d, T v, size_t n, CUstream s) {            \
    (void)s;                                                                                    \
    fill(d, 0, &v, sizeof v, n, 1);                                                             \
    return CUDA_SUCCESS;                                                                        \
  }                                                                                             \
  EXPORT CUresult cuMemsetD2D##bits##_v2(CUdeviceptr d, size_t p, T v, size_t w, size_t h) {    \
    fill(d, p, &v, sizeof v, w, h);                                                             \
    return CUDA_SUCCESS;                                                                        \
  }                                                                                             \
  EXPORT CUresult cuMemsetD2D##bits##Async(CUdeviceptr d, size_t p, T v, size_t w, size_t h,    \
                                           CUstream s) {                                        \
    (void)s;                                                                                    \
    fill(d, p, &v, sizeof v, w, h);                                                             \
    return CUDA_SUCCESS;                                                                        \
  }
SETS(8, unsigned char)
SETS(16, unsigned short)
SETS(32, unsigned int)

/* ---- stream memory operations ---- */

EXPORT CUresult cuStreamWriteValue32_v2(CUstream s, CUdeviceptr a, cuuint32_t v,
                                        unsigned int flags) {
  (void)s, (void)flags;
  *(volatile cuuint32_t *)D(a) = v;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamWriteValue64_v2(CUstream s, CUdeviceptr a, cuuint64_t v,
                                        unsigned int flags) {
  (void)s, (void)flags;
  *(volatile cuuint64_t *)D(a) = v;
  return CUDA_SUCCESS;
}

/* The condition is not waited for: streams execute at issue time. */
EXPORT CUresult cuStreamWaitValue32_v2(CUstream s, CUdeviceptr a, cuuint32_t v,
                                       unsigned int flags) {
  (void)s, (void)a, (void)v, (void)flags;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamWaitValue64_v2(CUstream s, CUdeviceptr a, cuuint64_t v,
                                       unsigned int flags) {
  (void)s, (void)a, (void)v, (void)flags;
  return CUDA_SUCCESS;
}

/* A driver function csan has no model of (counted as unchecked). */
EXPORT CUresult cuMemPrefetchAsync_v2(CUdeviceptr p, size_t n, CUmemLocation loc,
                                      unsigned int flags, CUstream s) {
  (void)p, (void)n, (void)loc, (void)flags, (void)s;
  return CUDA_SUCCESS;
}
