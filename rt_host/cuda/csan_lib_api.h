/* csan_lib_api.h: the prototypes of csan's wrappers of library functions
 * (csan_lib.def's CSAN_LIB_API entries).
 *
 * For every modelled library function `name` the host runtime defines
 *   <its result> __csan_<name>(<its parameters>, const csan_host_site *site)
 * as for the CUDA runtime (csan_cuda_api.h). The parameter lists are stated
 * once here, per shape of function (CSAN_P_<shape>), with the argument list
 * that passes them on (CSAN_A_<shape>) and an X-macro list of the functions
 * of that shape; the wrappers (api/csan_api_<library>.c) are defined from
 * the same lists, and each checks at compile time that its parameter list
 * is exactly the library header's prototype (CSAN_LIB_CHECK), so a wrapper
 * cannot take other arguments than the program passes.
 *
 * The library headers come from the CUDA toolkit; NCCL's is used when
 * present (else the few declarations csan needs are stated here).
 */
#ifndef CSAN_LIB_API_H
#define CSAN_LIB_API_H

#include <stdint.h>

#include <cuda.h>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
/* cusparse.h declares its deprecated functions with deprecated types. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cusparse.h>
#pragma GCC diagnostic pop

#if defined(__has_include)
#if __has_include(<nccl.h>)
#include <nccl.h>
#define CSAN_HAVE_NCCL_H 1
#endif
#endif

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CSAN_EXPAND(...) __VA_ARGS__
#define CSAN_SITE_PARAM const csan_host_site *site

/* The wrapper's parameter list is exactly the library's (checked where the
 * wrapper is defined). */
