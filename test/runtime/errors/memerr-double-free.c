// A second cudaFree of the same block. With the quarantine on, csan still
// holds the block from the first free (the allocator never got it back), so
// it does not call cudaFree again (that would free it now, with success):
// it reports a double free with both frees' lines and returns
// cudaErrorInvalidValue, CUDA's answer. With quarantine_mb=0 the block went
// back to the allocator: the real cudaFree rejects the pointer and csan
// reports the same. The fixed twin frees once: nothing reported, exit 0.
// Either way the error is the thread's last error (cudaPeekAtLastError,
// cudaGetLastError, which clears it), as CUDA's would be. cudaFreeAsync of
// a block already freed asynchronously: the same report, CUDA's error.
// report_format=json gives the same fields.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: env CSAN_OPTIONS=quarantine_mb=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: %run %t async > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ASYNC < %t.out
// RUN: env CSAN_OPTIONS=report_format=json %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=JSON < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
#include "rt_test.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "fixed";
  int *a;
  if (!strcmp(mode, "async")) {
    cudaStream_t s;
    NONBLOCKING_STREAM(s);
    CK(__csan_cudaMallocAsync((void **)&a, 4096, s, SITE)); // line 33
    CK(__csan_cudaFreeAsync(a, s, SITE));                    // line 34
    NOTE("second cudaFreeAsync: %d", (int)__csan_cudaFreeAsync(a, s, SITE)); // line 35
    CK(__csan_cudaStreamSynchronize(s, SITE));
    return 0;
  }
  CK(__csan_cudaMalloc((void **)&a, 1024, SITE)); // line 39
  CK(__csan_cudaFree(a, SITE));                    // line 40
  if (!strcmp(mode, "bad"))
    NOTE("second cudaFree: %d", (int)__csan_cudaFree(a, SITE)); // line 42
  int peek = (int)__csan_cudaPeekAtLastError(SITE);
  int last = (int)__csan_cudaGetLastError(SITE);
  NOTE("last error: peek %d, get %d, then %d", peek, last, (int)__csan_cudaGetLastError(SITE));
  int *b;
  CK(__csan_cudaMalloc((void **)&b, 1024, SITE));
  CK(__csan_cudaFree(b, SITE));
  NOTE("done");
  return 0;
}

// BAD:      ==================
// BAD-NEXT: csan: ERROR: double free: cudaFree of 0x[[A:[0-9a-f]+]]
// BAD-NEXT:   called at {{.*}}memerr-double-free.c:42:3
// BAD:        0x[[A]] is the start of a 1024-byte freed allocation [0x[[A]], 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-double-free.c:39:3
// BAD:        freed by cudaFree at {{.*}}memerr-double-free.c:40:3
// BAD:      SUMMARY: csan: double-free {{.*}}memerr-double-free.c:42:3 in cudaFree
// BAD-NEXT: ==================
// BAD-NEXT: second cudaFree: 1
// BAD-NEXT: last error: peek 1, get 1, then 0
// BAD-NEXT: done
// BAD-NEXT: exit=66

// FIXED:      last error: peek 0, get 0, then 0
// FIXED-NEXT: done
// FIXED-NEXT: exit=0

// ASYNC:      csan: ERROR: double free: cudaFreeAsync of 0x[[A:[0-9a-f]+]]
// ASYNC-NEXT:   called at {{.*}}memerr-double-free.c:35:3
// ASYNC:        0x[[A]] is the start of a 4096-byte freed allocation [0x[[A]], 0x{{[0-9a-f]+}}) made by cudaMallocAsync at {{.*}}memerr-double-free.c:33:3
// ASYNC:        freed by cudaFreeAsync at {{.*}}memerr-double-free.c:34:3
// ASYNC:      SUMMARY: csan: double-free {{.*}}memerr-double-free.c:35:3 in cudaFreeAsync
// ASYNC:      second cudaFreeAsync: 1
// ASYNC-NEXT: exit=66

// JSON:      {"type":"memory-error","kind":"double-free","access":"free",{{.*}}"what":"cudaFree","kernel":false,{{.*}}"line":42,{{.*}}"allocation":{{{.*}}"size":1024,"offset":0,"freed":true,"api":"cudaMalloc",{{.*}}"free_api":"cudaFree","free_stack":
// JSON:      second cudaFree: 1
// JSON:      exit=66

// OFF:      second cudaFree: 1
// OFF-NEXT: last error: peek 1, get 1, then 0
// OFF-NEXT: done
// OFF-NEXT: exit=0
