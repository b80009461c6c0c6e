/* csan_api_cublas.c: cuBLAS calls as operations on the handle's stream.
 *
 * Each modelled function (csan_lib.def) is one operation on the stream the
 * handle is bound to (cublasGetStream: what cublasSetStream set, the legacy
 * default stream when nothing was), named after the function and issued at
 * the caller's line. Its footprint comes from its arguments
 * (core/csan_libmodel.c): vectors with their increments, matrices with their
 * leading dimensions and transposes, band and packed storage, strided
 * batches; the operands it writes are writes, the others reads.
 *
 *  - Scalars (alpha, beta, rotation parameters) are read from device memory
 *    in CUBLAS_POINTER_MODE_DEVICE (cublasGetPointerMode), from the host
 *    otherwise.
 *  - Results (dot, nrm2, asum, i?amax, ...): written to device memory in
 *    device pointer mode; in host pointer mode the call returns once the
 *    result is there, so the host has waited for the operation.
 *  - A workspace the program set (cublasSetWorkspace) is written by every
 *    level-3 call on the handle (cuBLAS uses it for those; the model is
 *    conservative); cublasSetStream puts the handle back on cuBLAS's own
 *    workspace, as cuBLAS documents.
 *  - Batched calls with pointer arrays: the arrays are read; csan reads them
 *    (after the stream's earlier work, for itself) and checks each matrix,
 *    as one strided region when the pointers are evenly spaced.
 *  - cublasDestroy synchronizes the device (cuBLAS documents an implicit
 *    cudaDeviceSynchronize): the host observes all work.
 *  - cublasSet/GetVector/Matrix(Async) are copies (csan_rt_xfer.c's rules).
 *  - Triangular, symmetric and Hermitian matrices are checked as whole
 *    squares, band matrices as their whole band storage (wider than the
 *    call: see core/csan_libmodel.h).
 */
#include "csan_lib_api.h"
#include "csan_rt_device.h"
#include "csan_rt_lib.h"

#include <stdlib.h>
#include <string.h>

#define P(x) ((uint64_t)(uintptr_t)(x))
#define R CSAN_LM_READ
#define W CSAN_LM_WRITE

/* ------------------------------------------------------------------------
 * Handles: the user workspace (cublasSetWorkspace).
 * ---------------------------------------------------------------------- */

typedef struct ws_entry {
  csan_pair_key key; /* the handle */
  void *ws;
  size_t bytes;
} ws_entry;
static csan_rt_htab g_ws = CSAN_RT_HTAB_INIT(ws_entry);

static void ws_set(cublasHandle_t h, void *ws, size_t bytes) {
  ws_entry e = {{h, 0}, ws, bytes};
  csan_rt_htab_put(&g_ws, &e);
}

/* ------------------------------------------------------------------------
 * One call.
 * ---------------------------------------------------------------------- */

typedef struct blas_op {
  cudaStream_t stream;
  bool device_mode; /* scalars and results are device memory */
  bool blocks;      /* the host waits for the result */
  bool ptrs_unread; /* captured: pointer arrays csan could not read */
  void *ws;
  size_t ws_bytes;
  csan_lm_fp fp;
  csan_rt_libcall lc;
} blas_op;

/* False: pass the call through (csan off, another device, a capture, or a
 * handle cuBLAS does not know). */
static bool blas_begin(blas_op *b, cublasHandle_t h, const char *name,
                       const csan_host_site *site, const void *ra) {
  if (!csan_rt_active())
    return false;
  memset(b, 0, sizeof *b);
  CSAN_LIB_REAL_AS(get_stream, cublasGetStream_v2);
  CSAN_LIB_REAL_AS(get_mode, cublasGetPointerMode_v2);
  cudaStream_t s = NULL;
  if (get_stream && get_stream(h, &s) != CUBLAS_STATUS_SUCCESS)
    return false;
  csan_rt_lib_mode lm = csan_rt_lib_call_at(s, false, site, ra);
  if (lm == CSAN_LIB_OFF)
    return false;
  cublasPointerMode_t mode = CUBLAS_POINTER_MODE_HOST;
  if (get_mode)
    get_mode(h, &mode);
  b->stream = s;
  b->device_mode = mode == CUBLAS_POINTER_MODE_DEVICE;
  ws_entry e;
  if (csan_rt_htab_get(&g_ws, h, &e)) {
    b->ws = e.ws;
    b->ws_bytes = e.bytes;
  }
  csan_lm_init(&b->fp);
  csan_rt_lib_init(&b->lc, name, s, false, lm);
  return true;
}

/* A scalar argument: read from the device in device pointer mode. */
static void blas_scalar(blas_op *b, const char *name, const void *p, size_t bytes) {
  if (b->device_mode)
    csan_lm_linear(&b->fp, name, R, P(p), bytes);
}

/* A scalar result: written to the device, or waited for by the host. */
static void blas_result(blas_op *b, const void *p, size_t bytes) {
  if (b->device_mode)
    csan_lm_linear(&b->fp, "result", W, P(p), bytes);
  else
    b->blocks = true;
}

/* A scalar in/out argument (rotg, rotmg). */
static void blas_inout(blas_op *b, const char *name, const void *p, size_t bytes) {
  if (b->device_mode)
    csan_lm_linear(&b->fp, name, W, P(p), bytes);
}

