// Every allocation call csan pads: the runtime's cudaMalloc,
// cudaMallocManaged, cudaMallocPitch (whole extra rows: the pitch stays the
// one the width gives), cudaMallocAsync, and the driver's cuMemAlloc,
// cuMemAllocManaged, cuMemAllocPitch, cuMemAllocAsync. Each block is asked
// for with a redzone (the fake says what it was asked), the program still
// gets its own size everywhere csan names it: one kernel writing 4 bytes
// past the end of each is reported once per allocation, as 0 bytes after
// the end of a block of the program's size, made by that call, and
// cuMemGetAddressRange answers the program's size (an address in the
// redzone is in no allocation: CUDA_ERROR_NOT_FOUND). With
// memory_errors=0 each call asks for exactly what the program asked.
// cudaMalloc3D is not padded (an extra slice could be large; DESIGN).
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ON < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
#include "lib_test.h"

KERNEL_STUB(past)

#define N 8
static const char *names[N] = {"cudaMalloc", "cudaMallocManaged", "cudaMallocPitch",
                               "cudaMallocAsync", "cuMemAlloc", "cuMemAllocManaged",
                               "cuMemAllocPitch", "cuMemAllocAsync"};

int main(void) {
  lib_kernels_register();
  fake_cuda_register_kernel((const void *)past, "_Z4pastPc", FAKE_TWIN_OK, 1, NULL);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  char *first; /* csan sets itself up at its first call */
  CK(__csan_cudaMalloc((void **)&first, 16, SITE));
  char *p[N];
  uint64_t size[N];
  size_t pitch = 0;
  CUdeviceptr d;
  CK(__csan_cudaMalloc((void **)&p[0], 1024, SITE));
  CK(__csan_cudaMallocManaged((void **)&p[1], 1024, cudaMemAttachGlobal, SITE));
  CK(__csan_cudaMallocPitch((void **)&p[2], &pitch, 1000, 4, SITE));
  CK(__csan_cudaMallocAsync((void **)&p[3], 1024, s, SITE));
  LK(__csan_cuMemAlloc_v2(&d, 1024, SITE));
  p[4] = (char *)(uintptr_t)d;
  LK(__csan_cuMemAllocManaged(&d, 1024, CU_MEM_ATTACH_GLOBAL, SITE));
  p[5] = (char *)(uintptr_t)d;
  LK(__csan_cuMemAllocPitch_v2(&d, &pitch, 1000, 4, 4, SITE));
  p[6] = (char *)(uintptr_t)d;
  LK(__csan_cuMemAllocAsync(&d, 1024, (CUstream)s, SITE));
  p[7] = (char *)(uintptr_t)d;
  CK(__csan_cudaStreamSynchronize(s, SITE));
  for (int i = 0; i < N; i++) {
    size[i] = (i == 2 || i == 6) ? pitch * 4 : 1024;
    NOTE("%s: size %llu asked %llu", names[i], (unsigned long long)size[i],
         (unsigned long long)fake_cuda_block_asked(p[i]));
  }
  CUdeviceptr rb = 0;
  size_t rs = 0;
  LK(__csan_cuMemGetAddressRange_v2(&rb, &rs, (CUdeviceptr)(uintptr_t)(p[4] + 100), SITE));
  CUdeviceptr zb = 0;
  size_t zs = 0;
  int in_redzone =
      (int)__csan_cuMemGetAddressRange_v2(&zb, &zs, (CUdeviceptr)(uintptr_t)(p[4] + 1100), SITE);
  NOTE("cuMemGetAddressRange: base %s, size %zu; in the redzone: %d",
       rb == (CUdeviceptr)(uintptr_t)p[4] ? "the start" : "elsewhere", rs, in_redzone);
  LAUNCH(past, 0, &p[0]);
  const fake_launch *l = fake_cuda_last_launch();
  int redirected = 0;
  for (int i = 0; i < N; i++) {
    int32_t st = fake_cuda_site("past.cu", 10 + i, 3, "_Z4pastPc", CSAN_ACC_WRITE, 4);
    char *at = p[i] + size[i];
    redirected += fake_cuda_access_use(l, at, 4, CSAN_ACC_WRITE, st) != at;
  }
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("redirected %d of %d", redirected, N);
  return 0;
}

// ON:      cudaMalloc: size 1024 asked 1280
// ON-NEXT: cudaMallocManaged: size 1024 asked 1280
// ON-NEXT: cudaMallocPitch: size 4096 asked 5120
// ON-NEXT: cudaMallocAsync: size 1024 asked 1280
// ON-NEXT: cuMemAlloc: size 1024 asked 1280
// ON-NEXT: cuMemAllocManaged: size 1024 asked 1280
// ON-NEXT: cuMemAllocPitch: size 4096 asked 5120
// ON-NEXT: cuMemAllocAsync: size 1024 asked 1280
// ON-NEXT: cuMemGetAddressRange: base the start, size 1024; in the redzone: 500
// ON:      at past.cu:10
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cudaMalloc at
// ON:      at past.cu:11
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cudaMallocManaged at
// ON:      at past.cu:12
// ON:      is 0 bytes after the end of a 4096-byte allocation {{.*}} made by cudaMallocPitch at
// ON:      at past.cu:13
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cudaMallocAsync at
// ON:      at past.cu:14
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cuMemAlloc at
// ON:      at past.cu:15
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cuMemAllocManaged at
// ON:      at past.cu:16
// ON:      is 0 bytes after the end of a 4096-byte allocation {{.*}} made by cuMemAllocPitch at
// ON:      at past.cu:17
// ON:      is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cuMemAllocAsync at
// ON:      redirected 8 of 8
// ON-NEXT: exit=66

// OFF:      cudaMalloc: size 1024 asked 1024
// OFF-NEXT: cudaMallocManaged: size 1024 asked 1024
// OFF-NEXT: cudaMallocPitch: size 4096 asked 4096
// OFF-NEXT: cudaMallocAsync: size 1024 asked 1024
// OFF-NEXT: cuMemAlloc: size 1024 asked 1024
// OFF-NEXT: cuMemAllocManaged: size 1024 asked 1024
// OFF-NEXT: cuMemAllocPitch: size 4096 asked 4096
// OFF-NEXT: cuMemAllocAsync: size 1024 asked 1024
// OFF-NEXT: cuMemGetAddressRange: base the start, size 1024; in the redzone: {{[0-9]+}}
// OFF-NEXT: redirected 0 of 8
// OFF-NEXT: exit=0
