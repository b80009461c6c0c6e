/* csan_libmodel.c: byte footprints of library calls (csan_libmodel.h). */
#include "csan_libmodel.h"

#include <string.h>

void csan_lm_init(csan_lm_fp *fp) {
  memset(fp, 0, sizeof *fp);
}

uint64_t csan_lm_region_bytes(const csan_lm_region *r) {
  return r->width * r->rows * r->slices;
}

void csan_lm_region_span(const csan_lm_region *r, uint64_t *lo, uint64_t *hi) {
  *lo = r->base;
  *hi = r->base;
  if (!r->width || !r->rows || !r->slices)
    return;
  *hi = r->base + (r->slices - 1) * r->slice_pitch + (r->rows - 1) * r->pitch + r->width;
}

static void push(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                 uint64_t width, uint64_t rows, uint64_t pitch, uint64_t slices,
                 uint64_t slice_pitch) {
  if (!width || !rows || !slices)
    return;
  if (fp->n == CSAN_LM_MAX_REGIONS) {
    fp->dropped++;
    return;
  }
  if (rows == 1)
    pitch = width;
  if (slices == 1)
    slice_pitch = rows * pitch;
  csan_lm_region *r = &fp->r[fp->n++];
  r->base = base;
  r->width = width;
  r->rows = rows;
  r->pitch = pitch;
  r->slices = slices;
  r->slice_pitch = slice_pitch;
  r->access = access;
  r->operand = operand;
}

void csan_lm_linear(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                    uint64_t bytes) {
  if (!base)
    return;
  push(fp, operand, access, base, bytes, 1, bytes, 1, 0);
}

/* Most outer pieces one box may be split into before it becomes a hull. */
#define MAX_PIECES 8
#define MAX_DIMS 8

void csan_lm_box(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                 uint64_t elem, const csan_lm_dim *dims, size_t ndims) {
  if (!base || !elem)
    return;
  csan_lm_dim d[MAX_DIMS];
  size_t nd = 0;
  uint64_t span = elem; /* bytes from base to one past the last byte */
  for (size_t i = 0; i < ndims; i++) {
    if (dims[i].count == 0)
      return;
    if (dims[i].count == 1 || dims[i].stride == 0)
      continue;
    uint64_t c = dims[i].count;
    uint64_t s = dims[i].stride < 0 ? (uint64_t)(-dims[i].stride) : (uint64_t)dims[i].stride;
    if (dims[i].stride < 0)
      base -= (c - 1) * s; /* the same elements, walked from the other end */
    span += (c - 1) * s;
    if (nd == MAX_DIMS) { /* more dimensions than any library has: the hull */
      fp->approximated++;
      push(fp, operand, access, base, span, 1, span, 1, 0);
      return;
    }
    d[nd++] = (csan_lm_dim){c, (int64_t)s};
  }
  /* Innermost (smallest stride) first. */
  for (size_t i = 1; i < nd; i++)
    for (size_t j = i; j > 0 && d[j].stride < d[j - 1].stride; j--) {
      csan_lm_dim t = d[j];
      d[j] = d[j - 1];
      d[j - 1] = t;
    }
  /* Dimensions without gaps widen the row. */
  uint64_t width = elem;
  size_t k = 0;
  while (k < nd && (uint64_t)d[k].stride <= width) {
    width += (d[k].count - 1) * (uint64_t)d[k].stride;
    k++;
  }
  if (k == nd) {
    push(fp, operand, access, base, width, 1, width, 1, 0);
    return;
  }
  uint64_t rows = d[k].count, pitch = (uint64_t)d[k].stride;
  k++;
  /* Rows that continue at the same pitch are more rows. */
  while (k < nd && (uint64_t)d[k].stride == rows * pitch) {
    rows *= d[k].count;
    k++;
  }
  if (k == nd) {
    push(fp, operand, access, base, width, rows, pitch, 1, 0);
    return;
  }
  uint64_t slices = d[k].count, slice_pitch = (uint64_t)d[k].stride;
  k++;
  while (k < nd && (uint64_t)d[k].stride == slices * slice_pitch) {
    slices *= d[k].count;
    k++;
  }
  if (k == nd) {
    push(fp, operand, access, base, width, rows, pitch, slices, slice_pitch);
    return;
  }
  /* More levels than a region has: one region per outer index, if few. */
  uint64_t pieces = 1;
  for (size_t i = k; i < nd; i++) {
    pieces *= d[i].count;
    if (pieces > MAX_PIECES)
      break;
  }
  size_t room = CSAN_LM_MAX_REGIONS - fp->n;
  if (pieces > MAX_PIECES || pieces > room) {
    fp->approximated++;
    push(fp, operand, access, base, span, 1, span, 1, 0);
    return;
  }
  for (uint64_t p = 0; p < pieces; p++) {
    uint64_t off = 0, rest = p;
    for (size_t i = k; i < nd; i++) {
      off += (rest % d[i].count) * (uint64_t)d[i].stride;
      rest /= d[i].count;
    }
    push(fp, operand, access, base + off, width, rows, pitch, slices, slice_pitch);
  }
}