/* The user workspace of the handle, written by level-3 calls. */
static void blas_workspace(blas_op *b) {
  if (b->ws && b->ws_bytes)
    csan_lm_linear(&b->fp, "workspace", W, P(b->ws), b->ws_bytes);
}

static void blas_issue(blas_op *b, const csan_host_site *site, const void *ra) {
  csan_rt_lib_fp(&b->lc, &b->fp);
  if (b->ptrs_unread)
    csan_rt_lib_unchecked("matrices of a batched library call captured into a graph",
                          "csan reads a batched call's pointer arrays from device memory, which "
                          "it cannot do during a stream capture: the arrays are checked, the "
                          "matrices they point to are not",
                          site);
  if (b->blocks)
    csan_rt_lib_blocks(&b->lc);
  csan_rt_lib_begin(&b->lc, site, ra);
}

/* The matrices (or vectors, cols == 1 and ld == inc) of a pointer array of
 * a batched call: the array is read; each element's operand is checked, as
 * one strided box when the pointers are evenly spaced. */
static void blas_ptr_array(blas_op *b, const char *operand, uint32_t access,
                           const void *const *arr, int64_t batch, int64_t rows, int64_t cols,
                           int64_t ld, uint64_t es) {
  if (!arr || batch <= 0 || rows <= 0 || cols <= 0)
    return;
  csan_lm_fp one;
  csan_lm_init(&one);
  csan_lm_linear(&one, operand, R, P(arr), (uint64_t)batch * sizeof(void *));
  csan_rt_lib_fp(&b->lc, &one);
  if (csan_rt_lib_capturing(&b->lc)) {
    /* csan reads the arrays after the stream's earlier work; during a
     * capture nothing may wait for the stream (a synchronization would
     * invalidate the capture), and the arrays may not hold their pointers
     * before the graph runs. */
    b->ptrs_unread = true;
    return;
  }
  uint64_t *ptrs = malloc((size_t)batch * sizeof *ptrs);
  if (!ptrs)
    return;
  if (!csan_rt_lib_read_after(b->stream, false, ptrs, P(arr), (size_t)batch * sizeof *ptrs)) {
    free(ptrs);
    return;
  }
  int64_t step = batch > 1 ? (int64_t)(ptrs[1] - ptrs[0]) : 0;
  bool even = true;
  for (int64_t i = 1; i < batch && even; i++)
    even = (int64_t)(ptrs[i] - ptrs[i - 1]) == step;
  if (even) {
    csan_lm_init(&one);
    csan_lm_dim d[3] = {{(uint64_t)rows, (int64_t)es},
                        {(uint64_t)cols, ld * (int64_t)es},
                        {(uint64_t)batch, step}};
    csan_lm_box(&one, operand, access, ptrs[0], es, d, 3);
    csan_rt_lib_fp(&b->lc, &one);
  } else {
    for (int64_t i = 0; i < batch; i++) {
      csan_lm_init(&one);
      csan_lm_mat(&one, operand, access, ptrs[i], rows, cols, ld, es);
      csan_rt_lib_fp(&b->lc, &one);
    }
  }
  free(ptrs);
}

/* A wrapper: the real function's prototype is checked against PARAMS
 * (CHECK), BODY fills b.fp from the arguments. */
#define BLAS_WRAPPER(NAME, PARAMS, ARGS, CHECK, ...)                                             \
  CHECK                                                                                         \
  CSAN_EXPORT cublasStatus_t __csan_##NAME(CSAN_EXPAND PARAMS, const csan_host_site *site) {    \
    static void *_Atomic real_cache_;                                                           \
    cublasStatus_t (*real)(CSAN_EXPAND PARAMS) =                                                \
        (cublasStatus_t (*)(CSAN_EXPAND PARAMS))csan_rt_lib_real(&real_cache_, #NAME);          \
    if (!real)                                                                                  \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                                     \
    blas_op b;                                                                                  \
    if (!blas_begin(&b, handle, #NAME, site, __builtin_return_address(0)))                      \
      return real(CSAN_EXPAND ARGS);                                                            \
    __VA_ARGS__;                                                                                \
    blas_issue(&b, site, __builtin_return_address(0));                                          \
    cublasStatus_t st_ = real(CSAN_EXPAND ARGS);                                                \
    csan_rt_lib_end(&b.lc, st_ == CUBLAS_STATUS_SUCCESS);                                       \
    return st_;                                                                                 \
  }
#define CHECKED(NAME, PARAMS) CSAN_LIB_CHECK(cublasStatus_t, NAME, PARAMS);
#define BLAS(NAME, PARAMS, ARGS, ...) BLAS_WRAPPER(NAME, PARAMS, ARGS, CHECKED(NAME, PARAMS), __VA_ARGS__)

static bool op_n(cublasOperation_t op) {
  return op == CUBLAS_OP_N || (int)op == CSAN_LM_OP_CONJG;
}

/* ------------------------------------------------------------------------
 * Level 1.
 * ---------------------------------------------------------------------- */

#define W_IAMAX(N, T, I)                                                                         \
  BLAS(N, (CSAN_P_IAMAX(T, I)), (CSAN_A_IAMAX), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       blas_result(&b, result, sizeof(I)))
CSAN_CUBLAS_IAMAX(W_IAMAX)

#define W_ASUM(N, T, RT, I)                                                                      \
  BLAS(N, (CSAN_P_ASUM(T, RT, I)), (CSAN_A_ASUM),                                              \
       csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); blas_result(&b, result, sizeof(RT)))
CSAN_CUBLAS_ASUM(W_ASUM)

#define W_AXPY(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_AXPY(T, I)), (CSAN_A_AXPY), blas_scalar(&b, "alpha", alpha, sizeof(T));        \
       csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T));                                     \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)))
