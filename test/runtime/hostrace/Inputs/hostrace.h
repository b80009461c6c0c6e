/* hostrace.h: fake kernels for the host-versus-device programs.
 *
 * The programs call the CUDA runtime as any program does (csan-clang
 * redirects the calls to csan's wrappers, and -csan-host-accesses checks
 * their own loads and stores). The fake CUDA runtime stands in for the GPU:
 * a "kernel" is a host stub registered with a CPU body that replays the
 * kernel's accesses under csan's launch context.
 *
 *   fill(int *p, int n)   writes p[0..n) at k.cu:10:5 (and stores i + 1)
 *   sum(int *p, int n)    reads p[0..n) at k.cu:20:5
 */
#ifndef HOSTRACE_H
#define HOSTRACE_H

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_abi.h"
#include "fake_cuda.h"

/* A CUDA call that must succeed. */
#define CK(call)                                                                               \
  do {                                                                                         \
    cudaError_t e_ = (call);                                                                   \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #call, (int)e_);           \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

static volatile int fill_calls, sum_calls;
static void fill(void) { fill_calls++; }
static void sum(void) { sum_calls++; }
static int32_t fill_site, sum_site;

/* The bodies stand in for device code: not host accesses of the program. */
#define DEVICE_CODE __attribute__((disable_sanitizer_instrumentation))

DEVICE_CODE static void fill_body(const fake_launch *l) {
  int *p = *(int **)l->args[0];
  int n = *(int *)l->args[1];
  for (int i = 0; i < n; i++) {
    fake_cuda_access(l, p + i, 4, CSAN_ACC_WRITE, fill_site);
    p[i] = i + 1;
  }
}

DEVICE_CODE static void sum_body(const fake_launch *l) {
  int *p = *(int **)l->args[0];
  int n = *(int *)l->args[1];
  for (int i = 0; i < n; i++)
    fake_cuda_access(l, p + i, 4, CSAN_ACC_READ, sum_site);
}

static void kernels_register(void) {
  fill_site = fake_cuda_site("k.cu", 10, 5, "_Z4fillPii", CSAN_ACC_WRITE, 4);
  sum_site = fake_cuda_site("k.cu", 20, 5, "_Z3sumPii", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPii", FAKE_TWIN_OK, 2, fill_body);
  fake_cuda_register_kernel((const void *)sum, "_Z3sumPii", FAKE_TWIN_OK, 2, sum_body);
}

/* kernel<<<1, 32, 0, stream>>>(p, n) */
static inline cudaError_t launch(void (*kernel)(void), cudaStream_t s, int *p, int n) {
  void *args[] = {&p, &n};
  dim3 g = {1, 1, 1}, b = {32, 1, 1};
  return cudaLaunchKernel((const void *)kernel, g, b, args, 0, s);
}

#endif /* HOSTRACE_H */
