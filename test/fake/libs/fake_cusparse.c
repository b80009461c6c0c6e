/* fake_cusparse.c: a libcusparse.so.12 for the runtime tests: a handle with
 * a stream and a pointer mode, descriptors that keep what they were made
 * with, and SpMV / SpMM that do no arithmetic. The buffer sizes are 128
 * bytes (SpMV) and 256 (SpMM). */
#include <stdlib.h>
#include <string.h>

#include <cusparse.h>

#define EXPORT __attribute__((visibility("default")))
#define OK CUSPARSE_STATUS_SUCCESS

struct cusparseContext {
  cudaStream_t stream;
  cusparsePointerMode_t mode;
};

struct cusparseSpMatDescr {
  cusparseFormat_t format;
  int64_t rows, cols, nnz;
  void *off, *i1, *i2, *val;
  cusparseIndexType_t ot, it;
  cusparseIndexBase_t base;
  cudaDataType vt;
};

struct cusparseDnVecDescr {
  int64_t size;
  void *values;
  cudaDataType type;
};

struct cusparseDnMatDescr {
  int64_t rows, cols, ld, stride;
  void *values;
  cudaDataType type;
  cusparseOrder_t order;
  int batch;
};

EXPORT cusparseStatus_t cusparseCreate(cusparseHandle_t *h) {
  *h = calloc(1, sizeof **h);
  return OK;
}

EXPORT cusparseStatus_t cusparseDestroy(cusparseHandle_t h) {
  free(h);
  return OK;
}

EXPORT cusparseStatus_t cusparseSetStream(cusparseHandle_t h, cudaStream_t s) {
  h->stream = s;
  return OK;
}

EXPORT cusparseStatus_t cusparseGetStream(cusparseHandle_t h, cudaStream_t *s) {
  *s = h->stream;
  return OK;
}

EXPORT cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t h, cusparsePointerMode_t m) {
  h->mode = m;
  return OK;
}

EXPORT cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t h, cusparsePointerMode_t *m) {
  *m = h->mode;
  return OK;
}

EXPORT cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols,
                                          int64_t nnz, void *off, void *ind, void *val,
                                          cusparseIndexType_t ot, cusparseIndexType_t it,
                                          cusparseIndexBase_t base, cudaDataType vt) {
  struct cusparseSpMatDescr m = {CUSPARSE_FORMAT_CSR, rows, cols, nnz, off, ind, NULL, val,
                                 ot, it, base, vt};
  *d = malloc(sizeof **d);
  **d = m;
  return OK;
}

EXPORT cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *d, int64_t rows, int64_t cols,
                                          int64_t nnz, void *ri, void *ci, void *val,
                                          cusparseIndexType_t it, cusparseIndexBase_t base,
                                          cudaDataType vt) {
  struct cusparseSpMatDescr m = {CUSPARSE_FORMAT_COO, rows, cols, nnz, NULL, ri, ci, val,
                                 it, it, base, vt};
  *d = malloc(sizeof **d);
  **d = m;
  return OK;
}

EXPORT cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t d) {
  free((void *)d);
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t d, cusparseFormat_t *f) {
  *f = d->format;
  return OK;
}