CSAN_CUBLAS_AXPY(W_AXPY)

#define W_COPY(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_COPY(T, I)), (CSAN_A_COPY), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)))
CSAN_CUBLAS_COPY(W_COPY)

#define W_SWAP(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SWAP(T, I)), (CSAN_A_COPY), csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)))
CSAN_CUBLAS_SWAP(W_SWAP)

#define W_DOT(N, T, I)                                                                           \
  BLAS(N, (CSAN_P_DOT(T, I)), (CSAN_A_DOT), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", R, P(y), n, incy, sizeof(T)); blas_result(&b, result, sizeof(T)))
CSAN_CUBLAS_DOT(W_DOT)

#define W_ROT(N, T, C, S, I)                                                                     \
  BLAS(N, (CSAN_P_ROT(T, C, S, I)), (CSAN_A_ROT),                                              \
       csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T));                                     \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)); blas_scalar(&b, "c", c, sizeof(C)); \
       blas_scalar(&b, "s", s, sizeof(S)))
CSAN_CUBLAS_ROT(W_ROT)

#define W_ROTM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_ROTM(T, I)), (CSAN_A_ROTM), csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T));                                     \
       blas_scalar(&b, "param", param, 5 * sizeof(T)))
CSAN_CUBLAS_ROTM(W_ROTM)

#define W_ROTMG(N, T)                                                                            \
  BLAS(N, (CSAN_P_ROTMG(T)), (CSAN_A_ROTMG), blas_inout(&b, "d1", d1, sizeof(T));                \
       blas_inout(&b, "d2", d2, sizeof(T)); blas_inout(&b, "x1", x1, sizeof(T));                 \
       blas_scalar(&b, "y1", y1, sizeof(T)); blas_inout(&b, "param", param, 5 * sizeof(T)))
CSAN_CUBLAS_ROTMG(W_ROTMG)

#define W_SCAL(N, T, S, I)                                                                       \
  BLAS(N, (CSAN_P_SCAL(T, S, I)), (CSAN_A_SCAL), blas_scalar(&b, "alpha", alpha, sizeof(S));     \
       csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)))
CSAN_CUBLAS_SCAL(W_SCAL)

/* ------------------------------------------------------------------------
 * Level 2.
 * ---------------------------------------------------------------------- */

#define ALPHA_BETA(T)                                                                            \
  blas_scalar(&b, "alpha", alpha, sizeof(T));                                                    \
  blas_scalar(&b, "beta", beta, sizeof(T))

#define W_GEMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_GEMV(T, I)), (CSAN_A_GEMV),                                                   \
       csan_lm_gemv(&b.fp, trans, m, n, P(A), lda, 0, P(x), incx, 0, P(y), incy, 0, 1,           \
                    sizeof(T));                                                                 \
       ALPHA_BETA(T))
CSAN_CUBLAS_GEMV(W_GEMV)

#define W_GBMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_GBMV(T, I)), (CSAN_A_GBMV),                                                   \
       csan_lm_band(&b.fp, "A", R, P(A), (int64_t)kl + ku + 1, n, lda, sizeof(T));              \
       csan_lm_vec(&b.fp, "x", R, P(x), op_n(trans) ? n : m, incx, sizeof(T));                  \
       csan_lm_vec(&b.fp, "y", W, P(y), op_n(trans) ? m : n, incy, sizeof(T)); ALPHA_BETA(T))
CSAN_CUBLAS_GBMV(W_GBMV)

#define W_TRMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_TRMV(T, I)), (CSAN_A_TRMV), csan_lm_square(&b.fp, "A", R, P(A), n, lda, sizeof(T)); \
       csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)))
CSAN_CUBLAS_TRMV(W_TRMV)

#define W_TBMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_TBMV(T, I)), (CSAN_A_TBMV),                                                   \
       csan_lm_band(&b.fp, "A", R, P(A), (int64_t)k + 1, n, lda, sizeof(T));                    \
       csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)))
CSAN_CUBLAS_TBMV(W_TBMV)

#define W_TPMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_TPMV(T, I)), (CSAN_A_TPMV), csan_lm_packed(&b.fp, "AP", R, P(AP), n, sizeof(T)); \
       csan_lm_vec(&b.fp, "x", W, P(x), n, incx, sizeof(T)))
CSAN_CUBLAS_TPMV(W_TPMV)

#define W_SYMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SYMV(T, I)), (CSAN_A_SYMV), csan_lm_square(&b.fp, "A", R, P(A), n, lda, sizeof(T)); \
       csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T));                                     \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)); ALPHA_BETA(T))
CSAN_CUBLAS_SYMV(W_SYMV)

#define W_SBMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SBMV(T, I)), (CSAN_A_SBMV),                                                   \
       csan_lm_band(&b.fp, "A", R, P(A), (int64_t)k + 1, n, lda, sizeof(T));                    \
       csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T));                                     \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)); ALPHA_BETA(T))
CSAN_CUBLAS_SBMV(W_SBMV)