/* ------------------------------------------------------------------------
 * BLAS.
 * ---------------------------------------------------------------------- */

void csan_lm_vec(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t x, int64_t n,
                 int64_t inc, uint64_t es) {
  if (n <= 0)
    return;
  /* BLAS: with a negative increment x still points at the lowest element
   * (the walk starts at x + (n - 1) |inc|): the bytes of |inc|. */
  csan_lm_dim d = {(uint64_t)n, (inc < 0 ? -inc : inc) * (int64_t)es};
  csan_lm_box(fp, operand, access, x, es, &d, 1);
}

void csan_lm_mat(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a, int64_t rows,
                 int64_t cols, int64_t ld, uint64_t es) {
  csan_lm_mat_batched(fp, operand, access, a, rows, cols, ld, es, 1, 0);
}

void csan_lm_mat_batched(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                         int64_t rows, int64_t cols, int64_t ld, uint64_t es, int64_t batch,
                         int64_t stride) {
  if (rows <= 0 || cols <= 0 || batch <= 0)
    return;
  csan_lm_dim d[3] = {{(uint64_t)rows, (int64_t)es},
                      {(uint64_t)cols, ld * (int64_t)es},
                      {(uint64_t)batch, stride * (int64_t)es}};
  csan_lm_box(fp, operand, access, a, es, d, 3);
}

void csan_lm_op_shape(int op, int64_t rows, int64_t cols, int64_t *srows, int64_t *scols) {
  bool t = op == CSAN_LM_OP_T || op == CSAN_LM_OP_C;
  *srows = t ? cols : rows;
  *scols = t ? rows : cols;
}

void csan_lm_square(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a, int64_t n,
                    int64_t ld, uint64_t es) {
  csan_lm_mat(fp, operand, access, a, n, n, ld, es);
}

void csan_lm_band(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                  int64_t band_rows, int64_t n, int64_t ld, uint64_t es) {
  csan_lm_mat(fp, operand, access, a, band_rows, n, ld, es);
}

void csan_lm_packed(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t ap, int64_t n,
                    uint64_t es) {
  if (n <= 0)
    return;
  csan_lm_linear(fp, operand, access, ap, (uint64_t)n * (uint64_t)(n + 1) / 2 * es);
}

void csan_lm_gemm(csan_lm_fp *fp, int transa, int transb, int64_t m, int64_t n, int64_t k,
                  uint64_t a, int64_t lda, int64_t stride_a, uint64_t b, int64_t ldb,
                  int64_t stride_b, uint64_t c, int64_t ldc, int64_t stride_c, int64_t batch,
                  uint64_t es_a, uint64_t es_b, uint64_t es_c) {
  int64_t ar, ac, br, bc;
  csan_lm_op_shape(transa, m, k, &ar, &ac);
  csan_lm_op_shape(transb, k, n, &br, &bc);
  if (k > 0) {
    csan_lm_mat_batched(fp, "A", CSAN_LM_READ, a, ar, ac, lda, es_a, batch, stride_a);
    csan_lm_mat_batched(fp, "B", CSAN_LM_READ, b, br, bc, ldb, es_b, batch, stride_b);
  }
  csan_lm_mat_batched(fp, "C", CSAN_LM_WRITE, c, m, n, ldc, es_c, batch, stride_c);
}

