// Memory from the driver's virtual-memory API (cuMemCreate, cuMemMap into a
// cuMemAddressReserve range, cuMemSetAccess), as allocators that manage
// their own address space make it. csan tracks the mapping as an
// allocation: a kernel writing it on one stream races with a kernel reading
// it on another with no ordering (write-read, both device lines), and the
// report names cuMemMap's line. The fixed twin orders them with an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcuda
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcuda
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda.h>
#include <string.h>

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}vmm_two_streams.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}vmm_two_streams.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a {{[0-9]+}}-byte allocation at {{.*}} made by cuMemMap at:
// RACE-NEXT: #0 {{.*}} in main {{.*}}vmm_two_streams.cu:[[#@LINE+29]]
// RACE: SUMMARY: csan: data race (write-read) {{.*}}vmm_two_streams.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

#define CHECK_CU(call)                                                         \
  do {                                                                         \
    if ((call) != CUDA_SUCCESS)                                                \
      return 2;                                                                \
  } while (0)

int main() {
  CHECK_CUDA(cudaFree(nullptr)); // the runtime's context, which the driver calls use
  CUdevice dev;
  CHECK_CU(cuCtxGetDevice(&dev));
  CUmemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = dev;
  size_t gran = 0;
  CHECK_CU(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
  CUmemGenericAllocationHandle h;
  CHECK_CU(cuMemCreate(&h, gran, &prop, 0));
  CUdeviceptr va;
  CHECK_CU(cuMemAddressReserve(&va, gran, 0, 0, 0));
  CHECK_CU(cuMemMap(va, gran, 0, h, 0));
  CUmemAccessDesc acc;
  memset(&acc, 0, sizeof acc);
  acc.location = prop.location;
  acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  CHECK_CU(cuMemSetAccess(va, gran, &acc, 1));
  float *buf = reinterpret_cast<float *>(va), *out;
  CHECK_CUDA(cudaMalloc(&out, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaEventRecord(written, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, written, 0));
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float hbuf[64];
  CHECK_CUDA(cudaMemcpy(hbuf, out, sizeof hbuf, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= hbuf[i] == i + 1.0f;
  CHECK_CU(cuMemUnmap(va, gran));
  CHECK_CU(cuMemRelease(h));
  CHECK_CU(cuMemAddressFree(va, gran));
  return finish(ok);
}
