// A synchronous cudaMemcpy from device to host makes the host wait for the
// copy: a kernel issued afterwards on a non-blocking stream that overwrites
// the copied buffer is ordered after it. The same copy with
// cudaMemcpyAsync on the legacy stream does not make the host wait, and the
// kernel's write races with the copy's read (read-write).
// RUN: %cc_rt -o %t
// RUN: %run %t sync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SYNC --implicit-check-not=WARNING < %t.out
// RUN: %run %t async > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ASYNC < %t.out
#include "rt_test.h"

KERNEL_STUB(overwrite)
static int32_t site;

static void overwrite_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int sync = argc > 1 && !strcmp(argv[1], "sync");
  site = fake_cuda_site("ow.cu", 2, 5, "_Z9overwritePi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)overwrite, "_Z9overwritePi", FAKE_TWIN_OK, 1,
                            overwrite_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf, host[4];
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMemset(buf, 0, 16, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  if (sync)
    CK(__csan_cudaMemcpy(host, buf, 16, cudaMemcpyDeviceToHost, SITE));
  else
    CK(__csan_cudaMemcpyAsync(host, buf, 16, cudaMemcpyDeviceToHost, 0, SITE));
  LAUNCH(overwrite, s, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// SYNC: done
// SYNC-NEXT: exit=0

// ASYNC:      WARNING: csan: data race (read-write) on 16 bytes
// ASYNC-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel overwrite(int*) on stream 0x{{[0-9a-f]+}}:
// ASYNC:        Previous read of size 16 by cudaMemcpyAsync on stream legacy:
// ASYNC:      done
// ASYNC-NEXT: csan: reported 1 data race(s)
// ASYNC-NEXT: exit=66