void csan_lm_gemv(csan_lm_fp *fp, int trans, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  int64_t stride_a, uint64_t x, int64_t incx, int64_t stride_x, uint64_t y,
                  int64_t incy, int64_t stride_y, int64_t batch, uint64_t es) {
  bool t = trans == CSAN_LM_OP_T || trans == CSAN_LM_OP_C;
  int64_t nx = t ? m : n, ny = t ? n : m;
  if (batch <= 0 || m <= 0 || n <= 0)
    return;
  csan_lm_mat_batched(fp, "A", CSAN_LM_READ, a, m, n, lda, es, batch, stride_a);
  incx = incx < 0 ? -incx : incx; /* BLAS increments: see csan_lm_vec */
  incy = incy < 0 ? -incy : incy;
  csan_lm_dim dx[2] = {{(uint64_t)nx, incx * (int64_t)es}, {(uint64_t)batch, stride_x * (int64_t)es}};
  csan_lm_box(fp, "x", CSAN_LM_READ, x, es, dx, 2);
  csan_lm_dim dy[2] = {{(uint64_t)ny, incy * (int64_t)es}, {(uint64_t)batch, stride_y * (int64_t)es}};
  csan_lm_box(fp, "y", CSAN_LM_WRITE, y, es, dy, 2);
}

void csan_lm_ger(csan_lm_fp *fp, int64_t m, int64_t n, uint64_t x, int64_t incx, uint64_t y,
                 int64_t incy, uint64_t a, int64_t lda, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  csan_lm_vec(fp, "x", CSAN_LM_READ, x, m, incx, es);
  csan_lm_vec(fp, "y", CSAN_LM_READ, y, n, incy, es);
  csan_lm_mat(fp, "A", CSAN_LM_WRITE, a, m, n, lda, es);
}

void csan_lm_symm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  csan_lm_square(fp, "A", CSAN_LM_READ, a, side == CSAN_LM_SIDE_LEFT ? m : n, lda, es);
  csan_lm_mat(fp, "B", CSAN_LM_READ, b, m, n, ldb, es);
  csan_lm_mat(fp, "C", CSAN_LM_WRITE, c, m, n, ldc, es);
}

void csan_lm_syrk(csan_lm_fp *fp, int trans, int64_t n, int64_t k, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es) {
  if (n <= 0)
    return;
  int64_t r, cl;
  csan_lm_op_shape(trans, n, k, &r, &cl);
  if (k > 0) {
    csan_lm_mat(fp, "A", CSAN_LM_READ, a, r, cl, lda, es);
    if (b)
      csan_lm_mat(fp, "B", CSAN_LM_READ, b, r, cl, ldb, es);
  }
  csan_lm_square(fp, "C", CSAN_LM_WRITE, c, n, ldc, es);
}

void csan_lm_trmm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  csan_lm_square(fp, "A", CSAN_LM_READ, a, side == CSAN_LM_SIDE_LEFT ? m : n, lda, es);
  if (b != c || ldb != ldc)
    csan_lm_mat(fp, "B", CSAN_LM_READ, b, m, n, ldb, es);
  csan_lm_mat(fp, "C", CSAN_LM_WRITE, c, m, n, ldc, es);
}

void csan_lm_trsm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t b, int64_t ldb, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  csan_lm_square(fp, "A", CSAN_LM_READ, a, side == CSAN_LM_SIDE_LEFT ? m : n, lda, es);
  csan_lm_mat(fp, "B", CSAN_LM_WRITE, b, m, n, ldb, es);
}

void csan_lm_geam(csan_lm_fp *fp, int transa, int transb, int64_t m, int64_t n, uint64_t a,
                  int64_t lda, uint64_t b, int64_t ldb, uint64_t c, int64_t ldc, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  int64_t r, cl;
  csan_lm_op_shape(transa, m, n, &r, &cl);
  if (a != c)
    csan_lm_mat(fp, "A", CSAN_LM_READ, a, r, cl, lda, es);
  csan_lm_op_shape(transb, m, n, &r, &cl);
  if (b != c)
    csan_lm_mat(fp, "B", CSAN_LM_READ, b, r, cl, ldb, es);
  csan_lm_mat(fp, "C", CSAN_LM_WRITE, c, m, n, ldc, es);
}

void csan_lm_dgmm(csan_lm_fp *fp, int side, int64_t m, int64_t n, uint64_t a, int64_t lda,
                  uint64_t x, int64_t incx, uint64_t c, int64_t ldc, uint64_t es) {
  if (m <= 0 || n <= 0)
    return;
  if (a != c || lda != ldc)
    csan_lm_mat(fp, "A", CSAN_LM_READ, a, m, n, lda, es);
  csan_lm_vec(fp, "x", CSAN_LM_READ, x, side == CSAN_LM_SIDE_LEFT ? m : n, incx, es);
  csan_lm_mat(fp, "C", CSAN_LM_WRITE, c, m, n, ldc, es);
}

