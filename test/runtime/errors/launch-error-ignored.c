// A launch that fails at once (here 2048 threads per block, which CUDA 13.0
// answers with cudaErrorInvalidValue, seen on an H200) and whose error the program does not read with
// cudaGetLastError or cudaPeekAtLastError before its next CUDA call gets one
// warning naming the launch's line, the kernel, its shape and the error.
// Reading the error (either call, also after a synchronization, or the
// launch's own result, which csan-host says with __csan_launch_result_used) is silent,
// as is a launch that succeeded. An error still unread at exit is named too.
// A warning makes the exit status csan's (66).
// RUN: %cc_rt -o %t
// RUN: %run %t unchecked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=UNCHECKED < %t.out
// RUN: %run %t at-exit > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=EXIT < %t.out
// RUN: %run %t checked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
// RUN: %run %t peeked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
// RUN: %run %t sync-then-checked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
// RUN: %run %t result-used > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
// RUN: %run %t good > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
// RUN: env CSAN_OPTIONS=launch_errors=0 %run %t unchecked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SILENT --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  int *buf, host[4] = {0};
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  void *args[] = {&buf};
  dim3 g = {1, 1, 1}, b = {strcmp(mode, "good") ? 2048u : 32u, 1, 1};
  cudaError_t r = __csan_cudaLaunchKernel((const void *)fill, g, b, args, 0, 0, SITE); // line 37
  NOTE("launch: %d", (int)r);
  if (!strcmp(mode, "result-used"))
    __csan_launch_result_used(); /* what csan-host inserts when r is used */
  if (!strcmp(mode, "checked"))
    NOTE("read: %d", (int)__csan_cudaGetLastError(SITE));
  if (!strcmp(mode, "peeked"))
    NOTE("read: %d", (int)__csan_cudaPeekAtLastError(SITE));
  if (!strcmp(mode, "sync-then-checked")) {
    CK(__csan_cudaDeviceSynchronize(SITE));
    NOTE("read: %d", (int)__csan_cudaGetLastError(SITE));
  }
  if (!strcmp(mode, "at-exit"))
    return 0;
  CK(__csan_cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost, SITE));
  NOTE("copied");
  CK(__csan_cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost, SITE));
  NOTE("done");
  return 0;
}

// UNCHECKED:      launch: 1
// UNCHECKED-NEXT: csan: WARNING: the launch of kernel fill(int*) at {{.*}}launch-error-ignored.c:37:3 failed: cudaErrorInvalidValue (invalid argument), and the program did not check (cudaGetLastError or cudaPeekAtLastError) before its next CUDA call: the kernel never ran
// UNCHECKED-NEXT:     grid (1,1,1), block (2048,1,1), 0 bytes of dynamic shared memory
// UNCHECKED:      #0 {{.*}} in main {{.*}}launch-error-ignored.c:37
// UNCHECKED:      copied
// UNCHECKED-NOT:  WARNING
// UNCHECKED:      done
// UNCHECKED-NEXT: exit=66

// EXIT:      launch: 1
// EXIT-NEXT: csan: WARNING: the launch of kernel fill(int*) at {{.*}}launch-error-ignored.c:37:3 failed: cudaErrorInvalidValue (invalid argument), and the program did not check (cudaGetLastError or cudaPeekAtLastError) before it exited: the kernel never ran
// EXIT:      exit=66

// SILENT:     launch: {{[01]}}
// SILENT-NOT: csan:
// SILENT:     done
// SILENT-NEXT: exit=0
