// pack.h: helpers of the pack-test programs (test/pack/*.cu).
//
// A pack-test program is an end-to-end test (test/e2e/README.md: the same
// RUN lines, a race build and a -DFIXED twin, RACE and FIXED checks) that
// also runs without a GPU, against the fake CUDA runtime (test/fake), so
// the CI proves the GPU pack's host side: the packed binaries load with the
// pack's libraries, csan reports with no llvm-symbolizer, exit statuses,
// and the runner (scripts/gpu-run, lit in the pack). On a GPU they run as
// they are, like any e2e test.
//
// Under the fake, kernels run only if the program gives them a CPU body:
// fake_cuda_kernel_body exists only in the fake, so the program references
// it weakly and, where it is null (a real libcudart), does nothing. A body
// does what the kernel does to memory (device pointers are host pointers in
// the fake) and replays each access through fake_cuda_access with a site
// naming the kernel's source line, as the instrumented kernel would.
//
// Compile with -I%csan_src/test/fake -I%csan_src/rt_device (fake_cuda.h).
#ifndef CSAN_PACK_H
#define CSAN_PACK_H

#include "../../e2e/Inputs/e2e.h"
#include "fake_cuda.h"

extern "C" {
#pragma weak fake_cuda_kernel_body
#pragma weak fake_cuda_site
#pragma weak fake_cuda_access
#pragma weak fake_cuda_access_use
}

// True when the program runs against the fake CUDA runtime.
static inline bool on_fake() { return fake_cuda_kernel_body != nullptr; }

// Gives `kernel` a CPU body (under the fake; a no-op on a GPU).
static inline void cpu_body(const void *kernel, fake_kernel_body body) {
  if (on_fake() && !fake_cuda_kernel_body(kernel, body)) {
    fprintf(stderr, "pack: the fake does not know this kernel\n");
    exit(3);
  }
}

// A kernel's access site: what the instrumented kernel's check names
// (file, line, column, mangled function), for fake_cuda_access.
static inline int32_t cpu_site(const char *file, unsigned line, const char *mangled,
                               uint32_t access, uint32_t size) {
  return fake_cuda_site(file, line, 1, mangled, access, size);
}

// The i-th argument of a launch, as the kernel sees it.
template <class T> static inline T cpu_arg(const fake_launch *l, int i) {
  return *(T *)l->args[i];
}

// Threads of a launch (x dimensions only: the pack tests launch 1D grids).
static inline unsigned cpu_threads(const fake_launch *l) { return l->grid[0] * l->block[0]; }

#endif // CSAN_PACK_H
