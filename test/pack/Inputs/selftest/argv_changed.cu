// Must FAIL: a correct test, but scripts/selftest-gpu-run adds a flag to
// its compile line in the pack, and no packed binary stands for that line.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
#include "race_api.h"

int main() {
  RaceApi r;
  // RACE: WARNING: csan: data race (write-write) on 256 bytes at
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}argv_changed.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemsetAsync(r.buf, 0, 256, r.s2));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish(true);
}
