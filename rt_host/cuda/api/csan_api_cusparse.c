/* csan_api_cusparse.c: cuSPARSE's generic SpMV and SpMM as operations on
 * the handle's stream (cusparseGetStream: what cusparseSetStream set).
 *
 * The footprint comes from the descriptors (read with cuSPARSE's getters):
 * a CSR, CSC or COO matrix (offsets, indices and values by their own types)
 * is read; the dense vector x or matrix B read; y or C written; alpha and
 * beta read from the device in CUSPARSE_POINTER_MODE_DEVICE (scalars of the
 * compute type); the external buffer written over the size cuSPARSE asks
 * for (csan calls cusparseSpMV_bufferSize / SpMM_bufferSize with the same
 * arguments). SpMM_preprocess reads A and B and writes the buffer. A sparse
 * format csan does not model (blocked ELL, BSR, SELL) leaves A unchecked,
 * and the call is counted as such.
 */
#include "csan_lib_api.h"
#include "csan_rt_device.h"
#include "csan_rt_lib.h"

#include <string.h>

_Static_assert(CSAN_LM_SP_CSR == CUSPARSE_FORMAT_CSR && CSAN_LM_SP_CSC == CUSPARSE_FORMAT_CSC &&
                   CSAN_LM_SP_COO == CUSPARSE_FORMAT_COO,
               "csan_libmodel.h restates cusparseFormat_t");

#define P(x) ((uint64_t)(uintptr_t)(x))

static unsigned index_bits(cusparseIndexType_t t) {
  switch (t) {
  case CUSPARSE_INDEX_16U: return 16;
  case CUSPARSE_INDEX_32I: return 32;
  case CUSPARSE_INDEX_64I: return 64;
  default: return 0;
  }
}

/* The sparse matrix's bytes; false when its format is not modelled. */
static bool sparse_fp(csan_lm_fp *fp, cusparseConstSpMatDescr_t m) {
  CSAN_LIB_REAL_AS(get_format, cusparseSpMatGetFormat);
  CSAN_LIB_REAL_AS(csr_get, cusparseConstCsrGet);
  CSAN_LIB_REAL_AS(csc_get, cusparseConstCscGet);
  CSAN_LIB_REAL_AS(coo_get, cusparseConstCooGet);
  cusparseFormat_t format;
  if (!m || !get_format || get_format(m, &format) != CUSPARSE_STATUS_SUCCESS)
    return false;
  csan_lm_spmat s;
  memset(&s, 0, sizeof s);
  s.format = format;
  const void *off = NULL, *i1 = NULL, *i2 = NULL, *val = NULL;
  cusparseIndexType_t ot = CUSPARSE_INDEX_32I, it = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t base;
  cudaDataType vt = CUDA_R_32F;
  cusparseStatus_t st = CUSPARSE_STATUS_NOT_SUPPORTED;
  if (format == CUSPARSE_FORMAT_CSR && csr_get)
    st = csr_get(m, &s.rows, &s.cols, &s.nnz, &off, &i1, &val, &ot, &it, &base, &vt);
  else if (format == CUSPARSE_FORMAT_CSC && csc_get)
    st = csc_get(m, &s.rows, &s.cols, &s.nnz, &off, &i1, &val, &ot, &it, &base, &vt);
  else if (format == CUSPARSE_FORMAT_COO && coo_get)
    st = coo_get(m, &s.rows, &s.cols, &s.nnz, &i1, &i2, &val, &it, &base, &vt);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return false;
  s.offsets = P(off);
  s.ind1 = P(i1);
  s.ind2 = P(i2);
  s.values = P(val);
  s.offset_bits = index_bits(ot);
  s.index_bits = index_bits(it);
  s.value_bits = csan_lm_dtype_bits(vt);
  return csan_lm_sparse(fp, "A", CSAN_LM_READ, &s);
}

static void dnvec_fp(csan_lm_fp *fp, const char *name, uint32_t access,
                     cusparseConstDnVecDescr_t v) {
  CSAN_LIB_REAL_AS(get, cusparseConstDnVecGet);
  int64_t size = 0;
  const void *values = NULL;
  cudaDataType t = CUDA_R_32F;
  if (v && get && get(v, &size, &values, &t) == CUSPARSE_STATUS_SUCCESS && size > 0)
    csan_lm_linear(fp, name, access, P(values), csan_lm_bits_bytes((uint64_t)size,
                                                                   csan_lm_dtype_bits(t)));
}

