// A race entry records where its first reporting access came from (grid
// block and thread on the GPU; whatever the CPU caller passes, zeros for
// NULL); later accesses folded into the entry do not change it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

static void show(void) {
  csan_race e[4];
  uint32_t n = csan_shadow_cpu_races(sh, e, 4, NULL, NULL);
  for (uint32_t i = 0; i < n && i < 4; i++)
    printf("site %u block (%u,%u,%u) thread (%u,%u,%u) count %llu\n", e[i].site, e[i].block[0],
           e[i].block[1], e[i].block[2], e[i].thread[0], e[i].thread[1], e[i].thread[2],
           (unsigned long long)e[i].count);
  csan_shadow_cpu_clear_races(sh);
}

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w = mk(1, 1), r = mk(2, 1);
  acc(&w, BASE, 64, W, 10);
  csan_shadow_cpu_who first = {{1, 2, 3}, {4, 5, 6}}, second = {{7, 8, 9}, {10, 11, 12}};
  csan_shadow_cpu_access(sh, &r.ctx, BASE, 4, R, 20, &first);
  csan_shadow_cpu_access(sh, &r.ctx, BASE + 32, 4, R, 20, &second);
  show();
  // CHECK: site 20 block (1,2,3) thread (4,5,6) count 2
  csan_shadow_cpu_access(sh, &r.ctx, BASE + 48, 4, R, 21, NULL);
  show();
  // CHECK-NEXT: site 21 block (0,0,0) thread (0,0,0) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
