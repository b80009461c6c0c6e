/* fake_cufft.c: a libcufft.so.12 for the runtime tests: plans are numbers,
 * executions do no arithmetic; cufftGetSize says 256 bytes. */
#include <cufft.h>

#define EXPORT __attribute__((visibility("default")))

static int g_next = 1;

EXPORT cufftResult cufftCreate(cufftHandle *p) {
  *p = g_next++;
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftPlan1d(cufftHandle *p, int nx, cufftType t, int batch) {
  return cufftCreate(p);
}

EXPORT cufftResult cufftPlan2d(cufftHandle *p, int nx, int ny, cufftType t) {
  return cufftCreate(p);
}

EXPORT cufftResult cufftPlan3d(cufftHandle *p, int nx, int ny, int nz, cufftType t) {
  return cufftCreate(p);
}

EXPORT cufftResult cufftPlanMany(cufftHandle *p, int rank, int *n, int *inembed, int istride,
                                 int idist, int *onembed, int ostride, int odist, cufftType t,
                                 int batch) {
  return cufftCreate(p);
}

EXPORT cufftResult cufftMakePlan1d(cufftHandle p, int nx, cufftType t, int batch, size_t *ws) {
  if (ws)
    *ws = 256;
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftMakePlanMany(cufftHandle p, int rank, int *n, int *inembed, int istride,
                                     int idist, int *onembed, int ostride, int odist, cufftType t,
                                     int batch, size_t *ws) {
  if (ws)
    *ws = 256;
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftGetSize(cufftHandle p, size_t *ws) {
  *ws = 256;
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftSetAutoAllocation(cufftHandle p, int a) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftSetWorkArea(cufftHandle p, void *w) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftSetStream(cufftHandle p, cudaStream_t s) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftDestroy(cufftHandle p) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftExecC2C(cufftHandle p, cufftComplex *i, cufftComplex *o, int d) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftExecR2C(cufftHandle p, cufftReal *i, cufftComplex *o) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftExecC2R(cufftHandle p, cufftComplex *i, cufftReal *o) {
  return CUFFT_SUCCESS;
}

EXPORT cufftResult cufftExecZ2Z(cufftHandle p, cufftDoubleComplex *i, cufftDoubleComplex *o,
                                int d) {
  return CUFFT_SUCCESS;
}
