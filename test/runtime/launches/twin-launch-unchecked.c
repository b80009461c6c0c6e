// When the instrumented twin of a kernel fails to launch (here it needs more
// registers than a 1024-thread block allows), the kernel itself is launched
// unchecked. csan names the kernel, the launch's geometry and CUDA's reason
// once per kernel, tries the twin again at every launch (a smaller launch is
// checked), and says at exit how many launches ran unchecked, whatever the
// verbosity. When every twin launches, nothing is said.
// RUN: %cc_rt -o %t
// RUN: %run %t big > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BIG < %t.out
// RUN: %run %t small > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SMALL --implicit-check-not=WARNING --implicit-check-not=unchecked < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

#define LAUNCH_BLOCK(threads)                                                                  \
  do {                                                                                         \
    void *args_[] = {&buf};                                                                    \
    dim3 g_ = {4, 1, 1}, b_ = {(threads), 1, 1};                                               \
    CK(__csan_cudaLaunchKernel((const void *)fill, g_, b_, args_, 512, 0, SITE));              \
  } while (0)

int main(int argc, char **argv) {
  int big = argc > 1 && !strcmp(argv[1], "big");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_twin_max_threads((const void *)fill, 256);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH_BLOCK(big ? 1024 : 128);
  LAUNCH_BLOCK(big ? 512 : 128);
  LAUNCH_BLOCK(128);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu plain, %lu instrumented", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// BIG:      csan: WARNING: the instrumented twin of kernel fill(int*) failed to launch with grid (4,1,1), block (1024,1,1) and 512 bytes of dynamic shared memory: too many resources requested for launch; that launch runs unchecked (csan tries the twin again at every launch and counts the launches that run unchecked)
// BIG-NOT:  WARNING
// BIG:      launches: 2 plain, 1 instrumented
// BIG-NEXT: csan: 2 kernel launch(es) ran unchecked: their instrumented twins failed to launch (see the warning for each kernel)
// BIG-NEXT: exit=0

// SMALL:      launches: 0 plain, 3 instrumented
// SMALL-NEXT: exit=0
