// Must FAIL: its RACE check names the line after the racing call.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
#include "race_api.h"

int main() {
  RaceApi r;
  // RACE: WARNING: csan: data race (write-write) on 256 bytes at
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}wrong_line.cu:[[#@LINE+2]]
  CHECK_CUDA(cudaMemsetAsync(r.buf, 0, 256, r.s2));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish(true);
}
