/* fake_cublas.c: a libcublas.so.13 for the runtime tests of csan's cuBLAS
 * models (test/runtime/libs): handles with a stream, a pointer mode and a
 * workspace; the functions the tests call do no arithmetic (device memory
 * is host memory, streams execute at issue time: nothing to wait for),
 * except that a host-mode result is written. cublasDestroy synchronizes the
 * device, as cuBLAS does. cublasSgelsBatched stands for a function csan has
 * no model of. On a capturing stream cublasSgemm makes a kernel node of
 * cuBLAS's own (uninstrumented) kernel, as the real library does;
 * FAKE_CUBLAS_FAIL=1 makes it fail before any work. */
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>

#include "fake_cuda.h"

#define EXPORT __attribute__((visibility("default")))
#define OK CUBLAS_STATUS_SUCCESS

struct cublasContext {
  cudaStream_t stream;
  cublasPointerMode_t mode;
  void *ws;
  size_t ws_bytes;
};

EXPORT cublasStatus_t cublasCreate_v2(cublasHandle_t *h) {
  *h = calloc(1, sizeof **h);
  return OK;
}

EXPORT cublasStatus_t cublasDestroy_v2(cublasHandle_t h) {
  cudaDeviceSynchronize();
  free(h);
  return OK;
}

EXPORT cublasStatus_t cublasSetStream_v2(cublasHandle_t h, cudaStream_t s) {
  h->stream = s;
  h->ws = NULL;
  h->ws_bytes = 0;
  return OK;
}

EXPORT cublasStatus_t cublasGetStream_v2(cublasHandle_t h, cudaStream_t *s) {
  *s = h->stream;
  return OK;
}

EXPORT cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t m) {
  h->mode = m;
  return OK;
}

EXPORT cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t h, cublasPointerMode_t *m) {
  *m = h->mode;
  return OK;
}

EXPORT cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t h, void *ws, size_t bytes) {
  h->ws = ws;
  h->ws_bytes = bytes;
  return OK;
}

/* cuBLAS's own GEMM kernel: no twin (its module was not built by csan). */
static void gemm_kernel(void) {}
static void gemm_kernel_body(const fake_launch *l) {
  (void)l;
}

static cudaError_t gemm_kernel_launch(cudaStream_t s, float *C) {
  static int registered;
  if (!registered) {
    fake_cuda_register_kernel((const void *)gemm_kernel, "fake_cublas_sgemm_kernel",
                              FAKE_TWIN_NONE, 1, gemm_kernel_body);
    registered = 1;
  }
  void *args[] = {&C};
  return cudaLaunchKernel((const void *)gemm_kernel, (dim3){1, 1, 1}, (dim3){32, 1, 1}, args, 0,
                          s);
}

EXPORT cublasStatus_t cublasSgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                     int m, int n, int k, const float *alpha, const float *A,
                                     int lda, const float *B, int ldb, const float *beta, float *C,
                                     int ldc) {
  /* FAKE_CUBLAS_FAIL=1: the call fails before it does any work. */
  const char *fail = getenv("FAKE_CUBLAS_FAIL");
  if (fail && fail[0] == '1')
    return CUBLAS_STATUS_EXECUTION_FAILED;
  enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(h->stream, &st) == cudaSuccess && st == cudaStreamCaptureStatusActive)
    return gemm_kernel_launch(h->stream, C) == cudaSuccess ? OK : CUBLAS_STATUS_EXECUTION_FAILED;
  return OK;
}

EXPORT cublasStatus_t cublasDgemm_v2(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                     int m, int n, int k, const double *alpha, const double *A,
                                     int lda, const double *B, int ldb, const double *beta,
                                     double *C, int ldc) {
  return OK;
}

EXPORT cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                                cublasOperation_t tb, int m, int n, int k,
                                                const float *alpha, const float *A, int lda,
                                                long long sa, const float *B, int ldb,
                                                long long sb, const float *beta, float *C,
                                                int ldc, long long sc, int batch) {
  return OK;
}

EXPORT cublasStatus_t cublasSgemmBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const float *alpha, const float *const A[], int lda,
                                         const float *const B[], int ldb, const float *beta,
                                         float *const C[], int ldc, int batch) {
  return OK;
}

EXPORT cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                   int m, int n, int k, const void *alpha, const void *A,
                                   cudaDataType at, int lda, const void *B, cudaDataType bt,
                                   int ldb, const void *beta, void *C, cudaDataType ct, int ldc,
                                   cublasComputeType_t comp, cublasGemmAlgo_t algo) {
  return OK;
}

EXPORT cublasStatus_t cublasSaxpy_v2(cublasHandle_t h, int n, const float *alpha, const float *x,
                                     int incx, float *y, int incy) {
  return OK;
}

EXPORT cublasStatus_t cublasSscal_v2(cublasHandle_t h, int n, const float *alpha, float *x,
                                     int incx) {
  return OK;
}

EXPORT cublasStatus_t cublasSdot_v2(cublasHandle_t h, int n, const float *x, int incx,
                                    const float *y, int incy, float *result) {
  *result = 0; /* host or device memory alike in the fake */
  return OK;
}

EXPORT cublasStatus_t cublasSgemv_v2(cublasHandle_t h, cublasOperation_t t, int m, int n,
                                     const float *alpha, const float *A, int lda, const float *x,
                                     int incx, const float *beta, float *y, int incy) {
  return OK;
}

EXPORT cublasStatus_t cublasStrsm_v2(cublasHandle_t h, cublasSideMode_t side,
                                     cublasFillMode_t uplo, cublasOperation_t t,
                                     cublasDiagType_t diag, int m, int n, const float *alpha,
                                     const float *A, int lda, float *B, int ldb) {
  return OK;
}

EXPORT cublasStatus_t cublasSetVector(int n, int es, const void *x, int incx, void *y, int incy) {
  for (int i = 0; i < n; i++)
    memcpy((char *)y + (size_t)i * incy * es, (const char *)x + (size_t)i * incx * es, es);
  return OK;
}

EXPORT cublasStatus_t cublasGetVector(int n, int es, const void *x, int incx, void *y, int incy) {
  return cublasSetVector(n, es, x, incx, y, incy);
}

EXPORT cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int es, const void *A, int lda,
                                           void *B, int ldb, cudaStream_t s) {
  for (int c = 0; c < cols; c++)
    memcpy((char *)B + (size_t)c * ldb * es, (const char *)A + (size_t)c * lda * es,
           (size_t)rows * es);
  return OK;
}

EXPORT cublasStatus_t cublasSgelsBatched(cublasHandle_t h, cublasOperation_t t, int m, int n,
                                         int nrhs, float *const A[], int lda, float *const C[],
                                         int ldc, int *info, int *devInfo, int batch) {
  return OK;
}
