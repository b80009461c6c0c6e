// cg: a real multi-kernel program. Conjugate gradient solves the 2D Poisson
// equation (5-point Laplacian, Dirichlet boundary) on a 256 x 256 grid in
// double precision: a CSR sparse matrix-vector product, two dot products
// (block reductions with one atomicAdd each, read back to the host every
// iteration, as CG's scalars are), and two vector-update kernels, 600
// iterations per solve. One timed step is one full solve from x = 0. The
// check recomputes the residual b - A x on the host.
#include "bench.h"

#include <cmath>

constexpr int kGrid = 256, kIters = 600, kBlock = 256;
constexpr int kN = kGrid * kGrid;

__global__ void spmv(const int *rowptr, const int *col, const double *val, const double *x,
                     double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kN)
    return;
  double s = 0;
  for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
    s += val[k] * x[col[k]];
  y[i] = s;
}

__global__ void dot(const double *a, const double *b, double *result) {
  __shared__ double part[kBlock];
  double acc = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x)
    acc += a[i] * b[i];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int s = kBlock / 2; s > 0; s /= 2) {
    if ((int)threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, part[0]);
}

// x += alpha p; r -= alpha Ap
__global__ void update_xr(double alpha, const double *p, const double *Ap, double *x,
                          double *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) {
    x[i] += alpha * p[i];
    r[i] -= alpha * Ap[i];
  }
}

// p = r + beta p
__global__ void update_p(double beta, const double *r, double *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN)
    p[i] = r[i] + beta * p[i];
}

__global__ void fill(double *v, double value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN)
    v[i] = value;
}

int main() {
  // The matrix, in CSR.
  std::vector<int> rowptr(kN + 1), col;
  std::vector<double> val;
  for (int y = 0; y < kGrid; y++)
    for (int x = 0; x < kGrid; x++) {
      int i = y * kGrid + x;
      rowptr[i] = (int)col.size();
      const int nb[4][2] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
      for (int k = 0; k < 4; k++) {
        int xx = x + nb[k][0], yy = y + nb[k][1];
        if (k == 2) { // keep columns sorted: diagonal between left and right
          col.push_back(i);
          val.push_back(4.0);
        }
        if (xx >= 0 && xx < kGrid && yy >= 0 && yy < kGrid) {
          col.push_back(yy * kGrid + xx);
          val.push_back(-1.0);
        }
      }
    }
  rowptr[kN] = (int)col.size();
  int nnz = (int)col.size();

  int *d_rowptr = dev_alloc<int>(kN + 1), *d_col = dev_alloc<int>(nnz);
  double *d_val = dev_alloc<double>(nnz), *b = dev_alloc<double>(kN), *x = dev_alloc<double>(kN),
         *r = dev_alloc<double>(kN), *p = dev_alloc<double>(kN), *Ap = dev_alloc<double>(kN),
         *scalar = dev_alloc<double>(1), *host_scalar;
  CHECK(cudaMallocHost(&host_scalar, sizeof(double)));
  CHECK(cudaMemcpy(d_rowptr, rowptr.data(), (kN + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_col, col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_val, val.data(), nnz * sizeof(double), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  const int grid = (kN + kBlock - 1) / kBlock;
  fill<<<grid, kBlock, 0, s>>>(b, 1.0);
  CHECK(cudaDeviceSynchronize());

  auto dot_host = [&](const double *u, const double *v, cudaStream_t st) {
    CHECK(cudaMemsetAsync(scalar, 0, sizeof(double), st));
    dot<<<128, kBlock, 0, st>>>(u, v, scalar);
    CHECK(cudaMemcpyAsync(host_scalar, scalar, sizeof(double), cudaMemcpyDeviceToHost, st));
    CHECK(cudaStreamSynchronize(st));
    return *host_scalar;
  };
  double final_rr = 0;
  BenchTimes t = bench_time(
      s,
      [&](cudaStream_t st) {
        fill<<<grid, kBlock, 0, st>>>(x, 0.0);
        CHECK(cudaMemcpyAsync(r, b, kN * sizeof(double), cudaMemcpyDeviceToDevice, st));
        CHECK(cudaMemcpyAsync(p, b, kN * sizeof(double), cudaMemcpyDeviceToDevice, st));
        double rr = dot_host(r, r, st);
        for (int it = 0; it < kIters; it++) {
          spmv<<<grid, kBlock, 0, st>>>(d_rowptr, d_col, d_val, p, Ap);
          double alpha = rr / dot_host(p, Ap, st);
          update_xr<<<grid, kBlock, 0, st>>>(alpha, p, Ap, x, r);
          double rr_new = dot_host(r, r, st);
          update_p<<<grid, kBlock, 0, st>>>(rr_new / rr, r, p);
          rr = rr_new;
        }
        final_rr = rr;
      },
      /*default_reps=*/5);
  CHECK(cudaDeviceSynchronize());

  // Residual of the last solve, recomputed on the host.
  std::vector<double> hx(kN);
  CHECK(cudaMemcpy(hx.data(), x, kN * sizeof(double), cudaMemcpyDeviceToHost));
  double res2 = 0;
  for (int i = 0; i < kN; i++) {
    double ax = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      ax += val[k] * hx[col[k]];
    res2 += (1.0 - ax) * (1.0 - ax);
  }
  double rel = std::sqrt(res2 / kN); // ||b|| = sqrt(kN)
  bool ok = rel < 1e-6 && std::sqrt(final_rr / kN) < 1e-6;
  if (!ok)
    fprintf(stderr, "cg: relative residual %g (recurrence %g)\n", rel, std::sqrt(final_rr / kN));
  return bench_report("cg", t, ok);
}