#define CSAN_LIB_CHECK(ret, name, params)                                                       \
  _Static_assert(__builtin_types_compatible_p(__typeof__(&name), ret(*)(CSAN_EXPAND params)),   \
                 #name ": the wrapper's parameters are not the library's")

/* ------------------------------------------------------------------------
 * cuBLAS. X(NAME, T, ..., I): T the element type, I int or int64_t (the
 * _64 variants). CSAN_X2 pairs a function with its _64 variant.
 * ---------------------------------------------------------------------- */

#define CSAN_X2(X, name, ...) X(name, __VA_ARGS__, int) X(name##_64, __VA_ARGS__, int64_t)

/* i?amax, i?amin: (n, x, incx, result index). */
#define CSAN_P_IAMAX(T, I) cublasHandle_t handle, I n, const T *x, I incx, I *result
#define CSAN_A_IAMAX handle, n, x, incx, result
#define CSAN_CUBLAS_IAMAX(X)                                                                    \
  CSAN_X2(X, cublasIsamax_v2, float) CSAN_X2(X, cublasIdamax_v2, double)                        \
  CSAN_X2(X, cublasIcamax_v2, cuComplex) CSAN_X2(X, cublasIzamax_v2, cuDoubleComplex)           \
  CSAN_X2(X, cublasIsamin_v2, float) CSAN_X2(X, cublasIdamin_v2, double)                        \
  CSAN_X2(X, cublasIcamin_v2, cuComplex) CSAN_X2(X, cublasIzamin_v2, cuDoubleComplex)

/* ?asum, ?nrm2: (n, x, incx, real result). X(NAME, T, R, I) */
#define CSAN_P_ASUM(T, R, I) cublasHandle_t handle, I n, const T *x, I incx, R *result
#define CSAN_A_ASUM handle, n, x, incx, result
#define CSAN_CUBLAS_ASUM(X)                                                                     \
  CSAN_X2(X, cublasSasum_v2, float, float) CSAN_X2(X, cublasDasum_v2, double, double)           \
  CSAN_X2(X, cublasScasum_v2, cuComplex, float)                                                 \
  CSAN_X2(X, cublasDzasum_v2, cuDoubleComplex, double)                                          \
  CSAN_X2(X, cublasSnrm2_v2, float, float) CSAN_X2(X, cublasDnrm2_v2, double, double)           \
  CSAN_X2(X, cublasScnrm2_v2, cuComplex, float)                                                 \
  CSAN_X2(X, cublasDznrm2_v2, cuDoubleComplex, double)

/* ?axpy: y += alpha x. */
#define CSAN_P_AXPY(T, I)                                                                        \
  cublasHandle_t handle, I n, const T *alpha, const T *x, I incx, T *y, I incy
#define CSAN_A_AXPY handle, n, alpha, x, incx, y, incy
/* ?copy: y = x. ?swap: both written. */
#define CSAN_P_COPY(T, I) cublasHandle_t handle, I n, const T *x, I incx, T *y, I incy
#define CSAN_P_SWAP(T, I) cublasHandle_t handle, I n, T *x, I incx, T *y, I incy
#define CSAN_A_COPY handle, n, x, incx, y, incy
/* ?dot*: (n, x, incx, y, incy, result). */
#define CSAN_P_DOT(T, I)                                                                         \
  cublasHandle_t handle, I n, const T *x, I incx, const T *y, I incy, T *result
#define CSAN_A_DOT handle, n, x, incx, y, incy, result
#define CSAN_CUBLAS_SDCZ(X, stem)                                                               \
  CSAN_X2(X, cublasS##stem##_v2, float) CSAN_X2(X, cublasD##stem##_v2, double)                  \
  CSAN_X2(X, cublasC##stem##_v2, cuComplex) CSAN_X2(X, cublasZ##stem##_v2, cuDoubleComplex)
#define CSAN_CUBLAS_AXPY(X) CSAN_CUBLAS_SDCZ(X, axpy)
#define CSAN_CUBLAS_COPY(X) CSAN_CUBLAS_SDCZ(X, copy)
#define CSAN_CUBLAS_SWAP(X) CSAN_CUBLAS_SDCZ(X, swap)
#define CSAN_CUBLAS_DOT(X)                                                                      \
  CSAN_X2(X, cublasSdot_v2, float) CSAN_X2(X, cublasDdot_v2, double)                            \
  CSAN_X2(X, cublasCdotu_v2, cuComplex) CSAN_X2(X, cublasCdotc_v2, cuComplex)                   \
  CSAN_X2(X, cublasZdotu_v2, cuDoubleComplex) CSAN_X2(X, cublasZdotc_v2, cuDoubleComplex)

/* ?rot: (n, x, incx, y, incy, c, s). X(NAME, T, C, S, I) */
#define CSAN_P_ROT(T, C, S, I)                                                                   \
  cublasHandle_t handle, I n, T *x, I incx, T *y, I incy, const C *c, const S *s
#define CSAN_A_ROT handle, n, x, incx, y, incy, c, s
#define CSAN_CUBLAS_ROT(X)                                                                      \
  CSAN_X2(X, cublasSrot_v2, float, float, float)                                                \
  CSAN_X2(X, cublasDrot_v2, double, double, double)                                             \
  CSAN_X2(X, cublasCrot_v2, cuComplex, float, cuComplex)                                        \
  CSAN_X2(X, cublasCsrot_v2, cuComplex, float, float)                                           \
  CSAN_X2(X, cublasZrot_v2, cuDoubleComplex, double, cuDoubleComplex)                           \
  CSAN_X2(X, cublasZdrot_v2, cuDoubleComplex, double, double)

/* ?rotg: (a, b, c, s), no _64 variant. X(NAME, T, C) */
#define CSAN_P_ROTG(T, C) cublasHandle_t handle, T *a, T *b, C *c, T *s
#define CSAN_A_ROTG handle, a, b, c, s
#define CSAN_CUBLAS_ROTG(X)                                                                     \
  X(cublasSrotg_v2, float, float) X(cublasDrotg_v2, double, double)                             \
  X(cublasCrotg_v2, cuComplex, float) X(cublasZrotg_v2, cuDoubleComplex, double)

/* ?rotm: (n, x, incx, y, incy, param[5]). */
#define CSAN_P_ROTM(T, I)                                                                        \
  cublasHandle_t handle, I n, T *x, I incx, T *y, I incy, const T *param
#define CSAN_A_ROTM handle, n, x, incx, y, incy, param
#define CSAN_CUBLAS_ROTM(X) CSAN_X2(X, cublasSrotm_v2, float) CSAN_X2(X, cublasDrotm_v2, double)

/* ?rotmg: (d1, d2, x1, y1, param[5]), no _64 variant. X(NAME, T) */
#define CSAN_P_ROTMG(T) cublasHandle_t handle, T *d1, T *d2, T *x1, const T *y1, T *param
#define CSAN_A_ROTMG handle, d1, d2, x1, y1, param
#define CSAN_CUBLAS_ROTMG(X) X(cublasSrotmg_v2, float) X(cublasDrotmg_v2, double)

/* ?scal: (n, alpha, x, incx). X(NAME, T, S, I) */
#define CSAN_P_SCAL(T, S, I) cublasHandle_t handle, I n, const S *alpha, T *x, I incx
#define CSAN_A_SCAL handle, n, alpha, x, incx
#define CSAN_CUBLAS_SCAL(X)                                                                     \
  CSAN_X2(X, cublasSscal_v2, float, float) CSAN_X2(X, cublasDscal_v2, double, double)           \
  CSAN_X2(X, cublasCscal_v2, cuComplex, cuComplex)                                              \
  CSAN_X2(X, cublasCsscal_v2, cuComplex, float)                                                 \
  CSAN_X2(X, cublasZscal_v2, cuDoubleComplex, cuDoubleComplex)                                  \
  CSAN_X2(X, cublasZdscal_v2, cuDoubleComplex, double)

/* ?gemv. */
#define CSAN_P_GEMV(T, I)                                                                        \
  cublasHandle_t handle, cublasOperation_t trans, I m, I n, const T *alpha, const T *A, I lda,  \
      const T *x, I incx, const T *beta, T *y, I incy
#define CSAN_A_GEMV handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy
#define CSAN_CUBLAS_GEMV(X) CSAN_CUBLAS_SDCZ(X, gemv)
/* ?gbmv. */
#define CSAN_P_GBMV(T, I)                                                                        \
  cublasHandle_t handle, cublasOperation_t trans, I m, I n, I kl, I ku, const T *alpha,         \
      const T *A, I lda, const T *x, I incx, const T *beta, T *y, I incy
#define CSAN_A_GBMV handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y, incy
#define CSAN_CUBLAS_GBMV(X) CSAN_CUBLAS_SDCZ(X, gbmv)
/* ?trmv, ?trsv. */
#define CSAN_P_TRMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, \
      I n, const T *A, I lda, T *x, I incx
#define CSAN_A_TRMV handle, uplo, trans, diag, n, A, lda, x, incx
#define CSAN_CUBLAS_TRMV(X) CSAN_CUBLAS_SDCZ(X, trmv) CSAN_CUBLAS_SDCZ(X, trsv)
/* ?tbmv, ?tbsv. */
#define CSAN_P_TBMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, \
      I n, I k, const T *A, I lda, T *x, I incx
#define CSAN_A_TBMV handle, uplo, trans, diag, n, k, A, lda, x, incx
#define CSAN_CUBLAS_TBMV(X) CSAN_CUBLAS_SDCZ(X, tbmv) CSAN_CUBLAS_SDCZ(X, tbsv)
/* ?tpmv, ?tpsv. */
#define CSAN_P_TPMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, cublasDiagType_t diag, \
      I n, const T *AP, T *x, I incx
#define CSAN_A_TPMV handle, uplo, trans, diag, n, AP, x, incx
#define CSAN_CUBLAS_TPMV(X) CSAN_CUBLAS_SDCZ(X, tpmv) CSAN_CUBLAS_SDCZ(X, tpsv)
/* ?symv, ?hemv. */
#define CSAN_P_SYMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const T *alpha, const T *A, I lda,         \
      const T *x, I incx, const T *beta, T *y, I incy
#define CSAN_A_SYMV handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy
#define CSAN_CUBLAS_SYMV(X)                                                                     \
  CSAN_CUBLAS_SDCZ(X, symv) CSAN_X2(X, cublasChemv_v2, cuComplex)                               \
  CSAN_X2(X, cublasZhemv_v2, cuDoubleComplex)
/* ?sbmv, ?hbmv. */
#define CSAN_P_SBMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, I k, const T *alpha, const T *A, I lda,    \
      const T *x, I incx, const T *beta, T *y, I incy
#define CSAN_A_SBMV handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy
#define CSAN_CUBLAS_SBMV(X)                                                                     \
  CSAN_X2(X, cublasSsbmv_v2, float) CSAN_X2(X, cublasDsbmv_v2, double)                          \
  CSAN_X2(X, cublasChbmv_v2, cuComplex) CSAN_X2(X, cublasZhbmv_v2, cuDoubleComplex)
/* ?spmv, ?hpmv. */
#define CSAN_P_SPMV(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const T *alpha, const T *AP, const T *x,   \
      I incx, const T *beta, T *y, I incy
#define CSAN_A_SPMV handle, uplo, n, alpha, AP, x, incx, beta, y, incy
#define CSAN_CUBLAS_SPMV(X)                                                                     \
  CSAN_X2(X, cublasSspmv_v2, float) CSAN_X2(X, cublasDspmv_v2, double)                          \
  CSAN_X2(X, cublasChpmv_v2, cuComplex) CSAN_X2(X, cublasZhpmv_v2, cuDoubleComplex)
/* ?ger, ?geru, ?gerc. */
#define CSAN_P_GER(T, I)                                                                         \
  cublasHandle_t handle, I m, I n, const T *alpha, const T *x, I incx, const T *y, I incy,      \
      T *A, I lda
#define CSAN_A_GER handle, m, n, alpha, x, incx, y, incy, A, lda
#define CSAN_CUBLAS_GER(X)                                                                      \
  CSAN_X2(X, cublasSger_v2, float) CSAN_X2(X, cublasDger_v2, double)                            \
  CSAN_X2(X, cublasCgeru_v2, cuComplex) CSAN_X2(X, cublasCgerc_v2, cuComplex)                   \
  CSAN_X2(X, cublasZgeru_v2, cuDoubleComplex) CSAN_X2(X, cublasZgerc_v2, cuDoubleComplex)
/* ?syr, ?her: (alpha of type S). X(NAME, T, S, I) */
#define CSAN_P_SYR(T, S, I)                                                                      \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const S *alpha, const T *x, I incx, T *A, \
      I lda
#define CSAN_A_SYR handle, uplo, n, alpha, x, incx, A, lda
#define CSAN_CUBLAS_SYR(X)                                                                      \
  CSAN_X2(X, cublasSsyr_v2, float, float) CSAN_X2(X, cublasDsyr_v2, double, double)             \
  CSAN_X2(X, cublasCsyr_v2, cuComplex, cuComplex)                                               \
  CSAN_X2(X, cublasZsyr_v2, cuDoubleComplex, cuDoubleComplex)                                   \
  CSAN_X2(X, cublasCher_v2, cuComplex, float) CSAN_X2(X, cublasZher_v2, cuDoubleComplex, double)
/* ?syr2, ?her2. */
#define CSAN_P_SYR2(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const T *alpha, const T *x, I incx,        \
      const T *y, I incy, T *A, I lda
#define CSAN_A_SYR2 handle, uplo, n, alpha, x, incx, y, incy, A, lda
#define CSAN_CUBLAS_SYR2(X)                                                                     \
  CSAN_CUBLAS_SDCZ(X, syr2) CSAN_X2(X, cublasCher2_v2, cuComplex)                               \
  CSAN_X2(X, cublasZher2_v2, cuDoubleComplex)
/* ?spr, ?hpr: (alpha of type S). */
#define CSAN_P_SPR(T, S, I)                                                                      \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const S *alpha, const T *x, I incx, T *AP
#define CSAN_A_SPR handle, uplo, n, alpha, x, incx, AP
#define CSAN_CUBLAS_SPR(X)                                                                      \
  CSAN_X2(X, cublasSspr_v2, float, float) CSAN_X2(X, cublasDspr_v2, double, double)             \
  CSAN_X2(X, cublasChpr_v2, cuComplex, float) CSAN_X2(X, cublasZhpr_v2, cuDoubleComplex, double)
/* ?spr2, ?hpr2. */
#define CSAN_P_SPR2(T, I)                                                                        \
  cublasHandle_t handle, cublasFillMode_t uplo, I n, const T *alpha, const T *x, I incx,        \
      const T *y, I incy, T *AP
#define CSAN_A_SPR2 handle, uplo, n, alpha, x, incx, y, incy, AP
#define CSAN_CUBLAS_SPR2(X)                                                                     \
  CSAN_X2(X, cublasSspr2_v2, float) CSAN_X2(X, cublasDspr2_v2, double)                          \
  CSAN_X2(X, cublasChpr2_v2, cuComplex) CSAN_X2(X, cublasZhpr2_v2, cuDoubleComplex)
/* ?gemvBatched: pointer arrays. */
#define CSAN_P_GEMV_BATCHED(T, I)                                                                \
  cublasHandle_t handle, cublasOperation_t trans, I m, I n, const T *alpha,                     \
      const T *const Aarray[], I lda, const T *const xarray[], I incx, const T *beta,           \
      T *const yarray[], I incy, I batchCount
#define CSAN_A_GEMV_BATCHED                                                                     \
  handle, trans, m, n, alpha, Aarray, lda, xarray, incx, beta, yarray, incy, batchCount
#define CSAN_CUBLAS_GEMV_BATCHED(X)                                                             \
  CSAN_X2(X, cublasSgemvBatched, float) CSAN_X2(X, cublasDgemvBatched, double)                  \
  CSAN_X2(X, cublasCgemvBatched, cuComplex) CSAN_X2(X, cublasZgemvBatched, cuDoubleComplex)
/* ?gemvStridedBatched. */
#define CSAN_P_GEMV_STRIDED(T, I)                                                                \
  cublasHandle_t handle, cublasOperation_t trans, I m, I n, const T *alpha, const T *A, I lda,  \
      long long int strideA, const T *x, I incx, long long int stridex, const T *beta, T *y,    \
      I incy, long long int stridey, I batchCount
#define CSAN_A_GEMV_STRIDED                                                                     \
  handle, trans, m, n, alpha, A, lda, strideA, x, incx, stridex, beta, y, incy, stridey,        \
      batchCount
#define CSAN_CUBLAS_GEMV_STRIDED(X)                                                             \
  CSAN_X2(X, cublasSgemvStridedBatched, float) CSAN_X2(X, cublasDgemvStridedBatched, double)    \
  CSAN_X2(X, cublasCgemvStridedBatched, cuComplex)                                              \
  CSAN_X2(X, cublasZgemvStridedBatched, cuDoubleComplex)

/* ?gemm, ?gemm3m. */
#define CSAN_P_GEMM(T, I)                                                                        \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const T *alpha, const T *A, I lda, const T *B, I ldb, const T *beta, T *C, I ldc
#define CSAN_A_GEMM handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc
#define CSAN_CUBLAS_GEMM(X)                                                                     \
  CSAN_CUBLAS_SDCZ(X, gemm) CSAN_X2(X, cublasCgemm3m, cuComplex)                                \
  CSAN_X2(X, cublasZgemm3m, cuDoubleComplex)
/* ?gemmBatched: pointer arrays. */
#define CSAN_P_GEMM_BATCHED(T, I)                                                                \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const T *alpha, const T *const Aarray[], I lda, const T *const Barray[], I ldb,           \
      const T *beta, T *const Carray[], I ldc, I batchCount
#define CSAN_A_GEMM_BATCHED                                                                     \
  handle, transa, transb, m, n, k, alpha, Aarray, lda, Barray, ldb, beta, Carray, ldc,          \
      batchCount
#define CSAN_CUBLAS_GEMM_BATCHED(X)                                                             \
  CSAN_X2(X, cublasSgemmBatched, float) CSAN_X2(X, cublasDgemmBatched, double)                  \
  CSAN_X2(X, cublasCgemmBatched, cuComplex) CSAN_X2(X, cublasZgemmBatched, cuDoubleComplex)
/* ?gemmStridedBatched. */
#define CSAN_P_GEMM_STRIDED(T, I)                                                                \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const T *alpha, const T *A, I lda, long long int strideA, const T *B, I ldb,              \
      long long int strideB, const T *beta, T *C, I ldc, long long int strideC, I batchCount
#define CSAN_A_GEMM_STRIDED                                                                     \
  handle, transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc,       \
      strideC, batchCount
#define CSAN_CUBLAS_GEMM_STRIDED(X)                                                             \
  CSAN_X2(X, cublasSgemmStridedBatched, float) CSAN_X2(X, cublasDgemmStridedBatched, double)    \
  CSAN_X2(X, cublasCgemmStridedBatched, cuComplex)                                              \
  CSAN_X2(X, cublasZgemmStridedBatched, cuDoubleComplex)                                        \
  CSAN_X2(X, cublasCgemm3mStridedBatched, cuComplex)
/* ?symm, ?hemm. */
#define CSAN_P_SYMM(T, I)                                                                        \
  cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, I m, I n,                \
      const T *alpha, const T *A, I lda, const T *B, I ldb, const T *beta, T *C, I ldc
#define CSAN_A_SYMM handle, side, uplo, m, n, alpha, A, lda, B, ldb, beta, C, ldc
#define CSAN_CUBLAS_SYMM(X)                                                                     \
  CSAN_CUBLAS_SDCZ(X, symm) CSAN_X2(X, cublasChemm_v2, cuComplex)                               \
  CSAN_X2(X, cublasZhemm_v2, cuDoubleComplex)
/* ?syrk, ?herk: alpha and beta of type S. X(NAME, T, S, I) */
#define CSAN_P_SYRK(T, S, I)                                                                     \
  cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, I n, I k,              \
      const S *alpha, const T *A, I lda, const S *beta, T *C, I ldc
#define CSAN_A_SYRK handle, uplo, trans, n, k, alpha, A, lda, beta, C, ldc
#define CSAN_CUBLAS_SYRK(X)                                                                     \
  CSAN_X2(X, cublasSsyrk_v2, float, float) CSAN_X2(X, cublasDsyrk_v2, double, double)           \
  CSAN_X2(X, cublasCsyrk_v2, cuComplex, cuComplex)                                              \
  CSAN_X2(X, cublasZsyrk_v2, cuDoubleComplex, cuDoubleComplex)                                  \
  CSAN_X2(X, cublasCherk_v2, cuComplex, float) CSAN_X2(X, cublasZherk_v2, cuDoubleComplex, double)
/* ?syr2k, ?her2k, ?syrkx, ?herkx: beta of type S. */
#define CSAN_P_SYR2K(T, S, I)                                                                    \
  cublasHandle_t handle, cublasFillMode_t uplo, cublasOperation_t trans, I n, I k,              \
      const T *alpha, const T *A, I lda, const T *B, I ldb, const S *beta, T *C, I ldc
#define CSAN_A_SYR2K handle, uplo, trans, n, k, alpha, A, lda, B, ldb, beta, C, ldc
#define CSAN_CUBLAS_SYR2K(X)                                                                    \
  CSAN_X2(X, cublasSsyr2k_v2, float, float) CSAN_X2(X, cublasDsyr2k_v2, double, double)         \
  CSAN_X2(X, cublasCsyr2k_v2, cuComplex, cuComplex)                                             \
  CSAN_X2(X, cublasZsyr2k_v2, cuDoubleComplex, cuDoubleComplex)                                 \
  CSAN_X2(X, cublasCher2k_v2, cuComplex, float)                                                 \
  CSAN_X2(X, cublasZher2k_v2, cuDoubleComplex, double)                                          \
  CSAN_X2(X, cublasSsyrkx, float, float) CSAN_X2(X, cublasDsyrkx, double, double)               \
  CSAN_X2(X, cublasCsyrkx, cuComplex, cuComplex)                                                \
  CSAN_X2(X, cublasZsyrkx, cuDoubleComplex, cuDoubleComplex)                                    \
  CSAN_X2(X, cublasCherkx, cuComplex, float) CSAN_X2(X, cublasZherkx, cuDoubleComplex, double)
/* ?trmm (out of place: C). */
#define CSAN_P_TRMM(T, I)                                                                        \
  cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, \
      cublasDiagType_t diag, I m, I n, const T *alpha, const T *A, I lda, const T *B, I ldb,    \
      T *C, I ldc
#define CSAN_A_TRMM handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, C, ldc
#define CSAN_CUBLAS_TRMM(X) CSAN_CUBLAS_SDCZ(X, trmm)
/* ?trsm (B overwritten). */
#define CSAN_P_TRSM(T, I)                                                                        \
  cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, \
      cublasDiagType_t diag, I m, I n, const T *alpha, const T *A, I lda, T *B, I ldb
#define CSAN_A_TRSM handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb
#define CSAN_CUBLAS_TRSM(X) CSAN_CUBLAS_SDCZ(X, trsm)
/* ?trsmBatched: pointer arrays. */
#define CSAN_P_TRSM_BATCHED(T, I)                                                                \
  cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans, \
      cublasDiagType_t diag, I m, I n, const T *alpha, const T *const A[], I lda,               \
      T *const B[], I ldb, I batchCount
#define CSAN_A_TRSM_BATCHED handle, side, uplo, trans, diag, m, n, alpha, A, lda, B, ldb, batchCount
#define CSAN_CUBLAS_TRSM_BATCHED(X)                                                             \
  CSAN_X2(X, cublasStrsmBatched, float) CSAN_X2(X, cublasDtrsmBatched, double)                  \
  CSAN_X2(X, cublasCtrsmBatched, cuComplex) CSAN_X2(X, cublasZtrsmBatched, cuDoubleComplex)
/* ?geam. */
#define CSAN_P_GEAM(T, I)                                                                        \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n,          \
      const T *alpha, const T *A, I lda, const T *beta, const T *B, I ldb, T *C, I ldc
#define CSAN_A_GEAM handle, transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc
#define CSAN_CUBLAS_GEAM(X)                                                                     \
  CSAN_X2(X, cublasSgeam, float) CSAN_X2(X, cublasDgeam, double)                                \
  CSAN_X2(X, cublasCgeam, cuComplex) CSAN_X2(X, cublasZgeam, cuDoubleComplex)
/* ?dgmm. */
#define CSAN_P_DGMM(T, I)                                                                        \
  cublasHandle_t handle, cublasSideMode_t mode, I m, I n, const T *A, I lda, const T *x,        \
      I incx, T *C, I ldc
#define CSAN_A_DGMM handle, mode, m, n, A, lda, x, incx, C, ldc
#define CSAN_CUBLAS_DGMM(X)                                                                     \
  CSAN_X2(X, cublasSdgmm, float) CSAN_X2(X, cublasDdgmm, double)                                \
  CSAN_X2(X, cublasCdgmm, cuComplex) CSAN_X2(X, cublasZdgmm, cuDoubleComplex)

/* cublasGemmEx and its batches. X(NAME, I) */
#define CSAN_P_GEMM_EX(I)                                                                        \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const void *alpha, const void *A, cudaDataType Atype, I lda, const void *B,               \
      cudaDataType Btype, I ldb, const void *beta, void *C, cudaDataType Ctype, I ldc,          \
      cublasComputeType_t computeType, cublasGemmAlgo_t algo
#define CSAN_A_GEMM_EX                                                                          \
  handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc,    \
      computeType, algo
#define CSAN_P_GEMM_BATCHED_EX(I)                                                                \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const void *alpha, const void *const Aarray[], cudaDataType Atype, I lda,                 \
      const void *const Barray[], cudaDataType Btype, I ldb, const void *beta,                  \
      void *const Carray[], cudaDataType Ctype, I ldc, I batchCount,                            \
      cublasComputeType_t computeType, cublasGemmAlgo_t algo
#define CSAN_A_GEMM_BATCHED_EX                                                                  \
  handle, transa, transb, m, n, k, alpha, Aarray, Atype, lda, Barray, Btype, ldb, beta, Carray, \
      Ctype, ldc, batchCount, computeType, algo
#define CSAN_P_GEMM_STRIDED_EX(I)                                                                \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const void *alpha, const void *A, cudaDataType Atype, I lda, long long int strideA,       \
      const void *B, cudaDataType Btype, I ldb, long long int strideB, const void *beta,        \
      void *C, cudaDataType Ctype, I ldc, long long int strideC, I batchCount,                  \
      cublasComputeType_t computeType, cublasGemmAlgo_t algo
#define CSAN_A_GEMM_STRIDED_EX                                                                  \
  handle, transa, transb, m, n, k, alpha, A, Atype, lda, strideA, B, Btype, ldb, strideB, beta, \
      C, Ctype, ldc, strideC, batchCount, computeType, algo
#define CSAN_X2I(X, name) X(name, int) X(name##_64, int64_t)

/* Copies between host and device: cublasSetVector(n, elemSize, x, incx,
 * y, incy) and friends (no handle; the Async ones take a stream). */
#define CSAN_P_SETVEC(I) I n, I elemSize, const void *x, I incx, void *devicePtr, I incy
#define CSAN_A_SETVEC n, elemSize, x, incx, devicePtr, incy
#define CSAN_P_GETVEC(I) I n, I elemSize, const void *x, I incx, void *y, I incy
#define CSAN_A_GETVEC n, elemSize, x, incx, y, incy
#define CSAN_P_SETMAT(I) I rows, I cols, I elemSize, const void *A, I lda, void *B, I ldb
#define CSAN_A_SETMAT rows, cols, elemSize, A, lda, B, ldb
#define CSAN_P_SETVEC_ASYNC(I) CSAN_P_SETVEC(I), cudaStream_t stream
#define CSAN_P_GETVEC_ASYNC(I) CSAN_P_GETVEC(I), cudaStream_t stream
#define CSAN_P_SETMAT_ASYNC(I) CSAN_P_SETMAT(I), cudaStream_t stream

#define CSAN_CUBLAS_DECL1(NAME, SHAPE, ...)                                                     \
  cublasStatus_t __csan_##NAME(CSAN_P_##SHAPE(__VA_ARGS__), CSAN_SITE_PARAM);
#define CSAN_D_IAMAX(N, T, I) CSAN_CUBLAS_DECL1(N, IAMAX, T, I)
#define CSAN_D_ASUM(N, T, R, I) CSAN_CUBLAS_DECL1(N, ASUM, T, R, I)
#define CSAN_D_AXPY(N, T, I) CSAN_CUBLAS_DECL1(N, AXPY, T, I)
#define CSAN_D_COPY(N, T, I) CSAN_CUBLAS_DECL1(N, COPY, T, I)
#define CSAN_D_SWAP(N, T, I) CSAN_CUBLAS_DECL1(N, SWAP, T, I)
#define CSAN_D_DOT(N, T, I) CSAN_CUBLAS_DECL1(N, DOT, T, I)
#define CSAN_D_ROT(N, T, C, S, I) CSAN_CUBLAS_DECL1(N, ROT, T, C, S, I)
#define CSAN_D_ROTG(N, T, C) CSAN_CUBLAS_DECL1(N, ROTG, T, C)
#define CSAN_D_ROTM(N, T, I) CSAN_CUBLAS_DECL1(N, ROTM, T, I)
#define CSAN_D_ROTMG(N, T) CSAN_CUBLAS_DECL1(N, ROTMG, T)
#define CSAN_D_SCAL(N, T, S, I) CSAN_CUBLAS_DECL1(N, SCAL, T, S, I)
#define CSAN_D_GEMV(N, T, I) CSAN_CUBLAS_DECL1(N, GEMV, T, I)
#define CSAN_D_GBMV(N, T, I) CSAN_CUBLAS_DECL1(N, GBMV, T, I)
#define CSAN_D_TRMV(N, T, I) CSAN_CUBLAS_DECL1(N, TRMV, T, I)
#define CSAN_D_TBMV(N, T, I) CSAN_CUBLAS_DECL1(N, TBMV, T, I)
#define CSAN_D_TPMV(N, T, I) CSAN_CUBLAS_DECL1(N, TPMV, T, I)
#define CSAN_D_SYMV(N, T, I) CSAN_CUBLAS_DECL1(N, SYMV, T, I)
#define CSAN_D_SBMV(N, T, I) CSAN_CUBLAS_DECL1(N, SBMV, T, I)
#define CSAN_D_SPMV(N, T, I) CSAN_CUBLAS_DECL1(N, SPMV, T, I)
#define CSAN_D_GER(N, T, I) CSAN_CUBLAS_DECL1(N, GER, T, I)
#define CSAN_D_SYR(N, T, S, I) CSAN_CUBLAS_DECL1(N, SYR, T, S, I)
#define CSAN_D_SYR2(N, T, I) CSAN_CUBLAS_DECL1(N, SYR2, T, I)
#define CSAN_D_SPR(N, T, S, I) CSAN_CUBLAS_DECL1(N, SPR, T, S, I)
#define CSAN_D_SPR2(N, T, I) CSAN_CUBLAS_DECL1(N, SPR2, T, I)
#define CSAN_D_GEMV_BATCHED(N, T, I) CSAN_CUBLAS_DECL1(N, GEMV_BATCHED, T, I)
#define CSAN_D_GEMV_STRIDED(N, T, I) CSAN_CUBLAS_DECL1(N, GEMV_STRIDED, T, I)
#define CSAN_D_GEMM(N, T, I) CSAN_CUBLAS_DECL1(N, GEMM, T, I)
#define CSAN_D_GEMM_BATCHED(N, T, I) CSAN_CUBLAS_DECL1(N, GEMM_BATCHED, T, I)
#define CSAN_D_GEMM_STRIDED(N, T, I) CSAN_CUBLAS_DECL1(N, GEMM_STRIDED, T, I)
#define CSAN_D_SYMM(N, T, I) CSAN_CUBLAS_DECL1(N, SYMM, T, I)
#define CSAN_D_SYRK(N, T, S, I) CSAN_CUBLAS_DECL1(N, SYRK, T, S, I)
#define CSAN_D_SYR2K(N, T, S, I) CSAN_CUBLAS_DECL1(N, SYR2K, T, S, I)
#define CSAN_D_TRMM(N, T, I) CSAN_CUBLAS_DECL1(N, TRMM, T, I)
#define CSAN_D_TRSM(N, T, I) CSAN_CUBLAS_DECL1(N, TRSM, T, I)
#define CSAN_D_TRSM_BATCHED(N, T, I) CSAN_CUBLAS_DECL1(N, TRSM_BATCHED, T, I)
#define CSAN_D_GEAM(N, T, I) CSAN_CUBLAS_DECL1(N, GEAM, T, I)
#define CSAN_D_DGMM(N, T, I) CSAN_CUBLAS_DECL1(N, DGMM, T, I)
#define CSAN_D_GEMM_EX(N, I) CSAN_CUBLAS_DECL1(N, GEMM_EX, I)
#define CSAN_D_GEMM_BATCHED_EX(N, I) CSAN_CUBLAS_DECL1(N, GEMM_BATCHED_EX, I)
#define CSAN_D_GEMM_STRIDED_EX(N, I) CSAN_CUBLAS_DECL1(N, GEMM_STRIDED_EX, I)
#define CSAN_D_SETVEC(N, I) CSAN_CUBLAS_DECL1(N, SETVEC, I)
#define CSAN_D_GETVEC(N, I) CSAN_CUBLAS_DECL1(N, GETVEC, I)
#define CSAN_D_SETMAT(N, I) CSAN_CUBLAS_DECL1(N, SETMAT, I)
#define CSAN_D_SETVEC_ASYNC(N, I) CSAN_CUBLAS_DECL1(N, SETVEC_ASYNC, I)
#define CSAN_D_GETVEC_ASYNC(N, I) CSAN_CUBLAS_DECL1(N, GETVEC_ASYNC, I)
#define CSAN_D_SETMAT_ASYNC(N, I) CSAN_CUBLAS_DECL1(N, SETMAT_ASYNC, I)

CSAN_CUBLAS_IAMAX(CSAN_D_IAMAX)
CSAN_CUBLAS_ASUM(CSAN_D_ASUM)
CSAN_CUBLAS_AXPY(CSAN_D_AXPY)
CSAN_CUBLAS_COPY(CSAN_D_COPY)
CSAN_CUBLAS_SWAP(CSAN_D_SWAP)
CSAN_CUBLAS_DOT(CSAN_D_DOT)
CSAN_CUBLAS_ROT(CSAN_D_ROT)
CSAN_CUBLAS_ROTG(CSAN_D_ROTG)
CSAN_CUBLAS_ROTM(CSAN_D_ROTM)
CSAN_CUBLAS_ROTMG(CSAN_D_ROTMG)
CSAN_CUBLAS_SCAL(CSAN_D_SCAL)
CSAN_CUBLAS_GEMV(CSAN_D_GEMV)
CSAN_CUBLAS_GBMV(CSAN_D_GBMV)
CSAN_CUBLAS_TRMV(CSAN_D_TRMV)
CSAN_CUBLAS_TBMV(CSAN_D_TBMV)
CSAN_CUBLAS_TPMV(CSAN_D_TPMV)
CSAN_CUBLAS_SYMV(CSAN_D_SYMV)
CSAN_CUBLAS_SBMV(CSAN_D_SBMV)
CSAN_CUBLAS_SPMV(CSAN_D_SPMV)
CSAN_CUBLAS_GER(CSAN_D_GER)
CSAN_CUBLAS_SYR(CSAN_D_SYR)
CSAN_CUBLAS_SYR2(CSAN_D_SYR2)
CSAN_CUBLAS_SPR(CSAN_D_SPR)
CSAN_CUBLAS_SPR2(CSAN_D_SPR2)
CSAN_CUBLAS_GEMV_BATCHED(CSAN_D_GEMV_BATCHED)
CSAN_CUBLAS_GEMV_STRIDED(CSAN_D_GEMV_STRIDED)
CSAN_CUBLAS_GEMM(CSAN_D_GEMM)
CSAN_CUBLAS_GEMM_BATCHED(CSAN_D_GEMM_BATCHED)
CSAN_CUBLAS_GEMM_STRIDED(CSAN_D_GEMM_STRIDED)
CSAN_CUBLAS_SYMM(CSAN_D_SYMM)
CSAN_CUBLAS_SYRK(CSAN_D_SYRK)
CSAN_CUBLAS_SYR2K(CSAN_D_SYR2K)
CSAN_CUBLAS_TRMM(CSAN_D_TRMM)
CSAN_CUBLAS_TRSM(CSAN_D_TRSM)
CSAN_CUBLAS_TRSM_BATCHED(CSAN_D_TRSM_BATCHED)
CSAN_CUBLAS_GEAM(CSAN_D_GEAM)
CSAN_CUBLAS_DGMM(CSAN_D_DGMM)
CSAN_X2I(CSAN_D_GEMM_EX, cublasGemmEx)
CSAN_X2I(CSAN_D_GEMM_BATCHED_EX, cublasGemmBatchedEx)
CSAN_X2I(CSAN_D_GEMM_STRIDED_EX, cublasGemmStridedBatchedEx)
CSAN_X2I(CSAN_D_SETVEC, cublasSetVector)
CSAN_X2I(CSAN_D_GETVEC, cublasGetVector)
CSAN_X2I(CSAN_D_SETMAT, cublasSetMatrix)
CSAN_X2I(CSAN_D_SETMAT, cublasGetMatrix)
CSAN_X2I(CSAN_D_SETVEC_ASYNC, cublasSetVectorAsync)
CSAN_X2I(CSAN_D_GETVEC_ASYNC, cublasGetVectorAsync)
CSAN_X2I(CSAN_D_SETMAT_ASYNC, cublasSetMatrixAsync)
CSAN_X2I(CSAN_D_SETMAT_ASYNC, cublasGetMatrixAsync)

/* The handle (csan_lib.def). */
cublasStatus_t __csan_cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId,
                                         CSAN_SITE_PARAM);
cublasStatus_t __csan_cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace,
                                            size_t workspaceSizeInBytes, CSAN_SITE_PARAM);
cublasStatus_t __csan_cublasDestroy_v2(cublasHandle_t handle, CSAN_SITE_PARAM);

/* Half-precision gemm: cublas_api.h declares it for C++ only; the same
 * ABI with an opaque struct __half in C. */
#ifndef __cplusplus
struct __half;
#endif
#define CSAN_P_HGEMM(I)                                                                          \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const struct __half *alpha, const struct __half *A, I lda, const struct __half *B, I ldb, \
      const struct __half *beta, struct __half *C, I ldc
#define CSAN_P_HGEMM_BATCHED(I)                                                                  \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const struct __half *alpha, const struct __half *const Aarray[], I lda,                   \
      const struct __half *const Barray[], I ldb, const struct __half *beta,                    \
      struct __half *const Carray[], I ldc, I batchCount
#define CSAN_P_HGEMM_STRIDED(I)                                                                  \
  cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, I m, I n, I k,     \
      const struct __half *alpha, const struct __half *A, I lda, long long int strideA,         \
      const struct __half *B, I ldb, long long int strideB, const struct __half *beta,          \
      struct __half *C, I ldc, long long int strideC, I batchCount
#define CSAN_D_HGEMM(N, I) CSAN_CUBLAS_DECL1(N, HGEMM, I)
#define CSAN_D_HGEMM_BATCHED(N, I) CSAN_CUBLAS_DECL1(N, HGEMM_BATCHED, I)
#define CSAN_D_HGEMM_STRIDED(N, I) CSAN_CUBLAS_DECL1(N, HGEMM_STRIDED, I)
CSAN_X2I(CSAN_D_HGEMM, cublasHgemm)
CSAN_X2I(CSAN_D_HGEMM_BATCHED, cublasHgemmBatched)
CSAN_X2I(CSAN_D_HGEMM_STRIDED, cublasHgemmStridedBatched)

/* ------------------------------------------------------------------------
 * cuBLASLt.
 * ---------------------------------------------------------------------- */

#define CSAN_P_LT_MATMUL                                                                         \
  cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc, const void *alpha,            \
      const void *A, cublasLtMatrixLayout_t Adesc, const void *B, cublasLtMatrixLayout_t Bdesc, \
      const void *beta, const void *C, cublasLtMatrixLayout_t Cdesc, void *D,                   \
      cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *algo, void *workspace,          \
      size_t workspaceSizeInBytes, cudaStream_t stream
#define CSAN_A_LT_MATMUL                                                                        \
  lightHandle, computeDesc, alpha, A, Adesc, B, Bdesc, beta, C, Cdesc, D, Ddesc, algo,          \
      workspace, workspaceSizeInBytes, stream
#define CSAN_P_LT_TRANSFORM                                                                      \
  cublasLtHandle_t lightHandle, cublasLtMatrixTransformDesc_t transformDesc,                    \
      const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc, const void *beta,         \
      const void *B, cublasLtMatrixLayout_t Bdesc, void *C, cublasLtMatrixLayout_t Cdesc,       \
      cudaStream_t stream
#define CSAN_A_LT_TRANSFORM                                                                     \
  lightHandle, transformDesc, alpha, A, Adesc, beta, B, Bdesc, C, Cdesc, stream
cublasStatus_t __csan_cublasLtMatmul(CSAN_P_LT_MATMUL, CSAN_SITE_PARAM);
cublasStatus_t __csan_cublasLtMatrixTransform(CSAN_P_LT_TRANSFORM, CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * cuFFT.
 * ---------------------------------------------------------------------- */

cufftResult __csan_cufftCreate(cufftHandle *handle, CSAN_SITE_PARAM);
cufftResult __csan_cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch,
                               CSAN_SITE_PARAM);
cufftResult __csan_cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type,
                               CSAN_SITE_PARAM);
