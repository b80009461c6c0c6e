/* csan_api_cublaslt.c: cublasLtMatmul and cublasLtMatrixTransform as
 * operations on the stream they are given.
 *
 * The footprint comes from the matrix layouts (cublasLtMatrixLayout_t,
 * read with cublasLtMatrixLayoutGetAttribute): data type, order (column- or
 * row-major with the leading dimension; the tiled IMMA orders as the hull of
 * their tiles), rows, columns, batch count and strided-batch offset. A
 * layout describes the matrix as stored, so transposes do not change it.
 *   matmul:    A, B (and C when it is not D) read, D written, the
 *              workspace written; alpha and beta read from the device in the
 *              device pointer modes (scalars of the scale type, or vectors of
 *              D's rows); the bias vector (CUBLASLT_MATMUL_DESC_BIAS_POINTER,
 *              D's rows, per batch when batched) read.
 *   transform: A and B read, C written; alpha and beta as for matmul.
 * Not modelled: the epilogue's auxiliary buffers and amax/scale pointers.
 */
#include "csan_lib_api.h"
#include "csan_rt_lib.h"

#include <string.h>

_Static_assert(CSAN_LM_ORDER_COL == CUBLASLT_ORDER_COL && CSAN_LM_ORDER_ROW == CUBLASLT_ORDER_ROW,
               "csan_libmodel.h restates cublasLtOrder_t");
_Static_assert(CSAN_LM_R_16F == CUDA_R_16F && CSAN_LM_C_64F == CUDA_C_64F &&
                   CSAN_LM_R_8F_E4M3 == CUDA_R_8F_E4M3 && CSAN_LM_R_4F_E2M1 == CUDA_R_4F_E2M1,
               "csan_libmodel.h restates cudaDataType");

#define P(x) ((uint64_t)(uintptr_t)(x))

/* The attributes of a layout; false when cuBLASLt does not answer. */
static bool layout_of(cublasLtMatrixLayout_t l, csan_lm_layout *out) {
  CSAN_LIB_REAL_AS(get, cublasLtMatrixLayoutGetAttribute);
  memset(out, 0, sizeof *out);
  out->batch = 1;
  if (!get || !l)
    return false;
  uint32_t type = 0;
  int32_t order = CUBLASLT_ORDER_COL, batch = 1;
  uint64_t rows = 0, cols = 0;
  int64_t ld = 0, stride = 0;
  size_t w;
  if (get(l, CUBLASLT_MATRIX_LAYOUT_TYPE, &type, sizeof type, &w) != CUBLAS_STATUS_SUCCESS ||
      get(l, CUBLASLT_MATRIX_LAYOUT_ROWS, &rows, sizeof rows, &w) != CUBLAS_STATUS_SUCCESS ||
      get(l, CUBLASLT_MATRIX_LAYOUT_COLS, &cols, sizeof cols, &w) != CUBLAS_STATUS_SUCCESS ||
      get(l, CUBLASLT_MATRIX_LAYOUT_LD, &ld, sizeof ld, &w) != CUBLAS_STATUS_SUCCESS)
    return false;
  get(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof order, &w);
  get(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch, &w);
  get(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride, sizeof stride, &w);
  out->dtype = (int)type;
  out->order = order;
  out->rows = rows;
  out->cols = cols;
  out->ld = ld;
  out->batch = batch > 0 ? batch : 1;
  out->batch_stride = stride;
  return true;
}

/* alpha and beta under a pointer mode: scalars of `scalar` bytes, or
 * vectors of `rows` of them. */
static void scalars(csan_lm_fp *fp, int32_t mode, const void *alpha, const void *beta,
                    uint64_t scalar, uint64_t rows) {
  switch (mode) {
  case CUBLASLT_POINTER_MODE_DEVICE:
    csan_lm_linear(fp, "alpha", CSAN_LM_READ, P(alpha), scalar);
    csan_lm_linear(fp, "beta", CSAN_LM_READ, P(beta), scalar);
    break;
  case CUBLASLT_POINTER_MODE_DEVICE_VECTOR:
    csan_lm_linear(fp, "alpha", CSAN_LM_READ, P(alpha), scalar * rows);
    csan_lm_linear(fp, "beta", CSAN_LM_READ, P(beta), scalar * rows);
    break;
  case CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO:
  case CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST:
    csan_lm_linear(fp, "alpha", CSAN_LM_READ, P(alpha), scalar * rows);
    break;
  default:
    break;
  }
}