static void dnmat_fp(csan_lm_fp *fp, const char *name, uint32_t access,
                     cusparseConstDnMatDescr_t m) {
  CSAN_LIB_REAL_AS(get, cusparseConstDnMatGet);
  CSAN_LIB_REAL_AS(get_batch, cusparseDnMatGetStridedBatch);
  int64_t rows = 0, cols = 0, ld = 0, stride = 0;
  const void *values = NULL;
  cudaDataType t = CUDA_R_32F;
  cusparseOrder_t order = CUSPARSE_ORDER_COL;
  int batch = 1;
  if (!m || !get || get(m, &rows, &cols, &ld, &values, &t, &order) != CUSPARSE_STATUS_SUCCESS)
    return;
  if (!get_batch || get_batch(m, &batch, &stride) != CUSPARSE_STATUS_SUCCESS)
    batch = 1;
  csan_lm_dense(fp, name, access, P(values), rows, cols, ld, order, csan_lm_dtype_bits(t), batch,
                stride);
}

/* The common part: the handle's stream and pointer mode, the scalars. */
static csan_rt_lib_mode sparse_begin(cusparseHandle_t h, cudaStream_t *s, bool *device_mode,
                                     const csan_host_site *site, const void *ra) {
  if (!csan_rt_active())
    return CSAN_LIB_OFF;
  CSAN_LIB_REAL_AS(get_stream, cusparseGetStream);
  CSAN_LIB_REAL_AS(get_mode, cusparseGetPointerMode);
  *s = NULL;
  if (get_stream && get_stream(h, s) != CUSPARSE_STATUS_SUCCESS)
    return CSAN_LIB_OFF;
  cusparsePointerMode_t mode = CUSPARSE_POINTER_MODE_HOST;
  if (get_mode)
    get_mode(h, &mode);
  *device_mode = mode == CUSPARSE_POINTER_MODE_DEVICE;
  return csan_rt_lib_call_at(*s, false, site, ra);
}

static void sparse_scalars(csan_lm_fp *fp, bool device_mode, const void *alpha, const void *beta,
                           cudaDataType compute) {
  if (!device_mode)
    return;
  uint64_t bytes = csan_lm_dtype_bits(compute) / 8;
  csan_lm_linear(fp, "alpha", CSAN_LM_READ, P(alpha), bytes);
  csan_lm_linear(fp, "beta", CSAN_LM_READ, P(beta), bytes);
}

static void sparse_issue(csan_rt_libcall *c, const char *api, cudaStream_t s,
                         csan_rt_lib_mode lm, const csan_lm_fp *fp, const csan_host_site *site,
                         const void *ra) {
  csan_rt_lib_init(c, api, s, false, lm);
  csan_rt_lib_fp(c, fp);
  csan_rt_lib_begin(c, site, ra);
}

#define SPARSE_UNMODELLED "a sparse format csan does not model: the sparse matrix is not checked"

CSAN_EXPORT cusparseStatus_t __csan_cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA,
                                                 const void *alpha,
                                                 cusparseConstSpMatDescr_t matA,
                                                 cusparseConstDnVecDescr_t vecX,
                                                 const void *beta, cusparseDnVecDescr_t vecY,
                                                 cudaDataType computeType, cusparseSpMVAlg_t alg,
                                                 void *externalBuffer,
                                                 const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cusparseSpMV);
  CSAN_LIB_REAL_AS(buffer_size, cusparseSpMV_bufferSize);
  if (!real)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  cudaStream_t s;
  bool device_mode;
  csan_rt_lib_mode lm = sparse_begin(handle, &s, &device_mode, site, __builtin_return_address(0));
  if (lm == CSAN_LIB_OFF)
    return real(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, externalBuffer);
  csan_lm_fp fp;
  csan_lm_init(&fp);
  if (!sparse_fp(&fp, matA))
    csan_rt_lib_unchecked("cusparseSpMV", SPARSE_UNMODELLED, site);
  dnvec_fp(&fp, "x", CSAN_LM_READ, vecX);
  dnvec_fp(&fp, "y", CSAN_LM_WRITE, vecY);
  sparse_scalars(&fp, device_mode, alpha, beta, computeType);
  size_t bytes = 0;
  if (externalBuffer && buffer_size &&
      buffer_size(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, &bytes) ==
          CUSPARSE_STATUS_SUCCESS)
    csan_lm_linear(&fp, "externalBuffer", CSAN_LM_WRITE, P(externalBuffer), bytes);
  csan_rt_libcall c;
  sparse_issue(&c, "cusparseSpMV", s, lm, &fp, site, __builtin_return_address(0));
  cusparseStatus_t st =
      real(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg, externalBuffer);
  csan_rt_lib_end(&c, st == CUSPARSE_STATUS_SUCCESS);
  return st;
}