cufftResult __csan_cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type,
                               CSAN_SITE_PARAM);
cufftResult __csan_cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                                 int idist, int *onembed, int ostride, int odist,
                                 cufftType type, int batch, CSAN_SITE_PARAM);
cufftResult __csan_cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch,
                                   size_t *workSize, CSAN_SITE_PARAM);
cufftResult __csan_cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type,
                                   size_t *workSize, CSAN_SITE_PARAM);
cufftResult __csan_cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                                   size_t *workSize, CSAN_SITE_PARAM);
cufftResult __csan_cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed,
                                     int istride, int idist, int *onembed, int ostride,
                                     int odist, cufftType type, int batch, size_t *workSize,
                                     CSAN_SITE_PARAM);
cufftResult __csan_cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n,
                                       long long int *inembed, long long int istride,
                                       long long int idist, long long int *onembed,
                                       long long int ostride, long long int odist,
                                       cufftType type, long long int batch, size_t *workSize,
                                       CSAN_SITE_PARAM);
cufftResult __csan_cufftSetStream(cufftHandle plan, cudaStream_t stream, CSAN_SITE_PARAM);
cufftResult __csan_cufftSetWorkArea(cufftHandle plan, void *workArea, CSAN_SITE_PARAM);
cufftResult __csan_cufftDestroy(cufftHandle plan, CSAN_SITE_PARAM);
cufftResult __csan_cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata,
                                int direction, CSAN_SITE_PARAM);