EXPORT cusparseStatus_t cusparseConstCsrGet(cusparseConstSpMatDescr_t d, int64_t *rows,
                                            int64_t *cols, int64_t *nnz, const void **off,
                                            const void **ind, const void **val,
                                            cusparseIndexType_t *ot, cusparseIndexType_t *it,
                                            cusparseIndexBase_t *base, cudaDataType *vt) {
  if (d->format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *rows = d->rows, *cols = d->cols, *nnz = d->nnz, *off = d->off, *ind = d->i1, *val = d->val;
  *ot = d->ot, *it = d->it, *base = d->base, *vt = d->vt;
  return OK;
}

EXPORT cusparseStatus_t cusparseConstCscGet(cusparseConstSpMatDescr_t d, int64_t *rows,
                                            int64_t *cols, int64_t *nnz, const void **off,
                                            const void **ind, const void **val,
                                            cusparseIndexType_t *ot, cusparseIndexType_t *it,
                                            cusparseIndexBase_t *base, cudaDataType *vt) {
  return CUSPARSE_STATUS_INVALID_VALUE;
}

EXPORT cusparseStatus_t cusparseConstCooGet(cusparseConstSpMatDescr_t d, int64_t *rows,
                                            int64_t *cols, int64_t *nnz, const void **ri,
                                            const void **ci, const void **val,
                                            cusparseIndexType_t *it, cusparseIndexBase_t *base,
                                            cudaDataType *vt) {
  if (d->format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *rows = d->rows, *cols = d->cols, *nnz = d->nnz, *ri = d->i1, *ci = d->i2, *val = d->val;
  *it = d->it, *base = d->base, *vt = d->vt;
  return OK;
}

EXPORT cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *d, int64_t size, void *values,
                                            cudaDataType t) {
  *d = malloc(sizeof **d);
  (*d)->size = size, (*d)->values = values, (*d)->type = t;
  return OK;
}

EXPORT cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t d) {
  free((void *)d);
  return OK;
}

EXPORT cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t d, int64_t *size,
                                              const void **values, cudaDataType *t) {
  *size = d->size, *values = d->values, *t = d->type;
  return OK;
}

EXPORT cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *d, int64_t rows, int64_t cols,
                                            int64_t ld, void *values, cudaDataType t,
                                            cusparseOrder_t order) {
  *d = calloc(1, sizeof **d);
  (*d)->rows = rows, (*d)->cols = cols, (*d)->ld = ld, (*d)->values = values, (*d)->type = t;
  (*d)->order = order, (*d)->batch = 1;
  return OK;
}

EXPORT cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t d) {
  free((void *)d);
  return OK;
}

EXPORT cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t d, int64_t *rows,
                                              int64_t *cols, int64_t *ld, const void **values,
                                              cudaDataType *t, cusparseOrder_t *order) {
  *rows = d->rows, *cols = d->cols, *ld = d->ld, *values = d->values, *t = d->type;
  *order = d->order;
  return OK;
}

EXPORT cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t d, int batch,
                                                     int64_t stride) {
  d->batch = batch, d->stride = stride;
  return OK;
}

EXPORT cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t d, int *batch,
                                                     int64_t *stride) {
  *batch = d->batch, *stride = d->stride;
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t h, cusparseOperation_t op,
                                                const void *alpha, cusparseConstSpMatDescr_t A,
                                                cusparseConstDnVecDescr_t x, const void *beta,
                                                cusparseDnVecDescr_t y, cudaDataType ct,
                                                cusparseSpMVAlg_t alg, size_t *size) {
  *size = 128;
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMV(cusparseHandle_t h, cusparseOperation_t op,
                                     const void *alpha, cusparseConstSpMatDescr_t A,
                                     cusparseConstDnVecDescr_t x, const void *beta,
                                     cusparseDnVecDescr_t y, cudaDataType ct,
                                     cusparseSpMVAlg_t alg, void *buf) {
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t h, cusparseOperation_t oa,
                                                cusparseOperation_t ob, const void *alpha,
                                                cusparseConstSpMatDescr_t A,
                                                cusparseConstDnMatDescr_t B, const void *beta,
                                                cusparseDnMatDescr_t C, cudaDataType ct,
                                                cusparseSpMMAlg_t alg, size_t *size) {
  *size = 256;
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMM(cusparseHandle_t h, cusparseOperation_t oa,
                                     cusparseOperation_t ob, const void *alpha,
                                     cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B,
                                     const void *beta, cusparseDnMatDescr_t C, cudaDataType ct,
                                     cusparseSpMMAlg_t alg, void *buf) {
  return OK;
}

EXPORT cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t h, cusparseOperation_t oa,
                                                cusparseOperation_t ob, const void *alpha,
                                                cusparseConstSpMatDescr_t A,
                                                cusparseConstDnMatDescr_t B, const void *beta,
                                                cusparseDnMatDescr_t C, cudaDataType ct,
                                                cusparseSpMMAlg_t alg, void *buf) {
  return OK;
}
