/* fake_curand.c: a libcurand.so.10 for the runtime tests: generators keep
 * their stream; generating writes zeros (device memory is host memory). */
#include <stdlib.h>
#include <string.h>

#include <curand.h>

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

EXPORT curandStatus_t curandGenerateUniform(curandGenerator_t g, float *out, size_t n) {
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
