// A kernel from device code csan did not instrument has no twin: it is
// launched as it is (uninstrumented, so its accesses are not checked) but it
// is still an operation that orders and is ordered. Here the memset on the
// second stream races with the memset before the kernel, and the report's
// operation numbers count the kernel's launch. With a twin, the kernel's
// checked write supersedes the first memset's, and the race is with it.
// RUN: %cc_rt -o %t
// RUN: %run %t none > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NONE < %t.out
// RUN: %run %t twin > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=TWIN < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int twin = argc > 1 && !strcmp(argv[1], "twin");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", twin ? FAKE_TWIN_OK : FAKE_TWIN_NONE,
                            1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMemsetAsync(buf, 0, 16, s1, SITE));
  LAUNCH(fill, s1, &buf);
  CK(__csan_cudaMemsetAsync(buf, 1, 16, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu plain, %lu instrumented", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// NONE:      WARNING: csan: data race (write-write) on 16 bytes
// NONE-NEXT:   Write of size 16 at 0x{{[0-9a-f]+}} by cudaMemsetAsync on stream 0x{{[0-9a-f]+}}:
// NONE-NEXT:     operation #3 on slot 2
// NONE:        Previous write of size 16 by cudaMemsetAsync on stream 0x{{[0-9a-f]+}}:
// NONE-NEXT:     operation #1 on slot 1
// NONE:      launches: 1 plain, 0 instrumented
// NONE:      csan: 1 call(s) of 1 kind(s) ran unchecked
// NONE:      cudaLaunchKernel of fill(int*): 1 call(s), first at {{.*}}twin-missing.c:[[#]]: the kernel has no instrumented twin
// NONE:      csan: reported 1 data race(s)

// TWIN:      Write of size 16 at 0x{{[0-9a-f]+}} by cudaMemsetAsync on stream 0x{{[0-9a-f]+}}:
// TWIN-NEXT:     operation #3 on slot 2
// TWIN:        Previous write of size 4 by kernel fill(int*) on stream 0x{{[0-9a-f]+}}:
// TWIN:      launches: 0 plain, 1 instrumented
// TWIN-NOT:  ran unchecked
// TWIN:      csan: reported 1 data race(s)