/* SpMM (preprocess: C not written). */
static cusparseStatus_t spmm(const char *api, bool preprocess, cusparseHandle_t handle,
                             cusparseOperation_t opA, cusparseOperation_t opB, const void *alpha,
                             cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                             const void *beta, cusparseDnMatDescr_t matC,
                             cudaDataType computeType, cusparseSpMMAlg_t alg,
                             void *externalBuffer, const csan_host_site *site, const void *ra) {
  static void *_Atomic real_cache[2];
  __typeof__(&cusparseSpMM) real = (__typeof__(&cusparseSpMM))csan_rt_lib_real(
      &real_cache[preprocess], preprocess ? "cusparseSpMM_preprocess" : "cusparseSpMM");
  CSAN_LIB_REAL_AS(buffer_size, cusparseSpMM_bufferSize);
  if (!real)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  cudaStream_t s;
  bool device_mode;
  csan_rt_lib_mode lm = sparse_begin(handle, &s, &device_mode, site, __builtin_return_address(0));
  if (lm == CSAN_LIB_OFF)
    return real(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg,
                externalBuffer);
  csan_lm_fp fp;
  csan_lm_init(&fp);
  if (!sparse_fp(&fp, matA))
    csan_rt_lib_unchecked(api, SPARSE_UNMODELLED, site);
  dnmat_fp(&fp, "B", CSAN_LM_READ, matB);
  if (!preprocess) {
    dnmat_fp(&fp, "C", CSAN_LM_WRITE, matC);
    sparse_scalars(&fp, device_mode, alpha, beta, computeType);
  }
  size_t bytes = 0;
  if (externalBuffer && buffer_size &&
      buffer_size(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, &bytes) ==
          CUSPARSE_STATUS_SUCCESS)
    csan_lm_linear(&fp, "externalBuffer", CSAN_LM_WRITE, P(externalBuffer), bytes);
  csan_rt_libcall c;
  sparse_issue(&c, api, s, lm, &fp, site, ra);
  cusparseStatus_t st =
      real(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg, externalBuffer);
  csan_rt_lib_end(&c, st == CUSPARSE_STATUS_SUCCESS);
  return st;
}

_Static_assert(__builtin_types_compatible_p(__typeof__(&cusparseSpMM),
                                            __typeof__(&cusparseSpMM_preprocess)),
               "SpMM and its preprocessing take the same arguments");

CSAN_EXPORT cusparseStatus_t __csan_cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                                                 cusparseOperation_t opB, const void *alpha,
                                                 cusparseConstSpMatDescr_t matA,
                                                 cusparseConstDnMatDescr_t matB, const void *beta,
                                                 cusparseDnMatDescr_t matC,
                                                 cudaDataType computeType, cusparseSpMMAlg_t alg,
                                                 void *externalBuffer,
                                                 const csan_host_site *site) {
  return spmm("cusparseSpMM", false, handle, opA, opB, alpha, matA, matB, beta, matC,
              computeType, alg, externalBuffer, site, __builtin_return_address(0));
}

CSAN_EXPORT cusparseStatus_t __csan_cusparseSpMM_preprocess(
    cusparseHandle_t handle, cusparseOperation_t opA, cusparseOperation_t opB, const void *alpha,
    cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB, const void *beta,
    cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMAlg_t alg,
    void *externalBuffer, const csan_host_site *site) {
  return spmm("cusparseSpMM_preprocess", true, handle, opA, opB, alpha, matA, matB, beta, matC,
              computeType, alg, externalBuffer, site, __builtin_return_address(0));
}
