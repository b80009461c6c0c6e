// Under -fgpu-rdc the constructor csan-host adds registers each variable
// with __csan_register_device_var (the linker wrapper registers it with
// CUDA): it is tracked from the first launch on, under its name; a
// CSAN_VAR_F_CONSTANT variable is not.
// RUN: %cc_rt -o %t
// RUN: %run %t device > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=DEVICE < %t.out
// RUN: %run %t constant > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CONSTANT --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(bump)
static int32_t site;
static double table[8];

static void bump_body(const fake_launch *l) {
  void *d = NULL;
  CK(cudaGetSymbolAddress(&d, table));
  kernel_accesses(l, d, 1, 8, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int constant = argc > 1 && !strcmp(argv[1], "constant");
  site = fake_cuda_site("rdc.cu", 5, 3, "_Z4bumpv", CSAN_ACC_WRITE, 8);
  fake_cuda_register_kernel((const void *)bump, "_Z4bumpv", FAKE_TWIN_OK, 0, bump_body);
  /* The linker wrapper's registration, then csan's. */
  void *handle = NULL;
  __cudaRegisterVar(&handle, (char *)table, (char *)"table", "table", 0, sizeof table, constant, 0);
  __csan_register_device_var(table, "table", sizeof table, constant ? CSAN_VAR_F_CONSTANT : 0);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  void *args[1];
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  CK(__csan_cudaLaunchKernel((const void *)bump, g, b, args, 0, s1, SITE));
  CK(__csan_cudaLaunchKernel((const void *)bump, g, b, args, 0, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// DEVICE:      WARNING: csan: data race (write-write) on 8 bytes
// DEVICE:        Location: bytes [0, 8) of allocation table (64 bytes) at 0x{{[0-9a-f]+}} made by __device__ variable
// DEVICE:      done
// DEVICE-NEXT: csan: reported 1 data race(s)
// DEVICE-NEXT: exit=66

// CONSTANT: done
// CONSTANT-NEXT: exit=0
