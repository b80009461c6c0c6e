/* fake_cublaslt.c: a libcublasLt.so.13 for the runtime tests: descriptors
 * that keep their attributes (in the opaque structures' storage), and
 * matmul and transform calls that do no arithmetic. */
#include <stdlib.h>
#include <string.h>

#include <cublasLt.h>

#define EXPORT __attribute__((visibility("default")))
#define OK CUBLAS_STATUS_SUCCESS

/* Attributes by number, up to 32 of 8 bytes each. */
static cublasStatus_t set(uint64_t *data, size_t n, int attr, const void *buf, size_t size) {
  if (attr < 0 || (size_t)attr >= n || size > 8)
    return CUBLAS_STATUS_INVALID_VALUE;
  data[attr] = 0;
  memcpy(&data[attr], buf, size);
  return OK;
}

static cublasStatus_t get(const uint64_t *data, size_t n, int attr, void *buf, size_t size,
                          size_t *written) {
  if (attr < 0 || (size_t)attr >= n || size > 8)
    return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(buf, &data[attr], size);
  if (written)
    *written = size;
  return OK;
}

EXPORT cublasStatus_t cublasLtCreate(cublasLtHandle_t *h) {
  *h = (cublasLtHandle_t)calloc(1, 8);
  return OK;
}

EXPORT cublasStatus_t cublasLtDestroy(cublasLtHandle_t h) {
  free(h);
  return OK;
}

EXPORT cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *l, cudaDataType type,
                                                 uint64_t rows, uint64_t cols, int64_t ld) {
  *l = calloc(1, sizeof **l);
  uint64_t *d = (*l)->data;
  int32_t batch = 1;
  set(d, 8, CUBLASLT_MATRIX_LAYOUT_TYPE, &(uint32_t){type}, 4);
  set(d, 8, CUBLASLT_MATRIX_LAYOUT_ROWS, &rows, 8);
  set(d, 8, CUBLASLT_MATRIX_LAYOUT_COLS, &cols, 8);
  set(d, 8, CUBLASLT_MATRIX_LAYOUT_LD, &ld, 8);
  set(d, 8, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, 4);
  return OK;
}

EXPORT cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l) {
  free(l);
  return OK;
}

EXPORT cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t l,
                                                       cublasLtMatrixLayoutAttribute_t a,
                                                       const void *buf, size_t size) {
  return set(l->data, 8, a, buf, size);
}

EXPORT cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t l,
                                                       cublasLtMatrixLayoutAttribute_t a,
                                                       void *buf, size_t size, size_t *written) {
  return get(l->data, 8, a, buf, size, written);
}

EXPORT cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *d, cublasComputeType_t c,
                                               cudaDataType scale) {
  *d = calloc(1, sizeof **d);
  set((*d)->data, 32, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &(uint32_t){scale}, 4);
  set((*d)->data, 32, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &(int32_t){-1}, 4);
  return OK;
}

EXPORT cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d) {
  free(d);
  return OK;
}

EXPORT cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d,
                                                     cublasLtMatmulDescAttributes_t a,
                                                     const void *buf, size_t size) {
  return set(d->data, 32, a, buf, size);
}

EXPORT cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t d,
                                                     cublasLtMatmulDescAttributes_t a, void *buf,
                                                     size_t size, size_t *written) {
  return get(d->data, 32, a, buf, size, written);
}

EXPORT cublasStatus_t cublasLtMatmul(cublasLtHandle_t h, cublasLtMatmulDesc_t d,
                                     const void *alpha, const void *A, cublasLtMatrixLayout_t a,
                                     const void *B, cublasLtMatrixLayout_t b, const void *beta,
                                     const void *C, cublasLtMatrixLayout_t c, void *D,
                                     cublasLtMatrixLayout_t dl, const cublasLtMatmulAlgo_t *algo,
                                     void *ws, size_t ws_bytes, cudaStream_t s) {
  return OK;
}
