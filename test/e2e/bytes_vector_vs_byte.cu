// A 16-byte vector store against a 1-byte store. A kernel on s1 stores one
// 16-byte vector at granule [0, 16); a kernel on s2 then writes a single
// byte with nothing ordering them. Byte 16, in the next granule, does not
// race (the fixed twin); byte 9 inside the vector does (write-write,
// [9, 10), the previous access of size 16).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// A clang vector type stores 16 bytes in one IR store (float4 is a struct
// whose store clang splits into four 4-byte stores before csan runs).
typedef float vec4 __attribute__((ext_vector_type(4)));

// RACE: WARNING: csan: data race (write-write) on 1 {{bytes?}} at
// RACE-NEXT: Write of size 1 at {{.*}} by kernel poke(char*, int) on stream
__global__ void poke(char *p, int at) {
  // RACE-NEXT: #0 poke(char*, int) {{.*}}bytes_vector_vs_byte.cu:[[#B:@LINE+1]]
  p[at] = 'x';
}

// The parameter is char* so that the kernel's name demangles the same way
// everywhere (demanglers spell vector types differently).
// RACE: Previous write of size 16 by kernel store_vec(char*, float) on stream
__global__ void store_vec(char *p, float v) {
  // RACE-NEXT: #0 store_vec(char*, float) {{.*}}bytes_vector_vs_byte.cu:[[#@LINE+1]]
  reinterpret_cast<vec4 *>(p)[threadIdx.x] = vec4{v, v + 1.0f, v + 2.0f, v + 3.0f};
}
// RACE: Location: bytes [9, 10) of a 64-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}bytes_vector_vs_byte.cu:[[#B]]:{{[0-9]+}} in poke(char*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  char *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64));
  CHECK_CUDA(cudaMemset(buf, 0, 64));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  store_vec<<<1, 1, 0, s1>>>(buf, 1.0f);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  const int at = 16; // next granule
#else
  const int at = 9; // inside the vector
#endif
  poke<<<1, 1, 0, s2>>>(buf, at);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  char h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  return finish(h[at] == 'x');
}
