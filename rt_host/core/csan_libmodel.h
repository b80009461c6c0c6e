/* csan_libmodel.h: the byte footprints of library calls, from their
 * arguments (CUDA-free; tested on the CPU in test/unit/libmodel).
 *
 * A footprint is a short list of strided regions, each read or written:
 *   base + s * slice_pitch + r * pitch + [0, width)   r < rows, s < slices
 * (the shape csan's range kernel checks, csan_rk_access). The models know
 * the libraries' data layouts: BLAS vectors with increments and column-major
 * matrices with leading dimensions (transposes choose which dimension is
 * which), band and packed storage, strided batches, cuBLASLt layouts (order,
 * leading dimension, batches), cuFFT plans (basic and advanced layouts,
 * in-place padding of real transforms), cuSPARSE CSR/CSC/COO matrices and
 * dense vectors and matrices, cuRAND outputs and NCCL collectives.
 *
 * Everything is a pure function of its arguments: the CUDA glue
 * (rt_host/cuda/api/csan_api_<library>.c) reads the arguments and the
 * library's descriptors and passes plain numbers here. Enumerations are the
 * libraries' own values, restated below (the glue checks them against the
 * headers with static assertions).
 *
 * Shapes that would need more regions than a footprint holds are widened to
 * the hull of the bytes they span (`approximated` counts them), never
 * narrowed: a footprint may name bytes the call does not touch, but never
 * leaves out bytes it does. Where a model is knowingly wider than the call
 * (the unreferenced triangle of a triangular or symmetric matrix, the unused
 * corners of band storage) the function says so.
 */
#ifndef CSAN_LIBMODEL_H
#define CSAN_LIBMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CSAN_LM_MAX_REGIONS 24

/* Access kinds (csan_abi.h's CSAN_ACC_READ / CSAN_ACC_WRITE / ATOMIC). */
#define CSAN_LM_READ 0u
#define CSAN_LM_WRITE 1u
#define CSAN_LM_ATOMIC 2u

typedef struct csan_lm_region {
  uint64_t base, width, rows, pitch, slices, slice_pitch;
  uint32_t access;     /* CSAN_LM_READ / CSAN_LM_WRITE (| CSAN_LM_ATOMIC) */
  const char *operand; /* what the region is to the call: "A", "x", "recvbuff", ... */
} csan_lm_region;

typedef struct csan_lm_fp {
  size_t n;
  unsigned approximated; /* shapes widened to their hull */
  unsigned dropped;      /* regions left out: the footprint was full (never by the models here) */
  csan_lm_region r[CSAN_LM_MAX_REGIONS];
} csan_lm_fp;

/* One dimension of a box: count elements, stride bytes apart (may be
 * negative: the same bytes as the positive stride from the other end). */
typedef struct csan_lm_dim {
  uint64_t count;
  int64_t stride;
} csan_lm_dim;

void csan_lm_init(csan_lm_fp *fp);
/* Bytes a region covers (width * rows * slices; overlaps counted twice). */
uint64_t csan_lm_region_bytes(const csan_lm_region *r);
/* The lowest and one past the highest byte of a region. */
void csan_lm_region_span(const csan_lm_region *r, uint64_t *lo, uint64_t *hi);

/* Adds base + sum_i k_i * dims[i].stride + [0, elem) for every k_i <
 * dims[i].count (dims[0] innermost). Contiguous dimensions merge; a zero
 * count (or a null base) adds nothing. */
void csan_lm_box(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                 uint64_t elem, const csan_lm_dim *dims, size_t ndims);
/* [base, base + bytes). */
void csan_lm_linear(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                    uint64_t bytes);

/* ------------------------------------------------------------------------
 * BLAS (cuBLAS). Operations: 0 N, 1 T, 2 C (cublasOperation_t); conjugate
 * transposes have the transpose's footprint. Sizes are in elements, `es`
 * bytes each; leading dimensions and strides in elements.
 * ---------------------------------------------------------------------- */

#define CSAN_LM_OP_N 0
#define CSAN_LM_OP_T 1
#define CSAN_LM_OP_C 2
#define CSAN_LM_OP_CONJG 3 /* CUBLAS_OP_CONJG: conjugate, not transposed */

/* A vector of n elements, inc apart (BLAS: a negative increment walks the
 * same elements backwards, x still pointing at the lowest; 0 means one
 * element). */
void csan_lm_vec(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t x, int64_t n,
                 int64_t inc, uint64_t es);
/* A column-major rows x cols matrix with leading dimension ld. */
void csan_lm_mat(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a, int64_t rows,
                 int64_t cols, int64_t ld, uint64_t es);
/* The same, batch matrices stride elements apart. */
void csan_lm_mat_batched(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                         int64_t rows, int64_t cols, int64_t ld, uint64_t es, int64_t batch,
                         int64_t stride);
/* The stored shape of op(X) when op(X) is rows x cols. */
void csan_lm_op_shape(int op, int64_t rows, int64_t cols, int64_t *srows, int64_t *scols);
/* An n x n triangular, symmetric or Hermitian matrix: csan checks the whole
 * square (both triangles: the model is wider than the call). */
