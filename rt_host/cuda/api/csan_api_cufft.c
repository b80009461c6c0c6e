/* csan_api_cufft.c: cuFFT plans and their executions.
 *
 * csan records each plan's shape when it is made (cufftPlan1d/2d/3d/Many,
 * cufftMakePlan*: rank, sizes, batch, type, and the advanced layout when
 * inembed and onembed are given), the stream bound to it (cufftSetStream;
 * the legacy default stream until then) and a work area the program
 * provides (cufftSetWorkArea, its size from cufftGetSize). Each cufftExec*
 * is one operation on the plan's stream: the input read, the output written
 * (in place: the whole padded array written; an out-of-place
 * complex-to-real transform also overwrites its input, as cuFFT documents),
 * the work area written (core/csan_libmodel.c). A plan csan did not see made
 * still orders its work, and its executions are counted as unchecked.
 */
#include "csan_lib_api.h"
#include "csan_rt_lib.h"

#include <string.h>

_Static_assert(CSAN_LM_FFT_R2C == CUFFT_R2C && CSAN_LM_FFT_C2R == CUFFT_C2R &&
                   CSAN_LM_FFT_C2C == CUFFT_C2C && CSAN_LM_FFT_D2Z == CUFFT_D2Z &&
                   CSAN_LM_FFT_Z2D == CUFFT_Z2D && CSAN_LM_FFT_Z2Z == CUFFT_Z2Z,
               "csan_libmodel.h restates cufftType");

#define P(x) ((uint64_t)(uintptr_t)(x))

typedef struct plan_entry {
  csan_pair_key key;
  bool have_shape;
  csan_lm_fft_plan shape;
  cudaStream_t stream;
  void *work;
  size_t work_bytes;
} plan_entry;
static csan_rt_htab g_plans = CSAN_RT_HTAB_INIT(plan_entry);

/* Plans are ints: a key that is never null. */
static const void *plan_key(cufftHandle plan) {
  return (const void *)(uintptr_t)((1ull << 48) | (uint32_t)plan);
}

static plan_entry plan_get(cufftHandle plan) {
  plan_entry e;
  if (!csan_rt_htab_get(&g_plans, plan_key(plan), &e)) {
    memset(&e, 0, sizeof e);
    e.key.p = plan_key(plan);
  }
  return e;
}

/* A plan made anew: its shape; stream and work area as they were. */
static void plan_shape(cufftHandle plan, int type, int rank, const long long *n,
                       const long long *inembed, long long istride, long long idist,
                       const long long *onembed, long long ostride, long long odist,
                       long long batch) {
  plan_entry e = plan_get(plan);
  memset(&e.shape, 0, sizeof e.shape);
  e.have_shape = rank >= 1 && rank <= 3 && n;
  e.shape.type = type;
  e.shape.rank = rank;
  e.shape.batch = batch;
  for (int i = 0; e.have_shape && i < rank; i++)
    e.shape.n[i] = n[i];
  /* cuFFT: inembed or onembed null means the basic layout, strides and
   * distances ignored. */
  e.shape.advanced = e.have_shape && inembed && onembed;
  if (e.shape.advanced) {
    for (int i = 0; i < rank; i++) {
      e.shape.inembed[i] = inembed[i];
      e.shape.onembed[i] = onembed[i];
    }
    e.shape.istride = istride;
    e.shape.idist = idist;
    e.shape.ostride = ostride;
    e.shape.odist = odist;
  }
  csan_rt_htab_put(&g_plans, &e);
}

static void plan_forget(cufftHandle plan) {
  plan_entry e;
  memset(&e, 0, sizeof e);
  e.key.p = plan_key(plan);
  csan_rt_htab_put(&g_plans, &e);
}

static void plan_simple(cufftHandle plan, int type, int rank, long long n0, long long n1,
                        long long n2, long long batch) {
  long long n[3] = {n0, n1, n2};
  plan_shape(plan, type, rank, n, NULL, 1, 0, NULL, 1, 0, batch);
}

/* Copies an int array of rank elements (null stays null). */
static const long long *widen(const int *a, int rank, long long *out) {
  if (!a || rank < 1 || rank > 3)
    return NULL;
  for (int i = 0; i < rank; i++)
    out[i] = a[i];
  return out;
}

