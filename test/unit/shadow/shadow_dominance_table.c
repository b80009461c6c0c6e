// Which older record survives a newer access of another launch that is
// ordered after it (DESIGN.md decision 7): the newer access drops the older
// record's bytes iff it dominates it. Plain write dominates everything but
// FREE; plain read dominates reads; atomic write dominates atomics; atomic
// read dominates atomic reads; FREE dominates everything; ALLOC everything
// including FREE.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

static const uint32_t kinds[] = {R, W, AR, AW, FREE, ALLOC};

int main(void) {
  setup(64, 4096);
  track(BASE, 4096);
  uint64_t g = BASE;
  for (int o = 0; o < 5; o++)       // older: no ALLOC record kind exists
    for (int n = 0; n < 6; n++) {
      launch older = mk(1, 1);
      launch newer = after(mk(2, 1), 1, 1);
      acc(&older, g, 16, kinds[o], 1);
      acc(&newer, g, 16, kinds[n], 2);
      csan_tag_t t[4];
      int cnt = csan_shadow_cpu_records(sh, g, t, NULL, 4, NULL);
      int kept = 0;
      for (int i = 0; i < cnt; i++)
        kept |= CSAN_TAG_GET_SLOT(t[i]) == 1;
      printf("%s after %s: %s\n", acc_name(kinds[n]), acc_name(kinds[o]),
             kept ? "kept" : "dropped");
      g += 16;
    }
  csan_shadow_cpu_clear_races(sh);
  // CHECK: read after read: dropped
  // CHECK-NEXT: write after read: dropped
  // CHECK-NEXT: atomic-read after read: kept
  // CHECK-NEXT: atomic-write after read: kept
  // CHECK-NEXT: free after read: dropped
  // CHECK-NEXT: alloc after read: dropped
  // CHECK-NEXT: read after write: kept
  // CHECK-NEXT: write after write: dropped
  // CHECK-NEXT: atomic-read after write: kept
  // CHECK-NEXT: atomic-write after write: kept
  // CHECK-NEXT: free after write: dropped
  // CHECK-NEXT: alloc after write: dropped
  // CHECK-NEXT: read after atomic-read: dropped
  // CHECK-NEXT: write after atomic-read: dropped
  // CHECK-NEXT: atomic-read after atomic-read: dropped
  // CHECK-NEXT: atomic-write after atomic-read: dropped
  // CHECK-NEXT: free after atomic-read: dropped
  // CHECK-NEXT: alloc after atomic-read: dropped
  // CHECK-NEXT: read after atomic-write: kept
  // CHECK-NEXT: write after atomic-write: dropped
  // CHECK-NEXT: atomic-read after atomic-write: kept
  // CHECK-NEXT: atomic-write after atomic-write: dropped
  // CHECK-NEXT: free after atomic-write: dropped
  // CHECK-NEXT: alloc after atomic-write: dropped
  // CHECK-NEXT: read after free: kept
  // CHECK-NEXT: write after free: kept
  // CHECK-NEXT: atomic-read after free: kept
  // CHECK-NEXT: atomic-write after free: kept
  // CHECK-NEXT: free after free: dropped
  // CHECK-NEXT: alloc after free: dropped
  csan_shadow_cpu_destroy(sh);
  return 0;
}
