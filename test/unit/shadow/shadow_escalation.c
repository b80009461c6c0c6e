// A granule whose live records do not fit its two cells escalates to a
// chain of pool blocks (10 records each): every record is still checked.
// When an ordered write leaves one record, the granule returns to its
// cells and the chain goes back to the free list of the granule's shard,
// from where the next escalation of that shard takes it; a granule of
// another shard takes a new block while the bump allocator has one, and
// then the other shards' free blocks.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"

/* Three unordered readers of granule g: it escalates. */
static void three_readers(const launch *r, uint64_t g) {
  for (int i = 0; i < 3; i++)
    acc(&r[i], g, 16, R, 50 + i);
}

static void pool(const char *label) {
  csan_shadow_pool_stats st;
  csan_shadow_cpu_pool_stats(sh, &st);
  printf("pool %s: handed %u free %u exhausted %u\n", label, st.handed, st.free, st.exhausted);
}

int main(void) {
  setup(16, 256);
  track(BASE, 1u << 16);
  launch r[12];
  for (int i = 0; i < 2; i++) {
    r[i] = mk(1 + i, 1);
    acc(&r[i], BASE, 16, R, 10 + i);
  }
  records("two readers", BASE);
  // CHECK-LABEL: -- two readers: 2 record(s)
  // CHECK-NOT: escalated
  r[2] = mk(3, 1);
  acc(&r[2], BASE, 16, R, 12);
  records("three readers", BASE);
  // CHECK-LABEL: -- three readers: 3 record(s) escalated
  pool("after three");
  // CHECK: pool after three: handed 1 free 0 exhausted 0
  for (int i = 3; i < 12; i++) {
    r[i] = mk(1 + i, 1);
    acc(&r[i], BASE, 16, R, 10 + i);
  }
  pool("after twelve");
  // CHECK: pool after twelve: handed 2 free 0 exhausted 0

  launch w = mk(20, 1); // unordered with every reader
  acc(&w, BASE + 4, 2, W, 30);
  dump("unordered write");
  // CHECK-LABEL: == unordered write: 12 race(s)
  // CHECK-COUNT-12: race read-write slot 20:1 site 30 vs slot {{[0-9]+}}:1 site {{[0-9]+}} [4, 6) count 1

  launch w2 = mk(21, 1);
  for (int i = 0; i < 12; i++)
    w2 = after(w2, 1 + (uint32_t)i, 1);
  w2 = after(w2, 20, 1);
  acc(&w2, BASE, 16, W, 40);
  dump("ordered write");
  // CHECK-LABEL: == ordered write: 0 race(s)
  records("after the ordered write", BASE);
  // CHECK-LABEL: -- after the ordered write: 1 record(s)
  // CHECK-NEXT: rec write slot 21:1 mask ffff site 40
  pool("after de-escalation");
  // CHECK: pool after de-escalation: handed 2 free 2 exhausted 0

  // Granules of BASE's shard and of others (the shard is a hash of the
  // address: found, not assumed).
  uint64_t same = 0, others[15];
  uint32_t nothers = 0, used[CSAN_POOL_SHARDS] = {0};
  used[csan_sh_shard(BASE)] = 1;
  for (uint64_t g = BASE + 16; g < BASE + (1u << 16); g += 16) {
    uint32_t sh_g = csan_sh_shard(g);
    if (sh_g == csan_sh_shard(BASE)) {
      if (!same)
        same = g;
    } else if (!used[sh_g] && nothers < 15) {
      used[sh_g] = 1;
      others[nothers++] = g;
    }
  }
  if (!same || nothers < 15)
    die("not enough granules of the shards this test needs");

  three_readers(r, others[0]);
  records("another shard", others[0]);
  // CHECK-LABEL: -- another shard: 3 record(s) escalated
  pool("another shard");
  // CHECK: pool another shard: handed 3 free 2 exhausted 0

  // 13 more shards use up the bump allocator (16 blocks).
  for (uint32_t i = 1; i < 14; i++)
    three_readers(r, others[i]);
  pool("bump used up");
  // CHECK: pool bump used up: handed 16 free 2 exhausted 0
  three_readers(r, others[14]);
  records("after the bump", others[14]);
  // CHECK-LABEL: -- after the bump: 3 record(s) escalated
  pool("from another shard");
  // CHECK: pool from another shard: handed 16 free 1 exhausted 0

  three_readers(r, same);
  records("same shard", same);
  // CHECK-LABEL: -- same shard: 3 record(s) escalated
  pool("same shard");
  // CHECK: pool same shard: handed 16 free 0 exhausted 0
  csan_shadow_cpu_destroy(sh);
  return 0;
}