CSAN_LIB_CHECK(cublasStatus_t, cublasLtMatmul, (CSAN_P_LT_MATMUL));
CSAN_EXPORT cublasStatus_t __csan_cublasLtMatmul(CSAN_P_LT_MATMUL, const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cublasLtMatmul);
  if (!real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  csan_rt_lib_mode lm = csan_rt_lib_call_at(stream, false, site, __builtin_return_address(0));
  if (lm == CSAN_LIB_OFF)
    return real(CSAN_A_LT_MATMUL);
  csan_lm_fp fp;
  csan_lm_init(&fp);
  csan_lm_layout la, lb, lc, ld;
  if (layout_of(Adesc, &la))
    csan_lm_lt_matrix(&fp, "A", CSAN_LM_READ, P(A), &la);
  if (layout_of(Bdesc, &lb))
    csan_lm_lt_matrix(&fp, "B", CSAN_LM_READ, P(B), &lb);
  bool have_d = layout_of(Ddesc, &ld);
  if (C != D && layout_of(Cdesc, &lc))
    csan_lm_lt_matrix(&fp, "C", CSAN_LM_READ, P(C), &lc);
  if (have_d)
    csan_lm_lt_matrix(&fp, "D", CSAN_LM_WRITE, P(D), &ld);
  if (workspace && workspaceSizeInBytes)
    csan_lm_linear(&fp, "workspace", CSAN_LM_WRITE, P(workspace), workspaceSizeInBytes);
  CSAN_LIB_REAL_AS(get, cublasLtMatmulDescGetAttribute);
  if (get && computeDesc && have_d) {
    size_t w;
    int32_t mode = CUBLASLT_POINTER_MODE_HOST;
    uint32_t scale = CUDA_R_32F;
    void *bias = NULL;
    int32_t bias_type = -1;
    get(computeDesc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &mode, sizeof mode, &w);
    get(computeDesc, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &scale, sizeof scale, &w);
    get(computeDesc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias, &w);
    get(computeDesc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bias_type, sizeof bias_type, &w);
    scalars(&fp, mode, alpha, beta, csan_lm_dtype_bits((int)scale) / 8, ld.rows);
    if (bias) {
      unsigned bits = csan_lm_dtype_bits(bias_type >= 0 ? bias_type : ld.dtype);
      csan_lm_linear(&fp, "bias", CSAN_LM_READ, P(bias),
                     csan_lm_bits_bytes(ld.rows * (uint64_t)ld.batch, bits));
    }
  }
  csan_rt_libcall c;
  csan_rt_lib_init(&c, "cublasLtMatmul", stream, false, lm);
  csan_rt_lib_fp(&c, &fp);
  csan_rt_lib_begin(&c, site, __builtin_return_address(0));
  cublasStatus_t st = real(CSAN_A_LT_MATMUL);
  csan_rt_lib_end(&c, st == CUBLAS_STATUS_SUCCESS);
  return st;
}

CSAN_LIB_CHECK(cublasStatus_t, cublasLtMatrixTransform, (CSAN_P_LT_TRANSFORM));
CSAN_EXPORT cublasStatus_t __csan_cublasLtMatrixTransform(CSAN_P_LT_TRANSFORM,
                                                          const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cublasLtMatrixTransform);
  if (!real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  csan_rt_lib_mode lm = csan_rt_lib_call_at(stream, false, site, __builtin_return_address(0));
  if (lm == CSAN_LIB_OFF)
    return real(CSAN_A_LT_TRANSFORM);
  csan_lm_fp fp;
  csan_lm_init(&fp);
  csan_lm_layout la, lb, lc;
  if (A && layout_of(Adesc, &la))
    csan_lm_lt_matrix(&fp, "A", CSAN_LM_READ, P(A), &la);
  if (B && layout_of(Bdesc, &lb))
    csan_lm_lt_matrix(&fp, "B", CSAN_LM_READ, P(B), &lb);
  bool have_c = layout_of(Cdesc, &lc);
  if (have_c)
    csan_lm_lt_matrix(&fp, "C", CSAN_LM_WRITE, P(C), &lc);
  CSAN_LIB_REAL_AS(get, cublasLtMatrixTransformDescGetAttribute);
  if (get && transformDesc && have_c) {
    size_t w;
    int32_t mode = CUBLASLT_POINTER_MODE_HOST;
    uint32_t scale = CUDA_R_32F;
    get(transformDesc, CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE, &mode, sizeof mode, &w);
    get(transformDesc, CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE, &scale, sizeof scale, &w);
    scalars(&fp, mode, alpha, beta, csan_lm_dtype_bits((int)scale) / 8, lc.rows);
  }
  csan_rt_libcall c;
  csan_rt_lib_init(&c, "cublasLtMatrixTransform", stream, false, lm);
  csan_rt_lib_fp(&c, &fp);
  csan_rt_lib_begin(&c, site, __builtin_return_address(0));
  cublasStatus_t st = real(CSAN_A_LT_TRANSFORM);
  csan_rt_lib_end(&c, st == CUBLAS_STATUS_SUCCESS);
  return st;
}
