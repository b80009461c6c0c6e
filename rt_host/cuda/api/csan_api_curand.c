/* csan_api_curand.c: cuRAND's host API.
 *
 * A device generator's generate calls are operations on the generator's
 * stream (curandSetStream; the legacy default stream until then) that write
 * their output: num elements of the output type. curandGenerateSeeds is an
 * operation that touches no memory of the program. Host generators
 * (curandCreateGeneratorHost) write host memory and pass through.
 */
#include "csan_lib_api.h"
#include "csan_rt_lib.h"

#include <string.h>

#define P(x) ((uint64_t)(uintptr_t)(x))

typedef struct gen_entry {
  csan_pair_key key;
  cudaStream_t stream;
  bool host;
} gen_entry;
static csan_rt_htab g_gens = CSAN_RT_HTAB_INIT(gen_entry);

static gen_entry gen_get(curandGenerator_t g) {
  gen_entry e;
  if (!csan_rt_htab_get(&g_gens, g, &e)) {
    memset(&e, 0, sizeof e);
    e.key.p = g;
  }
  return e;
}

static void gen_put(curandGenerator_t g, cudaStream_t s, bool host) {
  gen_entry e = {{g, 0}, s, host};
  if (g)
    csan_rt_htab_put(&g_gens, &e);
}

CSAN_EXPORT curandStatus_t __csan_curandCreateGenerator(curandGenerator_t *generator,
                                                        curandRngType_t rng_type,
                                                        const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, curandCreateGenerator);
  if (!real)
    return CURAND_STATUS_NOT_INITIALIZED;
  curandStatus_t st = real(generator, rng_type);
  if (st == CURAND_STATUS_SUCCESS && generator)
    gen_put(*generator, NULL, false);
  return st;
}

CSAN_EXPORT curandStatus_t __csan_curandCreateGeneratorHost(curandGenerator_t *generator,
                                                            curandRngType_t rng_type,
                                                            const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, curandCreateGeneratorHost);
  if (!real)
    return CURAND_STATUS_NOT_INITIALIZED;
  curandStatus_t st = real(generator, rng_type);
  if (st == CURAND_STATUS_SUCCESS && generator)
    gen_put(*generator, NULL, true);
  return st;
}

CSAN_EXPORT curandStatus_t __csan_curandDestroyGenerator(curandGenerator_t generator,
                                                         const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, curandDestroyGenerator);
  if (!real)
    return CURAND_STATUS_NOT_INITIALIZED;
  curandStatus_t st = real(generator);
  if (st == CURAND_STATUS_SUCCESS)
    gen_put(generator, NULL, false);
  return st;
}

CSAN_EXPORT curandStatus_t __csan_curandSetStream(curandGenerator_t generator,
                                                  cudaStream_t stream,
                                                  const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, curandSetStream);
  if (!real)
    return CURAND_STATUS_NOT_INITIALIZED;
  curandStatus_t st = real(generator, stream);
  if (st == CURAND_STATUS_SUCCESS) {
    gen_entry e = gen_get(generator);
    gen_put(generator, stream, e.host);
  }
  return st;
}

/* A generate call: bytes written at out on the generator's stream. */
static bool gen_begin(csan_rt_libcall *c, const char *api, curandGenerator_t g, const void *out,
                      uint64_t bytes, const csan_host_site *site, const void *ra) {
  c->on = false;
  c->capture = false;
  gen_entry e = gen_get(g);
  csan_rt_lib_mode lm = e.host ? CSAN_LIB_OFF : csan_rt_lib_call_at(e.stream, false, site, ra);
  if (lm == CSAN_LIB_OFF)
    return false;
  csan_lm_fp fp;
  csan_lm_init(&fp);
  csan_lm_linear(&fp, "outputPtr", CSAN_LM_WRITE, P(out), bytes);
  csan_rt_lib_init(c, api, e.stream, false, lm);
  csan_rt_lib_fp(c, &fp);
  csan_rt_lib_begin(c, site, ra);
  return true;
}

#define GENERATE(NAME, T, EXTRA_P, EXTRA_A)                                                      \
  CSAN_EXPORT curandStatus_t __csan_##NAME(curandGenerator_t generator, T *outputPtr, size_t n   \
                                           EXTRA_P, const csan_host_site *site) {               \
    CSAN_LIB_REAL_AS(real, NAME);                                                               \
    if (!real)                                                                                  \
      return CURAND_STATUS_NOT_INITIALIZED;                                                     \
    csan_rt_libcall c;                                                                          \
    gen_begin(&c, #NAME, generator, outputPtr, (uint64_t)n * sizeof(T), site,                    \
              __builtin_return_address(0));                                                     \
    curandStatus_t st = real(generator, outputPtr, n EXTRA_A);                                  \
    csan_rt_lib_end(&c, st == CURAND_STATUS_SUCCESS);                                           \
    return st;                                                                                  \
  }
#define MEAN_SD_F , float mean, float stddev
#define MEAN_SD_D , double mean, double stddev
#define MEAN_SD_A , mean, stddev
#define MEAN_LAMBDA , double lambda
#define LAMBDA_A , lambda
GENERATE(curandGenerate, unsigned int, , )
GENERATE(curandGenerateLongLong, unsigned long long, , )
GENERATE(curandGenerateUniform, float, , )
GENERATE(curandGenerateUniformDouble, double, , )
GENERATE(curandGenerateNormal, float, MEAN_SD_F, MEAN_SD_A)
GENERATE(curandGenerateNormalDouble, double, MEAN_SD_D, MEAN_SD_A)
GENERATE(curandGenerateLogNormal, float, MEAN_SD_F, MEAN_SD_A)
GENERATE(curandGenerateLogNormalDouble, double, MEAN_SD_D, MEAN_SD_A)
GENERATE(curandGeneratePoisson, unsigned int, MEAN_LAMBDA, LAMBDA_A)

CSAN_EXPORT curandStatus_t __csan_curandGenerateSeeds(curandGenerator_t generator,
                                                      const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, curandGenerateSeeds);
  if (!real)
    return CURAND_STATUS_NOT_INITIALIZED;
  csan_rt_libcall c;
  gen_begin(&c, "curandGenerateSeeds", generator, NULL, 0, site, __builtin_return_address(0));
  curandStatus_t st = real(generator);
  csan_rt_lib_end(&c, st == CURAND_STATUS_SUCCESS);
  return st;
}
