// e2e.h: helpers shared by csan's end-to-end tests (Inputs/ is not a test).
//
// Every test is one small CUDA program built twice: the race build and the
// fixed build (-DFIXED). The programs keep their reports deterministic:
//  - setup (allocation, initial copies) ends with cudaDeviceSynchronize, so
//    only the operations under test can race;
//  - the two racing operations are separated by settle(), which lets the
//    first finish before the second starts *without* any CUDA
//    synchronization. The pair stays unordered for CUDA (csan must report
//    it), but which access csan records first, and so the report's kind
//    and its "Previous" side, no longer depends on timing;
//  - the end synchronizes the device before reading results back.
#ifndef CSAN_E2E_H
#define CSAN_E2E_H

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              cudaGetErrorString(err_));                                       \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

// Checks the launch that was just issued (launches return no status).
#define CHECK_LAUNCH() CHECK_CUDA(cudaGetLastError())

// Lets already issued GPU work finish. Not a synchronization: a sleep orders
// nothing in CUDA's model, and csan does not see it. 50 ms is ample for the
// tests' one-block kernels; CSAN_E2E_SETTLE_MS changes it on a slow machine.
static inline void settle() {
  const char *ms = getenv("CSAN_E2E_SETTLE_MS");
  std::this_thread::sleep_for(std::chrono::milliseconds(ms && *ms ? atoi(ms) : 50));
}

static inline cudaStream_t nonblocking_stream() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return s;
}

static inline cudaStream_t blocking_stream() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreate(&s));
  return s;
}

// Keeps freed stream-ordered memory mapped in the default pool, so a test
// that reads memory after cudaFreeAsync (the race under test) does not
// fault when the pool trims itself at a synchronization.
static inline void keep_pool_memory() {
  cudaMemPool_t pool;
  CHECK_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long keep = ~0ull;
  CHECK_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
}

// Prints the line the FIXED checks look for. The race build always returns
// 0 itself: its exit status is csan's (66 when races were reported).
static inline int finish(bool ok) {
  printf("e2e: result %s\n", ok ? "ok" : "WRONG");
  fflush(stdout);
#ifdef FIXED
  return ok ? 0 : 1;
#else
  return 0;
#endif
}

#endif // CSAN_E2E_H
