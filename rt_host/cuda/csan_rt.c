/* csan_rt.c: the glue's shared state and helpers (csan_rt.h). It calls no
 * other file of the glue. */
#include "csan_rt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

csan_rt csan_g = {.dev_mu = PTHREAD_MUTEX_INITIALIZER};

/* ------------------------------------------------------------------------
 * Messages.
 * ---------------------------------------------------------------------- */

void csan_rt_warn_once(_Atomic bool *flag, const char *fmt, ...) {
  if (atomic_exchange(flag, true))
    return;
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  csan_log_printf("csan: WARNING: %s\n", buf);
}

_Noreturn void csan_rt_fatal(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  csan_log_printf("csan: ERROR: %s\n", buf);
  exit(1);
}

const char *csan_rt_cu_error(CUresult r) {
  const char *s = NULL;
  if (csan_g.drv.cuGetErrorString && csan_g.drv.cuGetErrorString(r, &s) == CUDA_SUCCESS && s)
    return s;
  return "unknown CUDA driver error";
}

/* ------------------------------------------------------------------------
 * CUDA calls of csan's own.
 * ---------------------------------------------------------------------- */

bool csan_rt_err_save(void) {
  return cudaPeekAtLastError() == cudaSuccess;
}

void csan_rt_err_restore(bool was_clean, cudaError_t result) {
  /* cudaGetLastError resets the last error; only when csan caused it. */
  if (was_clean && result != cudaSuccess)
    (void)cudaGetLastError();
}

void csan_rt_own_begin(csan_rt_own *o) {
  o->prev = NULL;
  o->switched = false;
  o->mode = cudaStreamCaptureModeRelaxed;
  o->mode_set = cudaThreadExchangeStreamCaptureMode(&o->mode) == cudaSuccess;
  CUcontext cur = NULL;
  if (csan_g.ctx && csan_g.drv.cuCtxGetCurrent(&cur) == CUDA_SUCCESS && cur != csan_g.ctx &&
      csan_g.drv.cuCtxSetCurrent(csan_g.ctx) == CUDA_SUCCESS) {
    o->prev = cur;
    o->switched = true;
  }
}

void csan_rt_own_end(csan_rt_own *o) {
  if (o->switched)
    csan_g.drv.cuCtxSetCurrent(o->prev);
  o->switched = false;
  if (o->mode_set)
    cudaThreadExchangeStreamCaptureMode(&o->mode);
  o->mode_set = false;
}

/* csan's own work needs a free SM now and then (its short kernels: shadow
 * pages, FREE tags). A kernel that holds every SM and waits for this thread
 * (a persistent kernel waiting for a flag the host sets after a cudaMalloc)
 * then never lets it run, and the host would hang in csan without a word.
 * So csan waits for its own stream by polling, and says once, after
 * stall_seconds, what is probably going on (README, Limits). */
static void say_stalled(double waited) {
  static _Atomic bool said;
  csan_rt_warn_once(&said,
                    "csan's own work on the device has waited %.0f s for the GPU: a kernel "
                    "that holds every SM is running (a persistent kernel?). csan needs a free "
                    "SM for its own short kernels; if that kernel waits for this thread, the "
                    "program cannot go on under csan (README, Limits)",
                    waited);
}

static double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

CUresult csan_rt_priv_wait(void) {
  CUstream s = (CUstream)csan_g.priv;
  CUresult r = csan_g.drv.cuStreamQuery(s);
  if (r != CUDA_ERROR_NOT_READY)
    return r;
  int stall = csan_g.flags.stall_seconds;
  if (stall <= 0)
    return csan_g.drv.cuStreamSynchronize(s);
  double start = seconds_now();
  unsigned sleep_us = 1;
  while ((r = csan_g.drv.cuStreamQuery(s)) == CUDA_ERROR_NOT_READY) {
    double waited = seconds_now() - start;
    if (waited >= stall)
      say_stalled(waited);
    usleep(sleep_us);
    if (sleep_us < 1000)
      sleep_us *= 2;
  }
  return r;
}

bool csan_rt_read_device(void *dst, uint64_t src, size_t n) {
  CUstream s = (CUstream)csan_g.priv;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuMemcpyDtoHAsync(dst, (CUdeviceptr)src, n, s) == CUDA_SUCCESS &&
            csan_rt_priv_wait() == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  return ok;
}

CUresult csan_rt_host_mapped(size_t bytes, void **host, uint64_t *dev) {
  void *p = NULL;
  CUdeviceptr d = 0;
  *host = NULL;
  *dev = 0;
  if (!csan_g.drv.cuMemHostAlloc || !csan_g.drv.cuMemHostGetDevicePointer)
    return CUDA_ERROR_NOT_INITIALIZED;
  CUresult r =
      csan_g.drv.cuMemHostAlloc(&p, bytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE);
  if (r == CUDA_SUCCESS)
    r = csan_g.drv.cuMemHostGetDevicePointer(&d, p, 0);
  if (r != CUDA_SUCCESS) {
    if (p)
      cudaFreeHost(p); /* page-locked memory from the driver: the runtime frees it too */
    return r;
  }
  memset(p, 0, bytes); /* before any kernel can reach it */
  *host = p;
  *dev = (uint64_t)d;
  return CUDA_SUCCESS;
}

void csan_rt_priv_sync(void) {
  csan_rt_own own;
  csan_rt_own_begin(&own);
  csan_rt_priv_wait();
  csan_rt_own_end(&own);
}
