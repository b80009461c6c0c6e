// Must FAIL: a correct test, but scripts/selftest-gpu-run edits its file in
// the pack, so the packed binary is not compiled from it.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
#include "race_api.h"

int main() {
  RaceApi r;
  // RACE: WARNING: csan: data race (write-write) on 256 bytes at
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}source_changed.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemsetAsync(r.buf, 0, 256, r.s2));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish(true);
}