/* ------------------------------------------------------------------------
 * Data types.
 * ---------------------------------------------------------------------- */

unsigned csan_lm_dtype_bits(int t) {
  switch (t) {
  case CSAN_LM_R_4I: case CSAN_LM_R_4U: case CSAN_LM_R_4F_E2M1: return 4;
  case CSAN_LM_R_6F_E2M3: case CSAN_LM_R_6F_E3M2: return 6;
  case CSAN_LM_R_8I: case CSAN_LM_R_8U: case CSAN_LM_R_8F_E4M3: case CSAN_LM_R_8F_E5M2:
  case CSAN_LM_R_8F_UE8M0: case CSAN_LM_C_4I: case CSAN_LM_C_4U: return 8;
  case CSAN_LM_R_16F: case CSAN_LM_R_16BF: case CSAN_LM_R_16I: case CSAN_LM_R_16U:
  case CSAN_LM_C_8I: case CSAN_LM_C_8U: return 16;
  case CSAN_LM_R_32F: case CSAN_LM_R_32I: case CSAN_LM_R_32U: case CSAN_LM_C_16F:
  case CSAN_LM_C_16BF: case CSAN_LM_C_16I: case CSAN_LM_C_16U: return 32;
  case CSAN_LM_R_64F: case CSAN_LM_R_64I: case CSAN_LM_R_64U: case CSAN_LM_C_32F:
  case CSAN_LM_C_32I: case CSAN_LM_C_32U: return 64;
  case CSAN_LM_C_64F: case CSAN_LM_C_64I: case CSAN_LM_C_64U: return 128;
  default: return 0;
  }
}

bool csan_lm_dtype_is_complex(int t) {
  switch (t) {
  case CSAN_LM_C_32F: case CSAN_LM_C_64F: case CSAN_LM_C_16F: case CSAN_LM_C_8I:
  case CSAN_LM_C_8U: case CSAN_LM_C_32I: case CSAN_LM_C_32U: case CSAN_LM_C_16BF:
  case CSAN_LM_C_4I: case CSAN_LM_C_4U: case CSAN_LM_C_16I: case CSAN_LM_C_16U:
  case CSAN_LM_C_64I: case CSAN_LM_C_64U:
    return true;
  default:
    return false;
  }
}

uint64_t csan_lm_bits_bytes(uint64_t count, unsigned bits) {
  return (count * bits + 7) / 8;
}

unsigned csan_lm_compute_bits(int c) {
  switch (c) {
  case 64: case 65: return 16;                                /* 16F */
  case 68: case 69: case 74: case 75: case 77: case 78: return 32; /* 32F */
  case 70: case 71: case 79: return 64;                       /* 64F */
  case 72: case 73: return 32;                                /* 32I */
  default: return 0;
  }
}

/* ------------------------------------------------------------------------
 * cuBLASLt layouts.
 * ---------------------------------------------------------------------- */

void csan_lm_lt_matrix(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t a,
                       const csan_lm_layout *l) {
  unsigned bits = csan_lm_dtype_bits(l->dtype);
  if (!a || !bits || !l->rows || !l->cols)
    return;
  int64_t batch = l->batch > 0 ? l->batch : 1;
  uint64_t es = bits / 8;
  if (bits % 8 == 0 && (l->order == CSAN_LM_ORDER_COL || l->order == CSAN_LM_ORDER_ROW)) {
    bool col = l->order == CSAN_LM_ORDER_COL;
    csan_lm_dim d[3] = {{col ? l->rows : l->cols, (int64_t)es},
                        {col ? l->cols : l->rows, l->ld * (int64_t)es},
                        {(uint64_t)batch, l->batch_stride * (int64_t)es}};
    csan_lm_box(fp, operand, access, a, es, d, 3);
    return;
  }
  /* Sub-byte elements, or a tiled order: the elements of ld-long columns
   * (COL/ROW) or of 32-column tiles (the IMMA orders), as bytes. */
  uint64_t outer = l->order == CSAN_LM_ORDER_ROW ? l->rows
                   : l->order == CSAN_LM_ORDER_COL ? l->cols
                                                     : (l->cols + 31) / 32;
  uint64_t per = csan_lm_bits_bytes((uint64_t)l->ld * outer, bits);
  csan_lm_dim d = {(uint64_t)batch, (int64_t)csan_lm_bits_bytes((uint64_t)l->batch_stride, bits)};
  if (l->order != CSAN_LM_ORDER_COL && l->order != CSAN_LM_ORDER_ROW)
    fp->approximated++;
  csan_lm_box(fp, operand, access, a, per, &d, 1);
}