cufftResult __csan_cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata,
                                CSAN_SITE_PARAM);
cufftResult __csan_cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata,
                                CSAN_SITE_PARAM);
cufftResult __csan_cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata,
                                cufftDoubleComplex *odata, int direction, CSAN_SITE_PARAM);
cufftResult __csan_cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata,
                                cufftDoubleComplex *odata, CSAN_SITE_PARAM);
cufftResult __csan_cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata,
                                cufftDoubleReal *odata, CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * cuSPARSE.
 * ---------------------------------------------------------------------- */

cusparseStatus_t __csan_cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA,
                                     const void *alpha, cusparseConstSpMatDescr_t matA,
                                     cusparseConstDnVecDescr_t vecX, const void *beta,
                                     cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                     cusparseSpMVAlg_t alg, void *externalBuffer,
                                     CSAN_SITE_PARAM);
cusparseStatus_t __csan_cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                                     cusparseOperation_t opB, const void *alpha,
                                     cusparseConstSpMatDescr_t matA,
                                     cusparseConstDnMatDescr_t matB, const void *beta,
                                     cusparseDnMatDescr_t matC, cudaDataType computeType,
                                     cusparseSpMMAlg_t alg, void *externalBuffer,
                                     CSAN_SITE_PARAM);
