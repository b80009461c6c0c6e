// Must FAIL: csan reports the race (the checks pass) but exits 1, not 66:
// LLVM's `not` would accept it, the pack's %not must not.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: env CSAN_OPTIONS=exitcode=1 %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
#include "race_api.h"

int main() {
  RaceApi r;
  // RACE: WARNING: csan: data race (write-write) on 256 bytes at
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}exit_status.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemsetAsync(r.buf, 0, 256, r.s2));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish(true);
}