void csan_lm_square(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a, int64_t n,
                    int64_t ld, uint64_t es);
/* Band storage: band_rows x n at ld (gbmv: kl + ku + 1 rows; sbmv, tbmv:
 * k + 1). The unused corners of the band array are included. */
void csan_lm_band(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                  int64_t band_rows, int64_t n, int64_t ld, uint64_t es);
/* Packed triangle: n (n + 1) / 2 elements. */
void csan_lm_packed(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t ap, int64_t n,
                    uint64_t es);

/* C = alpha op(A) op(B) + beta C: A, B read, C written (a write covers the
 * read of C). batch > 1: strided batches (strides in elements). */
void csan_lm_gemm(csan_lm_fp *fp, int transa, int transb, int64_t m, int64_t n, int64_t k,
                  uint64_t a, int64_t lda, int64_t stride_a, uint64_t b, int64_t ldb,
                  int64_t stride_b, uint64_t c, int64_t ldc, int64_t stride_c, int64_t batch,
                  uint64_t es_a, uint64_t es_b, uint64_t es_c);

/* The other BLAS routines whose footprints depend on transposes or sides
 * (side: 0 left, 1 right, cublasSideMode_t). es: element bytes. */
#define CSAN_LM_SIDE_LEFT 0
#define CSAN_LM_SIDE_RIGHT 1
/* y = alpha op(A) x + beta y: A m x n; x has n elements (op N) or m; y the
 * other count, written. batch > 1: strided batches (strides in elements). */
void csan_lm_gemv(csan_lm_fp *fp, int trans, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  int64_t stride_a, uint64_t x, int64_t incx, int64_t stride_x, uint64_t y,
                  int64_t incy, int64_t stride_y, int64_t batch, uint64_t es);
/* A += alpha x y^T: x m, y n read; A m x n written. */
void csan_lm_ger(csan_lm_fp *fp, int64_t m, int64_t n, uint64_t x, int64_t incx, uint64_t y,
                 int64_t incy, uint64_t a, int64_t lda, uint64_t es);
/* C = alpha A B + beta C (side left, A m x m) or B A (right, A n x n). */
void csan_lm_symm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es);
/* C (n x n) = alpha op(A) op(A)^T + beta C, op(A) n x k; with b (syr2k,
 * syrkx, her2k, herkx) also op(B), the same shape. */
void csan_lm_syrk(csan_lm_fp *fp, int trans, int64_t n, int64_t k, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es);
/* C (m x n) = alpha op(A) B (left, A m x m) or B op(A) (right, A n x n);
 * B read, C written (cuBLAS's out-of-place trmm; C may be B). */
void csan_lm_trmm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es);
/* op(A) X = alpha B (left) or X op(A) = alpha B (right): B (m x n)
 * overwritten with X. batch > 1 with pointer arrays is the caller's. */
void csan_lm_trsm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t es);
/* C = alpha op(A) + beta op(B): op(A), op(B), C all m x n. */
void csan_lm_geam(csan_lm_fp *fp, int transa, int transb, int64_t m, int64_t n, uint64_t a,
                  int64_t lda, uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es);
/* C = A diag(x) (right, x n elements) or diag(x) A (left, x m). */
void csan_lm_dgmm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t x, int64_t incx, uint64_t c, int64_t ldc, uint64_t es);

/* ------------------------------------------------------------------------
 * Data types: bits per element of a cudaDataType (0: unknown).
 * ---------------------------------------------------------------------- */

/* cudaDataType values (library_types.h). */
#define CSAN_LM_R_32F 0
#define CSAN_LM_R_64F 1
#define CSAN_LM_R_16F 2
#define CSAN_LM_R_8I 3
#define CSAN_LM_C_32F 4
#define CSAN_LM_C_64F 5
#define CSAN_LM_C_16F 6
#define CSAN_LM_C_8I 7
#define CSAN_LM_R_8U 8
#define CSAN_LM_C_8U 9
#define CSAN_LM_R_32I 10
#define CSAN_LM_C_32I 11
#define CSAN_LM_R_32U 12
#define CSAN_LM_C_32U 13
#define CSAN_LM_R_16BF 14
#define CSAN_LM_C_16BF 15
#define CSAN_LM_R_4I 16
#define CSAN_LM_C_4I 17
#define CSAN_LM_R_4U 18
#define CSAN_LM_C_4U 19
#define CSAN_LM_R_16I 20
#define CSAN_LM_C_16I 21
#define CSAN_LM_R_16U 22
#define CSAN_LM_C_16U 23
#define CSAN_LM_R_64I 24
#define CSAN_LM_C_64I 25
#define CSAN_LM_R_64U 26
#define CSAN_LM_C_64U 27
#define CSAN_LM_R_8F_E4M3 28
#define CSAN_LM_R_8F_E5M2 29
#define CSAN_LM_R_8F_UE8M0 30
#define CSAN_LM_R_6F_E2M3 31
#define CSAN_LM_R_6F_E3M2 32
#define CSAN_LM_R_4F_E2M1 33
unsigned csan_lm_dtype_bits(int dtype);
/* A complex cudaDataType (C_*). */
bool csan_lm_dtype_is_complex(int dtype);
/* Bytes of count elements of bits each (rounded up). */
uint64_t csan_lm_bits_bytes(uint64_t count, unsigned bits);
/* The scalar type of a cublasComputeType_t (alpha and beta of gemmEx):
 * bits of one real component; complex when the output type is complex. */
