// Attributes a program sets on kernel K with cudaFuncSetAttribute belong to
// K's function, not to its twin K__csan. csan copies them to the twin before
// it launches it, so a launch that needs them (here 64 KiB of dynamic shared
// memory, over the 48 KiB a function gets without opting in) runs checked,
// with K's carveout and cluster settings. The values copied are cached: the
// next launch sets nothing, a changed attribute is set again. Without
// attributes nothing is set at all.
// RUN: %cc_rt -o %t
// RUN: %run %t set > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SET --implicit-check-not=WARNING < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(tile)

#define LAUNCH_SHMEM(stub, bytes)                                                              \
  do {                                                                                         \
    void *args_[] = {&buf};                                                                    \
    dim3 g_ = {2, 1, 1}, b_ = {64, 1, 1};                                                      \
    CK(__csan_cudaLaunchKernel((const void *)(stub), g_, b_, args_, (bytes), 0, SITE));        \
  } while (0)

static void report(const char *when, unsigned long sets) {
  const fake_launch *l = fake_cuda_last_launch();
  NOTE("%s: %s, max dynamic shared %d, carveout %d, cluster (%d,%d,%d), non-portable %d, "
       "policy %d, %lu attribute(s) set",
       when, l->instrumented ? "checked" : "unchecked", l->max_dynamic_shared, l->carveout,
       l->cluster[0], l->cluster[1], l->cluster[2], l->non_portable_cluster, l->cluster_policy,
       fake_cuda_count("cuFuncSetAttribute") - sets);
}

int main(int argc, char **argv) {
  int set = argc > 1 && !strcmp(argv[1], "set");
  fake_cuda_register_kernel((const void *)tile, "_Z4tilePi", FAKE_TWIN_OK, 1, NULL);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  size_t shmem = set ? 64 << 10 : 1024;
  if (set) {
    const void *k = (const void *)tile;
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 << 10));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterWidth, 2));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterHeight, 1));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeRequiredClusterDepth, 1));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeClusterSchedulingPolicyPreference,
                            cudaClusterSchedulingPolicySpread));
  }
  unsigned long sets = fake_cuda_count("cuFuncSetAttribute");
  LAUNCH_SHMEM(tile, shmem);
  report("first", sets);
  sets = fake_cuda_count("cuFuncSetAttribute");
  LAUNCH_SHMEM(tile, shmem);
  report("again", sets);
  if (set)
    CK(cudaFuncSetAttribute((const void *)tile, cudaFuncAttributePreferredSharedMemoryCarveout,
                            25));
  sets = fake_cuda_count("cuFuncSetAttribute");
  LAUNCH_SHMEM(tile, shmem);
  report("changed", sets);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu plain, %lu instrumented", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// SET:      first: checked, max dynamic shared 65536, carveout 50, cluster (2,1,1), non-portable 1, policy 1, 7 attribute(s) set
// SET-NEXT: again: checked, max dynamic shared 65536, carveout 50, cluster (2,1,1), non-portable 1, policy 1, 0 attribute(s) set
// SET-NEXT: changed: checked, max dynamic shared 65536, carveout 25, cluster (2,1,1), non-portable 1, policy 1, 1 attribute(s) set
// SET-NEXT: launches: 0 plain, 3 instrumented
// SET-NEXT: exit=0

// PLAIN:      first: checked, max dynamic shared 49152, carveout -1, cluster (0,0,0), non-portable 0, policy 0, 0 attribute(s) set
// PLAIN-NEXT: again: checked, {{.*}}, 0 attribute(s) set
// PLAIN-NEXT: changed: checked, {{.*}}, 0 attribute(s) set
// PLAIN-NEXT: launches: 0 plain, 3 instrumented
// PLAIN-NEXT: exit=0
