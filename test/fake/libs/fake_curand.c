/* fake_curand.c: a libcurand.so.10 for the runtime tests: generators keep
 * their stream; generating writes zeros (device memory is host memory).
 * On a capturing stream curandGenerateUniform makes two kernel nodes of
 * cuRAND's own (uninstrumented) kernels, one after the other, as a
 * generator with a separate output pass does, and writes nothing. */
#include <stdlib.h>
#include <string.h>

#include <curand.h>

#include "fake_cuda.h"

#define EXPORT __attribute__((visibility("default")))
#define OK CURAND_STATUS_SUCCESS

struct curandGenerator_st {
  cudaStream_t stream;
  int host;
};

EXPORT curandStatus_t curandCreateGenerator(curandGenerator_t *g, curandRngType_t t) {
  *g = calloc(1, sizeof **g);
  return OK;
}

EXPORT curandStatus_t curandCreateGeneratorHost(curandGenerator_t *g, curandRngType_t t) {
  *g = calloc(1, sizeof **g);
  (*g)->host = 1;
  return OK;
}

EXPORT curandStatus_t curandDestroyGenerator(curandGenerator_t g) {
  free(g);
  return OK;
}

EXPORT curandStatus_t curandSetStream(curandGenerator_t g, cudaStream_t s) {
  g->stream = s;
  return OK;
}

EXPORT curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t g,
                                                         unsigned long long seed) {
  return OK;
}

EXPORT curandStatus_t curandGenerateSeeds(curandGenerator_t g) {
  return OK;
}

EXPORT curandStatus_t curandGenerate(curandGenerator_t g, unsigned int *out, size_t n) {
  memset(out, 0, n * sizeof *out);
  return OK;
}

/* cuRAND's own kernels: no twins (their module was not built by csan). */
static void gen_kernel(void) {}
static void out_kernel(void) {}
static void no_body(const fake_launch *l) {
  (void)l;
}

static int captured(curandGenerator_t g, float *out) {
  enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(g->stream, &st) != cudaSuccess || st != cudaStreamCaptureStatusActive)
    return 0;
  static int registered;
  if (!registered) {
    fake_cuda_register_kernel((const void *)gen_kernel, "fake_curand_generate", FAKE_TWIN_NONE, 1,
                              no_body);
    fake_cuda_register_kernel((const void *)out_kernel, "fake_curand_output", FAKE_TWIN_NONE, 1,
                              no_body);
    registered = 1;
  }
  void *args[] = {&out};
  return 1 + (cudaLaunchKernel((const void *)gen_kernel, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args,
                               0, g->stream) != cudaSuccess ||
              cudaLaunchKernel((const void *)out_kernel, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args,
                               0, g->stream) != cudaSuccess);
}

EXPORT curandStatus_t curandGenerateUniform(curandGenerator_t g, float *out, size_t n) {
  switch (captured(g, out)) {
  case 1: return OK;
  case 2: return CURAND_STATUS_LAUNCH_FAILURE;
  default: break;
  }
  memset(out, 0, n * sizeof *out);
  return OK;
}

EXPORT curandStatus_t curandGenerateNormal(curandGenerator_t g, float *out, size_t n, float mean,
                                           float sd) {
  memset(out, 0, n * sizeof *out);
  return OK;
}

EXPORT curandStatus_t curandGenerateUniformDouble(curandGenerator_t g, double *out, size_t n) {
  memset(out, 0, n * sizeof *out);
  return OK;
}