unsigned csan_lm_compute_bits(int compute_type);

/* ------------------------------------------------------------------------
 * cuBLASLt: a matrix layout (cublasLtMatrixLayout_t's attributes).
 * ---------------------------------------------------------------------- */

#define CSAN_LM_ORDER_COL 0 /* cublasLtOrder_t */
#define CSAN_LM_ORDER_ROW 1
typedef struct csan_lm_layout {
  int dtype;      /* cudaDataType */
  int order;      /* cublasLtOrder_t */
  uint64_t rows, cols;
  int64_t ld;
  int32_t batch;  /* >= 1 */
  int64_t batch_stride; /* elements */
} csan_lm_layout;
/* The bytes of a matrix with this layout at a. Orders other than COL and ROW
 * (the tiled IMMA orders) cover ld * cols elements, or their hull. */
void csan_lm_lt_matrix(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                       const csan_lm_layout *l);

/* ------------------------------------------------------------------------
 * cuFFT.
 * ---------------------------------------------------------------------- */

/* cufftType values. */
#define CSAN_LM_FFT_R2C 0x2a
#define CSAN_LM_FFT_C2R 0x2c
#define CSAN_LM_FFT_C2C 0x29
#define CSAN_LM_FFT_D2Z 0x6a
#define CSAN_LM_FFT_Z2D 0x6c
#define CSAN_LM_FFT_Z2Z 0x69

typedef struct csan_lm_fft_plan {
  int type;          /* CSAN_LM_FFT_* */
  int rank;          /* 1..3 */
  int64_t n[3];      /* slowest first */
  int64_t batch;
  bool advanced;     /* inembed/onembed given (cufftPlanMany) */
  int64_t inembed[3], istride, idist;
  int64_t onembed[3], ostride, odist;
} csan_lm_fft_plan;
/* The bytes cufftExec* reads and writes: input read, output written
 * (in place: the input's array is written). Out-of-place complex-to-real
 * transforms overwrite their input (cuFFT documents it): the input counts
 * as written there. */
void csan_lm_fft_exec(csan_lm_fp *fp, const csan_lm_fft_plan *p, uint64_t in, uint64_t out);

/* ------------------------------------------------------------------------
 * cuSPARSE (generic API).
 * ---------------------------------------------------------------------- */

#define CSAN_LM_SP_CSR 1 /* cusparseFormat_t */
#define CSAN_LM_SP_CSC 2
#define CSAN_LM_SP_COO 3
typedef struct csan_lm_spmat {
  int format;
  int64_t rows, cols, nnz;
  uint64_t offsets;  /* CSR row offsets, CSC column offsets */
  uint64_t ind1;     /* CSR column indices, CSC row indices, COO row indices */
  uint64_t ind2;     /* COO column indices */
  uint64_t values;
  unsigned offset_bits, index_bits, value_bits;
} csan_lm_spmat;
/* False when the format is not modelled (nothing added). */
bool csan_lm_sparse(csan_lm_fp *fp, const char *operand, uint32_t access,
                    const csan_lm_spmat *m);
/* A dense matrix (cusparseDnMatDescr_t): order 1 column-major, 2 row-major
 * (cusparseOrder_t); batches batch_stride elements apart. */
void csan_lm_dense(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t values,
                   int64_t rows, int64_t cols, int64_t ld, int order, unsigned value_bits,
                   int64_t batch, int64_t batch_stride);

/* ------------------------------------------------------------------------
 * NCCL collectives and point-to-point calls.
 * ---------------------------------------------------------------------- */

typedef enum csan_lm_nccl_kind {
  CSAN_LM_NCCL_ALLREDUCE,
  CSAN_LM_NCCL_BROADCAST,    /* ncclBroadcast; ncclBcast is send == recv */
  CSAN_LM_NCCL_REDUCE,
  CSAN_LM_NCCL_ALLGATHER,
  CSAN_LM_NCCL_REDUCESCATTER,
  CSAN_LM_NCCL_ALLTOALL,
  CSAN_LM_NCCL_GATHER,
  CSAN_LM_NCCL_SCATTER,
  CSAN_LM_NCCL_SEND,
  CSAN_LM_NCCL_RECV
} csan_lm_nccl_kind;
/* ncclDataType_t -> bytes per element (0: unknown). */
unsigned csan_lm_nccl_type_bytes(int type);
/* The bytes one rank reads and writes: count as the call's count argument
 * (sendcount for AllGather, recvcount for ReduceScatter, per peer for
 * AlltoAll, Gather and Scatter); in-place calls (the send buffer at the
 * rank's place in the receive buffer) read what they write. */
void csan_lm_nccl(csan_lm_fp *fp, csan_lm_nccl_kind kind, uint64_t send, uint64_t recv,
                  uint64_t count, unsigned type_bytes, int nranks, int rank, int root);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_LIBMODEL_H */