cusparseStatus_t __csan_cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                                cusparseOperation_t opB, const void *alpha,
                                                cusparseConstSpMatDescr_t matA,
                                                cusparseConstDnMatDescr_t matB,
                                                const void *beta, cusparseDnMatDescr_t matC,
                                                cudaDataType computeType, cusparseSpMMAlg_t alg,
                                                void *externalBuffer, CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * cuRAND.
 * ---------------------------------------------------------------------- */

curandStatus_t __csan_curandCreateGenerator(curandGenerator_t *generator,
                                            curandRngType_t rng_type, CSAN_SITE_PARAM);
curandStatus_t __csan_curandCreateGeneratorHost(curandGenerator_t *generator,
                                                curandRngType_t rng_type, CSAN_SITE_PARAM);
curandStatus_t __csan_curandDestroyGenerator(curandGenerator_t generator, CSAN_SITE_PARAM);
curandStatus_t __csan_curandSetStream(curandGenerator_t generator, cudaStream_t stream,
                                      CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerate(curandGenerator_t generator, unsigned int *outputPtr,
                                     size_t num, CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateLongLong(curandGenerator_t generator,
                                             unsigned long long *outputPtr, size_t num,
                                             CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateUniform(curandGenerator_t generator, float *outputPtr,
                                            size_t num, CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateUniformDouble(curandGenerator_t generator,
                                                  double *outputPtr, size_t num,
                                                  CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateNormal(curandGenerator_t generator, float *outputPtr,
                                           size_t n, float mean, float stddev, CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr,
                                                 size_t n, double mean, double stddev,
                                                 CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr,
                                              size_t n, float mean, float stddev,
                                              CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateLogNormalDouble(curandGenerator_t generator,
                                                    double *outputPtr, size_t n, double mean,
                                                    double stddev, CSAN_SITE_PARAM);
curandStatus_t __csan_curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr,
                                            size_t n, double lambda, CSAN_SITE_PARAM);
curandStatus_t __csan_curandGenerateSeeds(curandGenerator_t generator, CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * NCCL.
 * ---------------------------------------------------------------------- */

#ifndef CSAN_HAVE_NCCL_H
/* NCCL's ABI, as nccl.h (2.x) states it, for a toolkit without NCCL. */
typedef struct ncclComm *ncclComm_t;
typedef enum { ncclSuccess = 0 } ncclResult_t;
typedef int ncclDataType_t;
typedef int ncclRedOp_t;
ncclResult_t ncclAllReduce(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t, ncclComm_t,
                           cudaStream_t);
ncclResult_t ncclBroadcast(const void *, void *, size_t, ncclDataType_t, int, ncclComm_t,
                           cudaStream_t);
ncclResult_t ncclBcast(void *, size_t, ncclDataType_t, int, ncclComm_t, cudaStream_t);
ncclResult_t ncclReduce(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t, int,
                        ncclComm_t, cudaStream_t);
ncclResult_t ncclAllGather(const void *, void *, size_t, ncclDataType_t, ncclComm_t,
                           cudaStream_t);
ncclResult_t ncclReduceScatter(const void *, void *, size_t, ncclDataType_t, ncclRedOp_t,
                               ncclComm_t, cudaStream_t);
ncclResult_t ncclAlltoAll(const void *, void *, size_t, ncclDataType_t, ncclComm_t,
                          cudaStream_t);
ncclResult_t ncclGather(const void *, void *, size_t, ncclDataType_t, int, ncclComm_t,
                        cudaStream_t);
ncclResult_t ncclScatter(const void *, void *, size_t, ncclDataType_t, int, ncclComm_t,
                         cudaStream_t);
ncclResult_t ncclSend(const void *, size_t, ncclDataType_t, int, ncclComm_t, cudaStream_t);
ncclResult_t ncclRecv(void *, size_t, ncclDataType_t, int, ncclComm_t, cudaStream_t);
ncclResult_t ncclGroupStart(void);
ncclResult_t ncclGroupEnd(void);
ncclResult_t ncclCommCount(const ncclComm_t, int *);
ncclResult_t ncclCommUserRank(const ncclComm_t, int *);
#endif

ncclResult_t __csan_ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                                  ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                                  cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count,
                                  ncclDataType_t datatype, int root, ncclComm_t comm,
                                  cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclBcast(void *buff, size_t count, ncclDataType_t datatype, int root,
                              ncclComm_t comm, cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclReduce(const void *sendbuff, void *recvbuff, size_t count,
                               ncclDataType_t datatype, ncclRedOp_t op, int root,
                               ncclComm_t comm, cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount,
                                  ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream,
                                  CSAN_SITE_PARAM);
ncclResult_t __csan_ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount,
                                      ncclDataType_t datatype, ncclRedOp_t op, ncclComm_t comm,
                                      cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclAlltoAll(const void *sendbuff, void *recvbuff, size_t count,
                                 ncclDataType_t datatype, ncclComm_t comm, cudaStream_t stream,
                                 CSAN_SITE_PARAM);
ncclResult_t __csan_ncclGather(const void *sendbuff, void *recvbuff, size_t count,
                               ncclDataType_t datatype, int root, ncclComm_t comm,
                               cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclScatter(const void *sendbuff, void *recvbuff, size_t count,
                                ncclDataType_t datatype, int root, ncclComm_t comm,
                                cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype,
                             int peer, ncclComm_t comm, cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer,
                             ncclComm_t comm, cudaStream_t stream, CSAN_SITE_PARAM);
ncclResult_t __csan_ncclGroupStart(CSAN_SITE_PARAM);
ncclResult_t __csan_ncclGroupEnd(CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * The CUDA driver API.
 * ---------------------------------------------------------------------- */

CUresult __csan_cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                               unsigned int gridDimZ, unsigned int blockDimX,
                               unsigned int blockDimY, unsigned int blockDimZ,
                               unsigned int sharedMemBytes, CUstream hStream,
                               void **kernelParams, void **extra, CSAN_SITE_PARAM);
CUresult __csan_cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                                 void **kernelParams, void **extra, CSAN_SITE_PARAM);
CUresult __csan_cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData,
                                 CSAN_SITE_PARAM);
CUresult __csan_cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
                              CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                                CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                                CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                                CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost,
                                     size_t ByteCount, CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                                     CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
                                     size_t ByteCount, CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy, CSAN_SITE_PARAM);
CUresult __csan_cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream,
                                   CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N,
                              CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N,
                               CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N,
                               CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc,
                                size_t Width, size_t Height, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us,
                                 size_t Width, size_t Height, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui,
                                 size_t Width, size_t Height, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N,
                                CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N,
                                 CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N,
                                 CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc,
                                  size_t Width, size_t Height, CUstream hStream,
                                  CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us,
                                   size_t Width, size_t Height, CUstream hStream,
                                   CSAN_SITE_PARAM);
CUresult __csan_cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui,
                                   size_t Width, size_t Height, CUstream hStream,
                                   CSAN_SITE_PARAM);
CUresult __csan_cuStreamCreate(CUstream *phStream, unsigned int Flags, CSAN_SITE_PARAM);
CUresult __csan_cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority,
                                           CSAN_SITE_PARAM);
CUresult __csan_cuStreamDestroy_v2(CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags,
                                  CSAN_SITE_PARAM);
CUresult __csan_cuStreamSynchronize(CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuStreamQuery(CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuEventRecord(CUevent hEvent, CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags,
                                       CSAN_SITE_PARAM);
CUresult __csan_cuEventSynchronize(CUevent hEvent, CSAN_SITE_PARAM);
CUresult __csan_cuEventQuery(CUevent hEvent, CSAN_SITE_PARAM);
CUresult __csan_cuEventDestroy_v2(CUevent hEvent, CSAN_SITE_PARAM);
CUresult __csan_cuCtxSynchronize(CSAN_SITE_PARAM);
CUresult __csan_cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize, CSAN_SITE_PARAM);
CUresult __csan_cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes,
                                   size_t Height, unsigned int ElementSizeBytes,
                                   CSAN_SITE_PARAM);
CUresult __csan_cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags,
                                  CSAN_SITE_PARAM);
CUresult __csan_cuMemFree_v2(CUdeviceptr dptr, CSAN_SITE_PARAM);
CUresult __csan_cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream,
                                CSAN_SITE_PARAM);
