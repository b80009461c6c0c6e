/* rt_test.h: helpers for the runtime tests (C programs that call csan's
 * wrappers as instrumented code would, against the fake CUDA library).
 *
 * Kernels are host functions standing in for `<<<>>>` stubs; the fake calls
 * a test's body for each launch, which replays the kernel's accesses. Calls
 * are made from the test's own functions (macros, not helpers), so the
 * issuing host stack csan records starts in the test.
 */
#ifndef RT_TEST_H
#define RT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_cuda_api.h"
#include "fake_cuda.h"

/* The site csan-host would pass for a call on this line. */
#define SITE (&(const csan_host_site){__FILE__, __func__, __LINE__, 3})

/* A CUDA call that must succeed. */
#define CK(call)                                                                               \
  do {                                                                                         \
    cudaError_t e_ = (call);                                                                   \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, (int)e_);           \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

/* Launches `stub` with one block of 32 threads on `stream`, passing the
 * addresses of the kernel's arguments. */
#define LAUNCH(stub, stream, ...)                                                              \
  do {                                                                                         \
    void *args_[] = {__VA_ARGS__};                                                             \
    dim3 g_ = {1, 1, 1}, b_ = {32, 1, 1};                                                      \
    CK(__csan_cudaLaunchKernel((const void *)(stub), g_, b_, args_, 0, (stream), SITE));       \
  } while (0)

/* A stream that takes no part in the legacy stream's barriers. */
#define NONBLOCKING_STREAM(s) CK(__csan_cudaStreamCreateWithFlags(&(s), cudaStreamNonBlocking, SITE))

/* A line on stderr, in order with csan's reports. */
#define NOTE(...)                                                                              \
  do {                                                                                         \
    fprintf(stderr, __VA_ARGS__);                                                              \
    fputc('\n', stderr);                                                                       \
  } while (0)

/* A kernel's threads accessing n elements of `size` bytes from p, one
 * access each (as instrumented code checks each access). */
static inline void kernel_accesses(const fake_launch *l, const void *p, unsigned n, unsigned size,
                                   uint32_t access, int32_t site) {
  for (unsigned i = 0; i < n; i++)
    fake_cuda_access(l, (const char *)p + (size_t)i * size, size, access, site);
}

/* The i-th argument of a launch, as the kernel sees it. */
#define ARG(launch, type, i) (*(type *)(launch)->args[i])

/* A function whose address names a kernel (the `<<<>>>` stub); each has its
 * own body, so no two stubs can be folded into one. */
#define KERNEL_STUB(name)                                                                      \
  static volatile int name##_calls;                                                            \
  static void name(void) { name##_calls++; }

#endif /* RT_TEST_H */
