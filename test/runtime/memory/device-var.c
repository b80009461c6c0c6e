// A __device__ variable registered by the module constructor
// (__cudaRegisterVar, redirected) is tracked like an allocation once its
// device address is known: a kernel writing it on one stream and
// cudaMemcpyToSymbolAsync on another race, and the report names the
// variable. A __constant__ variable (constant = 1) is not tracked.
// RUN: %cc_rt -o %t
// RUN: %run %t device > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=DEVICE < %t.out
// RUN: %run %t constant > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CONSTANT --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(bump)
static int32_t site;
static int dv[16]; /* the host shadow of `__device__ int dv[16]` */

static void bump_body(const fake_launch *l) {
  (void)l;
  void *d = NULL;
  CK(cudaGetSymbolAddress(&d, dv)); /* what the kernel's code addresses */
  kernel_accesses(l, (int *)d + 4, 2, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int constant = argc > 1 && !strcmp(argv[1], "constant");
  site = fake_cuda_site("var.cu", 5, 3, "_Z4bumpv", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)bump, "_Z4bumpv", FAKE_TWIN_OK, 0, bump_body);
  /* What __cuda_register_globals does, before main in a real program. */
  void *handle = NULL;
  __csan___cudaRegisterVar(&handle, (char *)dv, (char *)"dv", "dv", 0, sizeof dv, constant, 0,
                           SITE);
  NOTE("registered");
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int host[4] = {1, 2, 3, 4};
  void *args[1];
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  CK(__csan_cudaLaunchKernel((const void *)bump, g, b, args, 0, s1, SITE));
  CK(__csan_cudaMemcpyToSymbolAsync(dv, host, sizeof host, 4 * sizeof(int), cudaMemcpyHostToDevice,
                                    s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// DEVICE:      registered
// DEVICE:      WARNING: csan: data race (write-write) on 8 bytes
// DEVICE-NEXT:   Write of size 16 at 0x{{[0-9a-f]+}} by cudaMemcpyToSymbolAsync on stream 0x{{[0-9a-f]+}}:
// DEVICE:        Previous write of size 4 by kernel bump() on stream 0x{{[0-9a-f]+}}:
// DEVICE:        Location: bytes [16, 24) of allocation dv (64 bytes) at 0x{{[0-9a-f]+}} made by __device__ variable at:
// DEVICE-NEXT:       #0 main {{.*}}device-var.c:[[#]]:3
// DEVICE:      done
// DEVICE-NEXT: csan: reported 1 data race(s)
// DEVICE-NEXT: exit=66

// CONSTANT:      registered
// CONSTANT-NEXT: done
// CONSTANT-NEXT: exit=0
