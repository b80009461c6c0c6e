// Must FAIL: its "fixed" build orders nothing, so csan still reports.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "race_api.h"

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  RaceApi r;
  CHECK_CUDA(cudaMemsetAsync(r.buf, 0, 256, r.s2));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish(true);
}