/* ------------------------------------------------------------------------
 * cuFFT.
 * ---------------------------------------------------------------------- */

/* One side of a transform: logical dims (slowest first), element bytes. */
static void fft_side(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t base,
                     const csan_lm_fft_plan *p, const int64_t *dims, uint64_t es,
                     const int64_t *embed, int64_t stride, int64_t dist) {
  int r = p->rank;
  if (r < 1 || r > 3 || p->batch <= 0)
    return;
  csan_lm_dim d[4];
  size_t nd = 0;
  if (!p->advanced) {
    uint64_t per = 1;
    for (int i = 0; i < r; i++)
      per *= (uint64_t)dims[i];
    csan_lm_linear(fp, operand, access, base, (uint64_t)p->batch * per * es);
    return;
  }
  /* Advanced layout: element (x0, .., x_{r-1}) of batch b at
   * b * dist + ((x0 * embed[1] + x1) * embed[2] + x2) * stride. */
  int64_t scale = stride;
  for (int i = r - 1; i >= 0; i--) {
    d[nd++] = (csan_lm_dim){(uint64_t)dims[i], scale * (int64_t)es};
    if (i > 0)
      scale *= embed[i];
  }
  d[nd++] = (csan_lm_dim){(uint64_t)p->batch, dist * (int64_t)es};
  csan_lm_box(fp, operand, access, base, es, d, nd);
}

void csan_lm_fft_exec(csan_lm_fp *fp, const csan_lm_fft_plan *p, uint64_t in, uint64_t out) {
  int r = p->rank;
  if (r < 1 || r > 3)
    return;
  bool dbl = p->type == CSAN_LM_FFT_D2Z || p->type == CSAN_LM_FFT_Z2D ||
             p->type == CSAN_LM_FFT_Z2Z;
  bool r2c = p->type == CSAN_LM_FFT_R2C || p->type == CSAN_LM_FFT_D2Z;
  bool c2r = p->type == CSAN_LM_FFT_C2R || p->type == CSAN_LM_FFT_Z2D;
  uint64_t real = dbl ? 8 : 4, cplx = 2 * real;
  int64_t full[3], half[3];
  for (int i = 0; i < r; i++)
    full[i] = half[i] = p->n[i];
  half[r - 1] = p->n[r - 1] / 2 + 1;
  const int64_t *in_dims = c2r ? half : full, *out_dims = r2c ? half : full;
  uint64_t in_es = r2c ? real : cplx, out_es = c2r ? real : cplx;
  if (in == out && !p->advanced) {
    /* In place: real data is padded to the complex array's size. */
    const int64_t *dims = (r2c || c2r) ? half : full;
    fft_side(fp, "idata/odata", CSAN_LM_WRITE, in, p, dims, cplx, NULL, 1, 0);
    return;
  }
  fft_side(fp, "idata", c2r && in != out ? CSAN_LM_WRITE : CSAN_LM_READ, in, p, in_dims, in_es,
           p->inembed, p->istride, p->idist);
  fft_side(fp, "odata", CSAN_LM_WRITE, out, p, out_dims, out_es, p->onembed, p->ostride,
           p->odist);
}

/* ------------------------------------------------------------------------
 * cuSPARSE.
 * ---------------------------------------------------------------------- */

bool csan_lm_sparse(csan_lm_fp *fp, const char *operand, uint32_t access,
                    const csan_lm_spmat *m) {
  (void)operand;
  uint64_t nnz = m->nnz > 0 ? (uint64_t)m->nnz : 0;
  switch (m->format) {
  case CSAN_LM_SP_CSR:
    csan_lm_linear(fp, "csrRowOffsets", access, m->offsets,
                   csan_lm_bits_bytes((uint64_t)m->rows + 1, m->offset_bits));
    csan_lm_linear(fp, "csrColInd", access, m->ind1, csan_lm_bits_bytes(nnz, m->index_bits));
    csan_lm_linear(fp, "csrValues", access, m->values, csan_lm_bits_bytes(nnz, m->value_bits));
    return true;
  case CSAN_LM_SP_CSC:
    csan_lm_linear(fp, "cscColOffsets", access, m->offsets,
                   csan_lm_bits_bytes((uint64_t)m->cols + 1, m->offset_bits));
    csan_lm_linear(fp, "cscRowInd", access, m->ind1, csan_lm_bits_bytes(nnz, m->index_bits));
    csan_lm_linear(fp, "cscValues", access, m->values, csan_lm_bits_bytes(nnz, m->value_bits));
    return true;
  case CSAN_LM_SP_COO:
    csan_lm_linear(fp, "cooRowInd", access, m->ind1, csan_lm_bits_bytes(nnz, m->index_bits));
    csan_lm_linear(fp, "cooColInd", access, m->ind2, csan_lm_bits_bytes(nnz, m->index_bits));
    csan_lm_linear(fp, "cooValues", access, m->values, csan_lm_bits_bytes(nnz, m->value_bits));
    return true;
  default:
    return false;
  }
}

