// WORKLOAD: ptx_intrinsics
// PATTERN: hand-tuned memory access as found in bandwidth-bound kernels:
// inline PTX vector loads through the non-coherent path
// (ld.global.nc.v4.f32), streaming stores (st.global.cs.v4.f32), a plain
// ld.global.u32 / st.global.u32 pair and a st.global.cg.f32 in asm, and
// the cache-hint intrinsics clang 22 provides: __ldg, __ldcg, __ldcs,
// __ldcv, __stwt (clang 22 has no __ldca, __ldlu, __stcg, __stcs, __stwb:
// CUDA defines them in sm_32_intrinsics.h, which clang's wrapper leaves
// out). Three kernels on two streams, joined by an event; the check
// compares every output with the host.
// FLAGS:
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                          \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

__device__ __forceinline__ float4 ld_nc_v4(const float4 *p) {
  float4 v;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(p));
  return v;
}

__device__ __forceinline__ void st_cs_v4(float4 *p, float4 v) {
  asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};"
               :: "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w)
               : "memory");
}

// out = 2 * in, four floats at a time, through inline PTX.
__global__ void scale_asm(const float4 *in, float4 *out, int n4) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    float4 v = ld_nc_v4(in + i);
    v.x *= 2.f; v.y *= 2.f; v.z *= 2.f; v.w *= 2.f;
    st_cs_v4(out + i, v);
  }
}

// counts[i] = idx[i] + 1 with asm ld/st of 32-bit words.
__global__ void bump_asm(const unsigned *idx, unsigned *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned v;
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(idx + i));
    asm volatile("st.global.u32 [%0], %1;" :: "l"(counts + i), "r"(v + 1) : "memory");
  }
}

__device__ __forceinline__ void st_cg_f32(float *p, float v) {
  asm volatile("st.global.cg.f32 [%0], %1;" :: "l"(p), "f"(v) : "memory");
}

// Cache-hint intrinsics: each output word uses another load and store hint.
__global__ void hints(const float *a, const float4 *b, const unsigned *c, float *o1, float4 *o2,
                      unsigned *o3, float *o4, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = __ldg(a + i) + __ldcg(a + i) + __ldcs(a + i);    // 3 a[i]
  float4 y = __ldcs(b + i);
  unsigned z = __ldcv(c + i) + __ldcg(c + i);                // 2 c[i]
  __stwt(o1 + i, x);
  __stwt(o2 + i, make_float4(y.x + 1, y.y + 1, y.z + 1, y.w + 1));
  __stwt(o3 + i, z);
  st_cg_f32(o4 + i, x + z);
}

int main() {
  const int n = 1 << 16, n4 = n / 4;
  std::vector<float> h(n);
  std::vector<unsigned> hu(n);
  for (int i = 0; i < n; i++) {
    h[i] = (float)(i % 101);
    hu[i] = (unsigned)i * 3u;
  }
  float *in, *out, *o1, *o4;
  float4 *o2;
  unsigned *idx, *counts, *o3;
  CK(cudaMalloc(&in, n * sizeof(float)));
  CK(cudaMalloc(&out, n * sizeof(float)));
  CK(cudaMalloc(&o1, n * sizeof(float)));
  CK(cudaMalloc(&o4, n * sizeof(float)));
  CK(cudaMalloc(&o2, n4 * sizeof(float4)));
  CK(cudaMalloc(&idx, n * sizeof(unsigned)));
  CK(cudaMalloc(&counts, n * sizeof(unsigned)));
  CK(cudaMalloc(&o3, n * sizeof(unsigned)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  CK(cudaMemcpyAsync(idx, hu.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice, s1));
  scale_asm<<<64, 256, 0, s1>>>((const float4 *)in, (float4 *)out, n4);
  bump_asm<<<n / 256, 256, 0, s1>>>(idx, counts, n);
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  // Reads what s1 wrote: out (as float4) and counts.
  hints<<<(n4 + 127) / 128, 128, 0, s2>>>(in, (const float4 *)out, counts, o1, o2, o3, o4, n4);
  std::vector<float> h1(n4), h4(n4), hout(n);
  std::vector<float4> h2(n4);
  std::vector<unsigned> h3(n4);
  CK(cudaMemcpyAsync(h1.data(), o1, n4 * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(h2.data(), o2, n4 * sizeof(float4), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(h3.data(), o3, n4 * sizeof(unsigned), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(h4.data(), o4, n4 * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(hout.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  bool ok = true;
  for (int i = 0; i < n && ok; i++)
    ok = hout[i] == 2 * h[i];
  for (int i = 0; i < n4 && ok; i++) {
    float x = 3 * h[i];
    unsigned z = 2 * (hu[i] + 1);
    ok = h1[i] == x && h3[i] == z && h4[i] == x + (float)z && h2[i].x == 2 * h[4 * i] + 1 &&
         h2[i].w == 2 * h[4 * i + 3] + 1;
  }
  for (void *p : {(void *)in, (void *)out, (void *)o1, (void *)o2, (void *)o3, (void *)o4,
                  (void *)idx, (void *)counts})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
