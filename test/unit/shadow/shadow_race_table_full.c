// A full race table counts the races it cannot hold in `dropped` (the host
// reports the number); races whose entry exists still widen it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 4); // four entries
  track(BASE, 4096);
  launch w = mk(1, 1), r = mk(2, 1);
  acc(&w, BASE, 1024, W, 10);
  for (int i = 0; i < 10; i++)
    acc(&r, BASE + 16 * (uint64_t)i, 4, R, 100 + i); // ten distinct sites
  acc(&r, BASE + 512, 4, R, 100);                    // same key as the first
  uint32_t used, dropped;
  csan_race e[8];
  uint32_t n = csan_shadow_cpu_races(sh, e, 8, &used, &dropped);
  printf("entries %u used %u dropped %u\n", n, used, dropped);
  // CHECK: entries 4 used 4 dropped 6
  uint64_t counted = 0;
  for (uint32_t i = 0; i < n; i++)
    counted += e[i].count;
  printf("accesses folded into entries %llu\n", (unsigned long long)counted);
  // CHECK: accesses folded into entries 5
  csan_shadow_cpu_destroy(sh);

  setup(64, 0); // no table at all: everything is dropped, nothing breaks
  track(BASE, 4096);
  w = mk(1, 1);
  r = mk(2, 1);
  acc(&w, BASE, 16, W, 10);
  acc(&r, BASE, 16, R, 20);
  n = csan_shadow_cpu_races(sh, e, 8, &used, &dropped);
  printf("no table: entries %u dropped %u\n", n, dropped);
  // CHECK: no table: entries 0 dropped 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