void csan_lm_dense(csan_lm_fp *fp, const char *operand, uint32_t access, uint64_t values,
                   int64_t rows, int64_t cols, int64_t ld, int order, unsigned value_bits,
                   int64_t batch, int64_t batch_stride) {
  if (rows <= 0 || cols <= 0 || !value_bits)
    return;
  if (batch <= 0)
    batch = 1;
  bool row_major = order == 2;
  if (value_bits % 8) {
    uint64_t per = csan_lm_bits_bytes((uint64_t)ld * (uint64_t)(row_major ? rows : cols),
                                      value_bits);
    csan_lm_dim d = {(uint64_t)batch,
                     (int64_t)csan_lm_bits_bytes((uint64_t)batch_stride, value_bits)};
    csan_lm_box(fp, operand, access, values, per, &d, 1);
    return;
  }
  uint64_t es = value_bits / 8;
  csan_lm_dim d[3] = {{(uint64_t)(row_major ? cols : rows), (int64_t)es},
                      {(uint64_t)(row_major ? rows : cols), ld * (int64_t)es},
                      {(uint64_t)batch, batch_stride * (int64_t)es}};
  csan_lm_box(fp, operand, access, values, es, d, 3);
}

/* ------------------------------------------------------------------------
 * NCCL.
 * ---------------------------------------------------------------------- */

unsigned csan_lm_nccl_type_bytes(int t) {
  static const unsigned bytes[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2, 1, 1};
  return t >= 0 && t < (int)(sizeof bytes / sizeof bytes[0]) ? bytes[t] : 0;
}

/* Reads [send, send + sn) and writes [recv, recv + rn); a read inside the
 * written bytes (in place) adds nothing. */
static void rw(csan_lm_fp *fp, uint64_t send, uint64_t sn, uint64_t recv, uint64_t rn) {
  if (send && sn && !(recv && rn && send >= recv && send + sn <= recv + rn))
    csan_lm_linear(fp, "sendbuff", CSAN_LM_READ, send, sn);
  if (recv && rn)
    csan_lm_linear(fp, "recvbuff", CSAN_LM_WRITE, recv, rn);
}

void csan_lm_nccl(csan_lm_fp *fp, csan_lm_nccl_kind kind, uint64_t send, uint64_t recv,
                  uint64_t count, unsigned tb, int nranks, int rank, int root) {
  uint64_t one = count * tb, all = one * (uint64_t)(nranks > 0 ? nranks : 1);
  bool is_root = rank == root;
  switch (kind) {
  case CSAN_LM_NCCL_ALLREDUCE: rw(fp, send, one, recv, one); break;
  case CSAN_LM_NCCL_BROADCAST:
    if (!is_root)
      rw(fp, 0, 0, recv, one);
    else if (send == recv)
      rw(fp, send, one, 0, 0); /* the root's own buffer is only sent */
    else
      rw(fp, send, one, recv, one);
    break;
  case CSAN_LM_NCCL_REDUCE: rw(fp, send, one, is_root ? recv : 0, one); break;
  case CSAN_LM_NCCL_ALLGATHER: rw(fp, send, one, recv, all); break;
  case CSAN_LM_NCCL_REDUCESCATTER: rw(fp, send, all, recv, one); break;
  case CSAN_LM_NCCL_ALLTOALL: rw(fp, send, all, recv, all); break;
  case CSAN_LM_NCCL_GATHER: rw(fp, send, one, is_root ? recv : 0, all); break;
  case CSAN_LM_NCCL_SCATTER: rw(fp, is_root ? send : 0, all, recv, one); break;
  case CSAN_LM_NCCL_SEND: rw(fp, send, one, 0, 0); break;
  case CSAN_LM_NCCL_RECV: rw(fp, 0, 0, recv, one); break;
  }
}
