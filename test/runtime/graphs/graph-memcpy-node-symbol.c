// A graph copy node to a __device__ variable (cudaGraphAddMemcpyNodeToSymbol)
// and a kernel node writing the same variable, with no path between them:
// the launch reports the race, the copy node named by the line that added
// it (before, csan did not wrap the symbol adds: the node took the graph
// launch's line) and the variable by name. The fixed twin orders the copy
// after the kernel node.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(bump)
static int32_t site;
static int dv[16]; /* the host shadow of `__device__ int dv[16]` */

static void bump_body(const fake_launch *l) {
  void *d = NULL;
  CK(cudaGetSymbolAddress(&d, dv)); /* what the kernel's code addresses */
  kernel_accesses(l, (int *)d + 4, 2, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  site = fake_cuda_site("var.cu", 5, 3, "_Z4bumpv", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)bump, "_Z4bumpv", FAKE_TWIN_OK, 0, bump_body);
  /* What __cuda_register_globals does, before main in a real program. */
  void *handle = NULL;
  __csan___cudaRegisterVar(&handle, (char *)dv, (char *)"dv", "dv", 0, sizeof dv, 0, 0, SITE);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  static int host[4] = {1, 2, 3, 4};
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaKernelNodeParams p = {(void *)bump, {1, 1, 1}, {1, 1, 1}, 0, NULL, NULL};
  cudaGraphNode_t k, c;
  CK(__csan_cudaGraphAddKernelNode(&k, g, NULL, 0, &p, SITE));
  CK(__csan_cudaGraphAddMemcpyNodeToSymbol(&c, g, fixed ? &k : NULL, fixed ? 1 : 0, dv, host,
                                           sizeof host, 4 * sizeof(int), cudaMemcpyHostToDevice,
                                           SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 8 bytes
// RACE:        #0 {{.*}}graph-memcpy-node-symbol.c:39
// RACE:        Location: bytes [16, 24) of allocation dv (64 bytes)
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      done
// FIXED-NEXT: exit=0