#define W_SPMV(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SPMV(T, I)), (CSAN_A_SPMV), csan_lm_packed(&b.fp, "AP", R, P(AP), n, sizeof(T)); \
       csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T));                                     \
       csan_lm_vec(&b.fp, "y", W, P(y), n, incy, sizeof(T)); ALPHA_BETA(T))
CSAN_CUBLAS_SPMV(W_SPMV)

#define W_GER(N, T, I)                                                                           \
  BLAS(N, (CSAN_P_GER(T, I)), (CSAN_A_GER),                                                     \
       csan_lm_ger(&b.fp, m, n, P(x), incx, P(y), incy, P(A), lda, sizeof(T));                  \
       blas_scalar(&b, "alpha", alpha, sizeof(T)))
CSAN_CUBLAS_GER(W_GER)

#define W_SYR(N, T, S, I)                                                                        \
  BLAS(N, (CSAN_P_SYR(T, S, I)), (CSAN_A_SYR), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_square(&b.fp, "A", W, P(A), n, lda, sizeof(T));                                   \
       blas_scalar(&b, "alpha", alpha, sizeof(S)))
CSAN_CUBLAS_SYR(W_SYR)

#define W_SYR2(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SYR2(T, I)), (CSAN_A_SYR2), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", R, P(y), n, incy, sizeof(T));                                     \
       csan_lm_square(&b.fp, "A", W, P(A), n, lda, sizeof(T));                                   \
       blas_scalar(&b, "alpha", alpha, sizeof(T)))
CSAN_CUBLAS_SYR2(W_SYR2)

#define W_SPR(N, T, S, I)                                                                        \
  BLAS(N, (CSAN_P_SPR(T, S, I)), (CSAN_A_SPR), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_packed(&b.fp, "AP", W, P(AP), n, sizeof(T));                                      \
       blas_scalar(&b, "alpha", alpha, sizeof(S)))
CSAN_CUBLAS_SPR(W_SPR)

#define W_SPR2(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SPR2(T, I)), (CSAN_A_SPR2), csan_lm_vec(&b.fp, "x", R, P(x), n, incx, sizeof(T)); \
       csan_lm_vec(&b.fp, "y", R, P(y), n, incy, sizeof(T));                                     \
       csan_lm_packed(&b.fp, "AP", W, P(AP), n, sizeof(T));                                      \
       blas_scalar(&b, "alpha", alpha, sizeof(T)))
CSAN_CUBLAS_SPR2(W_SPR2)

/* A vector of a batched gemv as a one-column matrix. */
#define BATCH_VEC(name, acc, arr, len, inc, T)                                                   \
  blas_ptr_array(&b, name, acc, (const void *const *)(arr), batchCount, 1, len,                 \
                 (inc) < 0 ? -(int64_t)(inc) : (int64_t)(inc), sizeof(T))

#define W_GEMV_BATCHED(N, T, I)                                                                  \
  BLAS(N, (CSAN_P_GEMV_BATCHED(T, I)), (CSAN_A_GEMV_BATCHED),                                   \
       blas_ptr_array(&b, "Aarray", R, (const void *const *)Aarray, batchCount, m, n, lda,       \
                      sizeof(T));                                                               \
       BATCH_VEC("xarray", R, xarray, op_n(trans) ? n : m, incx, T);                            \
       BATCH_VEC("yarray", W, yarray, op_n(trans) ? m : n, incy, T); ALPHA_BETA(T))
CSAN_CUBLAS_GEMV_BATCHED(W_GEMV_BATCHED)

#define W_GEMV_STRIDED(N, T, I)                                                                  \
  BLAS(N, (CSAN_P_GEMV_STRIDED(T, I)), (CSAN_A_GEMV_STRIDED),                                   \
       csan_lm_gemv(&b.fp, trans, m, n, P(A), lda, strideA, P(x), incx, stridex, P(y), incy,     \
                    stridey, batchCount, sizeof(T));                                            \
       ALPHA_BETA(T))
CSAN_CUBLAS_GEMV_STRIDED(W_GEMV_STRIDED)

/* ------------------------------------------------------------------------
 * Level 3.
 * ---------------------------------------------------------------------- */

#define GEMM_BODY(ES)                                                                            \
  csan_lm_gemm(&b.fp, transa, transb, m, n, k, P(A), lda, 0, P(B), ldb, 0, P(C), ldc, 0, 1, ES,  \
               ES, ES);                                                                         \
  blas_scalar(&b, "alpha", alpha, ES);                                                           \
  blas_scalar(&b, "beta", beta, ES);                                                             \
  blas_workspace(&b)
#define W_GEMM(N, T, I) BLAS(N, (CSAN_P_GEMM(T, I)), (CSAN_A_GEMM), GEMM_BODY(sizeof(T)))
CSAN_CUBLAS_GEMM(W_GEMM)

#define GEMM_STRIDED_BODY(ES)                                                                    \
  csan_lm_gemm(&b.fp, transa, transb, m, n, k, P(A), lda, strideA, P(B), ldb, strideB, P(C),     \
               ldc, strideC, batchCount, ES, ES, ES);                                           \
  blas_scalar(&b, "alpha", alpha, ES);                                                           \
  blas_scalar(&b, "beta", beta, ES);                                                             \
  blas_workspace(&b)