CUresult __csan_cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream, CSAN_SITE_PARAM);
CUresult __csan_cuMemAllocHost_v2(void **pp, size_t bytesize, CSAN_SITE_PARAM);
CUresult __csan_cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags, CSAN_SITE_PARAM);
CUresult __csan_cuMemFreeHost(void *p, CSAN_SITE_PARAM);
CUresult __csan_cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr,
                                         CSAN_SITE_PARAM);
CUresult __csan_cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags,
                                     CSAN_SITE_PARAM);
CUresult __csan_cuMemHostUnregister(void *p, CSAN_SITE_PARAM);
CUresult __csan_cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
                         CUmemGenericAllocationHandle handle, unsigned long long flags,
                         CSAN_SITE_PARAM);
CUresult __csan_cuMemUnmap(CUdeviceptr ptr, size_t size, CSAN_SITE_PARAM);
CUresult __csan_cuStreamWriteValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
                                        unsigned int flags, CSAN_SITE_PARAM);
CUresult __csan_cuStreamWriteValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
                                        unsigned int flags, CSAN_SITE_PARAM);
CUresult __csan_cuStreamWaitValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
                                       unsigned int flags, CSAN_SITE_PARAM);
CUresult __csan_cuStreamWaitValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
                                       unsigned int flags, CSAN_SITE_PARAM);

/* ------------------------------------------------------------------------
 * csan-host's entry points for library calls (api/csan_api_annotate.c).
 * ---------------------------------------------------------------------- */

/* {name, address} of each modelled library function a module calls. */
void __csan_lib_register(const void *fns, uint32_t n);
/* Precedes a call of a library function without a model. */
void __csan_lib_unchecked(const char *name, const csan_host_site *site);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_LIB_API_H */
