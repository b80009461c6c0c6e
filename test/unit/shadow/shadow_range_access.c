// csan_shadow_access takes any range: it skips unshadowed pages in one
// step, stops at 2^49, survives ranges that wrap around 2^64, and does
// nothing for an empty range or a null context. Races inside the tracked
// part are still found.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  uint64_t page_end = (BASE | (CSAN_PAGE_SIZE - 1)) + 1; // next 2 MiB boundary
  track(page_end - 32, 32);       // the last 32 bytes of BASE's page
  track(page_end + (4u << 21), 64); // a page further on; pages between unshadowed
  launch a = mk(1, 1), b = mk(2, 1);
  acc(&a, page_end - 64, (6u << 21), W, 10); // spans both tracked ranges
  acc(&b, page_end - 8, 4, R, 20);
  acc(&b, page_end + (4u << 21) + 60, 8, R, 21);
  acc(&b, (1ull << 49) - 16, 64, W, 22);  // crosses the end of the shadowed VA
  acc(&b, ~0ull - 8, 64, W, 23);          // wraps around
  acc(&b, BASE, 0, W, 24);                // empty
  csan_shadow_cpu_access(sh, NULL, page_end - 32, 8, W, 25, NULL);
  csan_race e[8];
  uint32_t n = csan_shadow_cpu_races(sh, e, 8, NULL, NULL);
  printf("races %u\n", n);
  for (uint32_t i = 0; i < n && i < 8; i++)
    printf("site %u [%lld, %lld) size %u\n", e[i].site, (long long)(e[i].lo - page_end),
           (long long)(e[i].hi - page_end), e[i].size);
  // CHECK: races 2
  // CHECK-DAG: site 20 [-8, -4) size 4
  // CHECK-DAG: site 21 [8388668, 8388672) size 8
  csan_shadow_cpu_destroy(sh);
  return 0;
}