#define W_GEMM_STRIDED(N, T, I)                                                                  \
  BLAS(N, (CSAN_P_GEMM_STRIDED(T, I)), (CSAN_A_GEMM_STRIDED), GEMM_STRIDED_BODY(sizeof(T)))
CSAN_CUBLAS_GEMM_STRIDED(W_GEMM_STRIDED)

/* The operands of a gemm with pointer arrays. */
static void gemm_arrays(blas_op *b, cublasOperation_t ta, cublasOperation_t tb, int64_t m,
                        int64_t n, int64_t k, const void *const *A, int64_t lda,
                        const void *const *B, int64_t ldb, const void *const *C, int64_t ldc,
                        int64_t batch, uint64_t es_a, uint64_t es_b, uint64_t es_c) {
  int64_t ar, ac, br, bc;
  csan_lm_op_shape(ta, m, k, &ar, &ac);
  csan_lm_op_shape(tb, k, n, &br, &bc);
  if (k > 0) {
    blas_ptr_array(b, "Aarray", R, A, batch, ar, ac, lda, es_a);
    blas_ptr_array(b, "Barray", R, B, batch, br, bc, ldb, es_b);
  }
  blas_ptr_array(b, "Carray", W, C, batch, m, n, ldc, es_c);
}

#define GEMM_BATCHED_BODY(ES)                                                                    \
  gemm_arrays(&b, transa, transb, m, n, k, (const void *const *)Aarray, lda,                     \
              (const void *const *)Barray, ldb, (const void *const *)Carray, ldc, batchCount,   \
              ES, ES, ES);                                                                      \
  blas_scalar(&b, "alpha", alpha, ES);                                                           \
  blas_scalar(&b, "beta", beta, ES);                                                             \
  blas_workspace(&b)
#define W_GEMM_BATCHED(N, T, I)                                                                  \
  BLAS(N, (CSAN_P_GEMM_BATCHED(T, I)), (CSAN_A_GEMM_BATCHED), GEMM_BATCHED_BODY(sizeof(T)))
CSAN_CUBLAS_GEMM_BATCHED(W_GEMM_BATCHED)

/* Half precision: declared for C++ only by cublas_api.h (no check). */
#define W_HGEMM(N, I) BLAS_WRAPPER(N, (CSAN_P_HGEMM(I)), (CSAN_A_GEMM), , GEMM_BODY(2))
#define W_HGEMM_STRIDED(N, I)                                                                    \
  BLAS_WRAPPER(N, (CSAN_P_HGEMM_STRIDED(I)), (CSAN_A_GEMM_STRIDED), , GEMM_STRIDED_BODY(2))
#define W_HGEMM_BATCHED(N, I)                                                                    \
  BLAS_WRAPPER(N, (CSAN_P_HGEMM_BATCHED(I)), (CSAN_A_GEMM_BATCHED), , GEMM_BATCHED_BODY(2))
CSAN_X2I(W_HGEMM, cublasHgemm)
CSAN_X2I(W_HGEMM_STRIDED, cublasHgemmStridedBatched)
CSAN_X2I(W_HGEMM_BATCHED, cublasHgemmBatched)

#define W_SYMM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_SYMM(T, I)), (CSAN_A_SYMM),                                                   \
       csan_lm_symm(&b.fp, side, m, n, P(A), lda, P(B), ldb, P(C), ldc, sizeof(T));             \
       ALPHA_BETA(T); blas_workspace(&b))
CSAN_CUBLAS_SYMM(W_SYMM)

#define W_SYRK(N, T, S, I)                                                                       \
  BLAS(N, (CSAN_P_SYRK(T, S, I)), (CSAN_A_SYRK),                                                \
       csan_lm_syrk(&b.fp, trans, n, k, P(A), lda, 0, 0, P(C), ldc, sizeof(T)); ALPHA_BETA(S);  \
       blas_workspace(&b))
CSAN_CUBLAS_SYRK(W_SYRK)

#define W_SYR2K(N, T, S, I)                                                                      \
  BLAS(N, (CSAN_P_SYR2K(T, S, I)), (CSAN_A_SYR2K),                                              \
       csan_lm_syrk(&b.fp, trans, n, k, P(A), lda, P(B), ldb, P(C), ldc, sizeof(T));            \
       blas_scalar(&b, "alpha", alpha, sizeof(T)); blas_scalar(&b, "beta", beta, sizeof(S));    \
       blas_workspace(&b))
CSAN_CUBLAS_SYR2K(W_SYR2K)

#define W_TRMM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_TRMM(T, I)), (CSAN_A_TRMM),                                                   \
       csan_lm_trmm(&b.fp, side, m, n, P(A), lda, P(B), ldb, P(C), ldc, sizeof(T));             \
       blas_scalar(&b, "alpha", alpha, sizeof(T)); blas_workspace(&b))
CSAN_CUBLAS_TRMM(W_TRMM)

#define W_TRSM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_TRSM(T, I)), (CSAN_A_TRSM),                                                   \
       csan_lm_trsm(&b.fp, side, m, n, P(A), lda, P(B), ldb, sizeof(T));                        \
       blas_scalar(&b, "alpha", alpha, sizeof(T)); blas_workspace(&b))
CSAN_CUBLAS_TRSM(W_TRSM)