/* ------------------------------------------------------------------------
 * Plans.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cufftResult __csan_cufftCreate(cufftHandle *handle, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftCreate);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(handle);
  if (r == CUFFT_SUCCESS && handle)
    plan_forget(*handle);
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch,
                                           const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftPlan1d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, type, batch);
  if (r == CUFFT_SUCCESS && plan) {
    plan_forget(*plan);
    plan_simple(*plan, type, 1, nx, 0, 0, batch);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type,
                                           const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftPlan2d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, ny, type);
  if (r == CUFFT_SUCCESS && plan) {
    plan_forget(*plan);
    plan_simple(*plan, type, 2, nx, ny, 0, 1);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz,
                                           cufftType type, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftPlan3d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, ny, nz, type);
  if (r == CUFFT_SUCCESS && plan) {
    plan_forget(*plan);
    plan_simple(*plan, type, 3, nx, ny, nz, 1);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed,
                                             int istride, int idist, int *onembed, int ostride,
                                             int odist, cufftType type, int batch,
                                             const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftPlanMany);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                       batch);
  if (r == CUFFT_SUCCESS && plan) {
    long long nn[3], in[3], on[3];
    plan_forget(*plan);
    plan_shape(*plan, type, rank, widen(n, rank, nn), widen(inembed, rank, in), istride, idist,
               widen(onembed, rank, on), ostride, odist, batch);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftMakePlan1d(cufftHandle plan, int nx, cufftType type,
                                               int batch, size_t *workSize,
                                               const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftMakePlan1d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, type, batch, workSize);
  if (r == CUFFT_SUCCESS)
    plan_simple(plan, type, 1, nx, 0, 0, batch);
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type,
                                               size_t *workSize, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftMakePlan2d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, ny, type, workSize);
  if (r == CUFFT_SUCCESS)
    plan_simple(plan, type, 2, nx, ny, 0, 1);
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz,
                                               cufftType type, size_t *workSize,
                                               const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftMakePlan3d);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, nx, ny, nz, type, workSize);
  if (r == CUFFT_SUCCESS)
    plan_simple(plan, type, 3, nx, ny, nz, 1);
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed,
                                                 int istride, int idist, int *onembed,
                                                 int ostride, int odist, cufftType type,
                                                 int batch, size_t *workSize,
                                                 const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftMakePlanMany);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                       batch, workSize);
  if (r == CUFFT_SUCCESS) {
    long long nn[3], in[3], on[3];
    plan_shape(plan, type, rank, widen(n, rank, nn), widen(inembed, rank, in), istride, idist,
               widen(onembed, rank, on), ostride, odist, batch);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n,
                                                   long long int *inembed, long long int istride,
                                                   long long int idist, long long int *onembed,
                                                   long long int ostride, long long int odist,
                                                   cufftType type, long long int batch,
                                                   size_t *workSize, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftMakePlanMany64);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                       batch, workSize);
  if (r == CUFFT_SUCCESS)
    plan_shape(plan, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftSetStream(cufftHandle plan, cudaStream_t stream,
                                              const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftSetStream);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, stream);
  if (r == CUFFT_SUCCESS) {
    plan_entry e = plan_get(plan);
    e.stream = stream;
    csan_rt_htab_put(&g_plans, &e);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftSetWorkArea(cufftHandle plan, void *workArea,
                                                const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftSetWorkArea);
  CSAN_LIB_REAL_AS(get_size, cufftGetSize);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan, workArea);
  if (r == CUFFT_SUCCESS) {
    plan_entry e = plan_get(plan);
    size_t bytes = 0;
    if (workArea && get_size && get_size(plan, &bytes) != CUFFT_SUCCESS)
      bytes = 0;
    e.work = workArea;
    e.work_bytes = bytes;
    csan_rt_htab_put(&g_plans, &e);
  }
  return r;
}

CSAN_EXPORT cufftResult __csan_cufftDestroy(cufftHandle plan, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cufftDestroy);
  if (!real)
    return CUFFT_NOT_SUPPORTED;
  cufftResult r = real(plan);
  if (r == CUFFT_SUCCESS)
    plan_forget(plan);
  return r;
}

/* ------------------------------------------------------------------------
 * Executions.
 * ---------------------------------------------------------------------- */

typedef struct fft_call {
  plan_entry e;
  csan_rt_libcall c;
} fft_call;

static void fft_begin(fft_call *f, const char *api, cufftHandle plan, const void *in,
                      const void *out, const csan_host_site *site, const void *ra) {
  f->e = plan_get(plan);
  f->c.on = false;
  f->c.capture = false;
  csan_rt_lib_mode lm = csan_rt_lib_call_at(f->e.stream, false, site, ra);
  if (lm == CSAN_LIB_OFF)
    return;
  csan_lm_fp fp;
  csan_lm_init(&fp);
  if (f->e.have_shape)
    csan_lm_fft_exec(&fp, &f->e.shape, P(in), P(out));
  else
    csan_rt_lib_unchecked(api, "a plan csan did not see made: its shape is not known", site);
  if (f->e.work && f->e.work_bytes)
    csan_lm_linear(&fp, "workArea", CSAN_LM_WRITE, P(f->e.work), f->e.work_bytes);
  csan_rt_lib_init(&f->c, api, f->e.stream, false, lm);
  csan_rt_lib_fp(&f->c, &fp);
  csan_rt_lib_begin(&f->c, site, ra);
}

#define FFT_EXEC(NAME, IN_T, OUT_T, DIR_PARAM, DIR_ARG)                                          \
  CSAN_EXPORT cufftResult __csan_##NAME(cufftHandle plan, IN_T *idata, OUT_T *odata DIR_PARAM,   \
                                        const csan_host_site *site) {                           \
    CSAN_LIB_REAL_AS(real, NAME);                                                               \
    if (!real)                                                                                  \
      return CUFFT_NOT_SUPPORTED;                                                               \
    fft_call f;                                                                                 \
    fft_begin(&f, #NAME, plan, idata, odata, site, __builtin_return_address(0));                 \
    cufftResult r = real(plan, idata, odata DIR_ARG);                                           \
    csan_rt_lib_end(&f.c, r == CUFFT_SUCCESS);                                                  \
    return r;                                                                                   \
  }
#define DIR_P , int direction
#define DIR_A , direction
FFT_EXEC(cufftExecC2C, cufftComplex, cufftComplex, DIR_P, DIR_A)
FFT_EXEC(cufftExecZ2Z, cufftDoubleComplex, cufftDoubleComplex, DIR_P, DIR_A)
FFT_EXEC(cufftExecR2C, cufftReal, cufftComplex, , )
FFT_EXEC(cufftExecD2Z, cufftDoubleReal, cufftDoubleComplex, , )
FFT_EXEC(cufftExecC2R, cufftComplex, cufftReal, , )
FFT_EXEC(cufftExecZ2D, cufftDoubleComplex, cufftDoubleReal, , )