#define W_TRSM_BATCHED(N, T, I)                                                                  \
  BLAS(N, (CSAN_P_TRSM_BATCHED(T, I)), (CSAN_A_TRSM_BATCHED),                                   \
       blas_ptr_array(&b, "A", R, (const void *const *)A, batchCount,                           \
                      side == CUBLAS_SIDE_LEFT ? m : n, side == CUBLAS_SIDE_LEFT ? m : n, lda,  \
                      sizeof(T));                                                               \
       blas_ptr_array(&b, "B", W, (const void *const *)B, batchCount, m, n, ldb, sizeof(T));    \
       blas_scalar(&b, "alpha", alpha, sizeof(T)); blas_workspace(&b))
CSAN_CUBLAS_TRSM_BATCHED(W_TRSM_BATCHED)

#define W_GEAM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_GEAM(T, I)), (CSAN_A_GEAM),                                                   \
       csan_lm_geam(&b.fp, transa, transb, m, n, P(A), lda, P(B), ldb, P(C), ldc, sizeof(T));   \
       ALPHA_BETA(T))
CSAN_CUBLAS_GEAM(W_GEAM)

#define W_DGMM(N, T, I)                                                                          \
  BLAS(N, (CSAN_P_DGMM(T, I)), (CSAN_A_DGMM),                                                   \
       csan_lm_dgmm(&b.fp, mode, m, n, P(A), lda, P(x), incx, P(C), ldc, sizeof(T)))
CSAN_CUBLAS_DGMM(W_DGMM)

/* cublasGemmEx and its batches: element sizes from the data types, the
 * scalars' from the compute type (complex when C is). */
static uint64_t ex_bytes(cudaDataType t) {
  return csan_lm_dtype_bits(t) / 8;
}

static uint64_t ex_scalar(cublasComputeType_t c, cudaDataType ctype) {
  return csan_lm_compute_bits(c) / 8 * (csan_lm_dtype_is_complex(ctype) ? 2 : 1);
}

#define EX_SCALARS                                                                               \
  blas_scalar(&b, "alpha", alpha, ex_scalar(computeType, Ctype));                                \
  blas_scalar(&b, "beta", beta, ex_scalar(computeType, Ctype));                                  \
  blas_workspace(&b)

#define W_GEMM_EX(N, I)                                                                          \
  BLAS(N, (CSAN_P_GEMM_EX(I)), (CSAN_A_GEMM_EX),                                                \
       csan_lm_gemm(&b.fp, transa, transb, m, n, k, P(A), lda, 0, P(B), ldb, 0, P(C), ldc, 0, 1, \
                    ex_bytes(Atype), ex_bytes(Btype), ex_bytes(Ctype));                         \
       EX_SCALARS)
CSAN_X2I(W_GEMM_EX, cublasGemmEx)

#define W_GEMM_STRIDED_EX(N, I)                                                                  \
  BLAS(N, (CSAN_P_GEMM_STRIDED_EX(I)), (CSAN_A_GEMM_STRIDED_EX),                                \
       csan_lm_gemm(&b.fp, transa, transb, m, n, k, P(A), lda, strideA, P(B), ldb, strideB,      \
                    P(C), ldc, strideC, batchCount, ex_bytes(Atype), ex_bytes(Btype),           \
                    ex_bytes(Ctype));                                                           \
       EX_SCALARS)
CSAN_X2I(W_GEMM_STRIDED_EX, cublasGemmStridedBatchedEx)

#define W_GEMM_BATCHED_EX(N, I)                                                                  \
  BLAS(N, (CSAN_P_GEMM_BATCHED_EX(I)), (CSAN_A_GEMM_BATCHED_EX),                                \
       gemm_arrays(&b, transa, transb, m, n, k, Aarray, lda, Barray, ldb,                        \
                   (const void *const *)Carray, ldc, batchCount, ex_bytes(Atype),               \
                   ex_bytes(Btype), ex_bytes(Ctype));                                           \
       EX_SCALARS)
CSAN_X2I(W_GEMM_BATCHED_EX, cublasGemmBatchedEx)

/* rotg: its `b` parameter hides the call's state, so it has its own shape. */
#define W_ROTG_(N, T, C)                                                                         \
  CSAN_LIB_CHECK(cublasStatus_t, N, (CSAN_P_ROTG(T, C)));                                       \
  CSAN_EXPORT cublasStatus_t __csan_##N(CSAN_P_ROTG(T, C), const csan_host_site *site) {        \
    static void *_Atomic real_cache_;                                                           \
    cublasStatus_t (*real)(CSAN_P_ROTG(T, C)) =                                                 \
        (cublasStatus_t (*)(CSAN_P_ROTG(T, C)))csan_rt_lib_real(&real_cache_, #N);              \
    if (!real)                                                                                  \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                                     \
    blas_op bo;                                                                                 \
    if (!blas_begin(&bo, handle, #N, site, __builtin_return_address(0)))                        \
      return real(CSAN_A_ROTG);                                                                 \
    blas_inout(&bo, "a", a, sizeof(T));                                                         \
    blas_inout(&bo, "b", b, sizeof(T));                                                         \
    blas_inout(&bo, "c", c, sizeof(C));                                                         \
    blas_inout(&bo, "s", s, sizeof(T));                                                         \
    blas_issue(&bo, site, __builtin_return_address(0));                                         \
    cublasStatus_t st_ = real(CSAN_A_ROTG);                                                     \
    csan_rt_lib_end(&bo.lc, st_ == CUBLAS_STATUS_SUCCESS);                                      \
    return st_;                                                                                 \
  }
CSAN_CUBLAS_ROTG(W_ROTG_)

/* ------------------------------------------------------------------------
 * Copies between host and device (no handle; the Async ones on a stream).
 * ---------------------------------------------------------------------- */

/* A strided vector or matrix as a region of csan_rt_shadow.h. */
static csan_region strided(const void *p, int64_t rows, int64_t cols, int64_t ld, int64_t es) {
  csan_region r = {P(p), 0, 0, 0, 1, 0};
  if (rows <= 0 || cols <= 0 || es <= 0)
    return r;
  if (ld < 0)
    ld = -ld;
  r.width = (uint64_t)(rows * es);
  r.rows = (uint64_t)cols;
  r.pitch = (uint64_t)(ld * es);
  if (r.rows == 1 || r.pitch == r.width) {
    r.width *= r.rows;
    r.rows = 1;
    r.pitch = r.width;
  }
  return r;
}

/* One copy of rows x cols elements of es bytes from src (columns lds
 * elements apart) to dst (ldd apart). */
static cublasStatus_t blas_copy(const char *api, bool sync, cudaStream_t stream, void *dst,
                                int64_t ldd, const void *src, int64_t lds, int64_t rows,
                                int64_t cols, int64_t es, cublasStatus_t (*call)(void *),
                                void *arg, const csan_host_site *site, const void *ra) {
  if (!csan_rt_lib_active_at(sync ? NULL : stream, false, site, ra))
    return call(arg);
  csan_rt_xfer x;
  csan_rt_xfer_init(&x, api, sync, false, stream);
  x.bytes = rows > 0 && cols > 0 && es > 0 ? (uint64_t)(rows * cols * es) : 0;
  csan_rt_xfer_copy(&x, dst, strided(dst, rows, cols, ldd, es), src,
                    strided(src, rows, cols, lds, es));
  csan_rt_op o;
  if (!csan_rt_xfer_begin(&x, &o, site, ra)) {
    csan_rt_xfer_free(&x);
    return call(arg);
  }
  cublasStatus_t st = call(arg);
  csan_rt_xfer_end(&x, &o, st == CUBLAS_STATUS_SUCCESS);
  return st;
}

typedef struct copy_call {
  void *real;
  int64_t a[8];
  const void *p[2];
  cudaStream_t s;
  int kind;
} copy_call;

enum { CK_VEC, CK_VEC64, CK_MAT, CK_MAT64, CK_VEC_A, CK_VEC64_A, CK_MAT_A, CK_MAT64_A };

/* Calls the real function of a copy with its own argument types. */
static cublasStatus_t copy_real(void *arg) {
  copy_call *c = arg;
  int64_t *a = c->a;
  switch (c->kind) {
  case CK_VEC:
    return ((cublasStatus_t (*)(CSAN_P_SETVEC(int)))c->real)(
        (int)a[0], (int)a[1], c->p[0], (int)a[2], (void *)c->p[1], (int)a[3]);
  case CK_VEC64:
    return ((cublasStatus_t (*)(CSAN_P_SETVEC(int64_t)))c->real)(a[0], a[1], c->p[0], a[2],
                                                                (void *)c->p[1], a[3]);
  case CK_VEC_A:
    return ((cublasStatus_t (*)(CSAN_P_SETVEC_ASYNC(int)))c->real)(
        (int)a[0], (int)a[1], c->p[0], (int)a[2], (void *)c->p[1], (int)a[3], c->s);
  case CK_VEC64_A:
    return ((cublasStatus_t (*)(CSAN_P_SETVEC_ASYNC(int64_t)))c->real)(
        a[0], a[1], c->p[0], a[2], (void *)c->p[1], a[3], c->s);
  case CK_MAT:
    return ((cublasStatus_t (*)(CSAN_P_SETMAT(int)))c->real)(
        (int)a[0], (int)a[1], (int)a[2], c->p[0], (int)a[3], (void *)c->p[1], (int)a[4]);
  case CK_MAT64:
    return ((cublasStatus_t (*)(CSAN_P_SETMAT(int64_t)))c->real)(a[0], a[1], a[2], c->p[0],
                                                                a[3], (void *)c->p[1], a[4]);
  case CK_MAT_A:
    return ((cublasStatus_t (*)(CSAN_P_SETMAT_ASYNC(int)))c->real)(
        (int)a[0], (int)a[1], (int)a[2], c->p[0], (int)a[3], (void *)c->p[1], (int)a[4], c->s);
  case CK_MAT64_A:
  default:
    return ((cublasStatus_t (*)(CSAN_P_SETMAT_ASYNC(int64_t)))c->real)(
        a[0], a[1], a[2], c->p[0], a[3], (void *)c->p[1], a[4], c->s);
  }
}

/* Vectors: n elements of elemSize, incx / incy apart (elements). */
#define W_VEC(N, I, KIND, PARAMS, STREAM, SYNC, DSTP, SRCP)                                      \
  CSAN_LIB_CHECK(cublasStatus_t, N, PARAMS);                                                    \
  CSAN_EXPORT cublasStatus_t __csan_##N(CSAN_EXPAND PARAMS, const csan_host_site *site) {       \
    static void *_Atomic real_cache_;                                                           \
    copy_call c = {csan_rt_lib_real(&real_cache_, #N),                                          \
                   {n, elemSize, incx, incy},                                                   \
                   {SRCP, DSTP},                                                                \
                   STREAM,                                                                      \
                   KIND};                                                                       \
    if (!c.real)                                                                                \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                                     \
    return blas_copy(#N, SYNC, STREAM, (void *)(DSTP), incy, SRCP, incx, 1, n, elemSize,       \
                     copy_real, &c, site, __builtin_return_address(0));                         \
  }
/* (a vector is a 1 x n matrix whose columns are inc elements apart) */
W_VEC(cublasSetVector, int, CK_VEC, (CSAN_P_SETVEC(int)), NULL, true, devicePtr, x)
W_VEC(cublasSetVector_64, int64_t, CK_VEC64, (CSAN_P_SETVEC(int64_t)), NULL, true, devicePtr, x)
W_VEC(cublasGetVector, int, CK_VEC, (CSAN_P_GETVEC(int)), NULL, true, y, x)
W_VEC(cublasGetVector_64, int64_t, CK_VEC64, (CSAN_P_GETVEC(int64_t)), NULL, true, y, x)
W_VEC(cublasSetVectorAsync, int, CK_VEC_A, (CSAN_P_SETVEC_ASYNC(int)), stream, false, devicePtr, x)
W_VEC(cublasSetVectorAsync_64, int64_t, CK_VEC64_A, (CSAN_P_SETVEC_ASYNC(int64_t)), stream,
      false, devicePtr, x)
W_VEC(cublasGetVectorAsync, int, CK_VEC_A, (CSAN_P_GETVEC_ASYNC(int)), stream, false, y, x)
W_VEC(cublasGetVectorAsync_64, int64_t, CK_VEC64_A, (CSAN_P_GETVEC_ASYNC(int64_t)), stream,
      false, y, x)

/* Matrices: rows x cols elements of elemSize, column-major, lda / ldb. */
#define W_MAT(N, I, KIND, PARAMS, STREAM, SYNC)                                                  \
  CSAN_LIB_CHECK(cublasStatus_t, N, PARAMS);                                                    \
  CSAN_EXPORT cublasStatus_t __csan_##N(CSAN_EXPAND PARAMS, const csan_host_site *site) {       \
    static void *_Atomic real_cache_;                                                           \
    copy_call c = {csan_rt_lib_real(&real_cache_, #N), {rows, cols, elemSize, lda, ldb},        \
                   {A, B}, STREAM, KIND};                                                       \
    if (!c.real)                                                                                \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                                     \
    return blas_copy(#N, SYNC, STREAM, B, ldb, A, lda, rows, cols, elemSize, copy_real, &c,     \
                     site, __builtin_return_address(0));                                        \
  }
W_MAT(cublasSetMatrix, int, CK_MAT, (CSAN_P_SETMAT(int)), NULL, true)
W_MAT(cublasSetMatrix_64, int64_t, CK_MAT64, (CSAN_P_SETMAT(int64_t)), NULL, true)
W_MAT(cublasGetMatrix, int, CK_MAT, (CSAN_P_SETMAT(int)), NULL, true)
W_MAT(cublasGetMatrix_64, int64_t, CK_MAT64, (CSAN_P_SETMAT(int64_t)), NULL, true)
W_MAT(cublasSetMatrixAsync, int, CK_MAT_A, (CSAN_P_SETMAT_ASYNC(int)), stream, false)
W_MAT(cublasSetMatrixAsync_64, int64_t, CK_MAT64_A, (CSAN_P_SETMAT_ASYNC(int64_t)), stream, false)
W_MAT(cublasGetMatrixAsync, int, CK_MAT_A, (CSAN_P_SETMAT_ASYNC(int)), stream, false)
W_MAT(cublasGetMatrixAsync_64, int64_t, CK_MAT64_A, (CSAN_P_SETMAT_ASYNC(int64_t)), stream, false)

/* ------------------------------------------------------------------------
 * The handle.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cublasStatus_t __csan_cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId,
                                                     const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cublasSetStream_v2);
  if (!real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t st = real(handle, streamId);
  /* "unconditionally resets the cuBLAS library workspace back to the default
   * workspace pool" */
  if (st == CUBLAS_STATUS_SUCCESS)
    ws_set(handle, NULL, 0);
  return st;
}

CSAN_EXPORT cublasStatus_t __csan_cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace,
                                                        size_t workspaceSizeInBytes,
                                                        const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cublasSetWorkspace_v2);
  if (!real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasStatus_t st = real(handle, workspace, workspaceSizeInBytes);
  if (st == CUBLAS_STATUS_SUCCESS)
    ws_set(handle, workspace, workspace ? workspaceSizeInBytes : 0);
  return st;
}

CSAN_EXPORT cublasStatus_t __csan_cublasDestroy_v2(cublasHandle_t handle,
                                                   const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, cublasDestroy_v2);
  if (!real)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  bool on = csan_rt_active() && csan_rt_on_device();
  csan_vc all;
  if (on)
    csan_model_device_clock(csan_g.model, &all);
  cublasStatus_t st = real(handle);
  if (st == CUBLAS_STATUS_SUCCESS) {
    ws_set(handle, NULL, 0);
    /* "the release of those resources ... will implicitly call
     * cudaDeviceSynchronize()" */
    if (on)
      csan_rt_host_observed(&all);
  }
  return st;
}
