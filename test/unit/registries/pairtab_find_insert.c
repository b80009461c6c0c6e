// The runtime's pair-keyed caches (csan_pairtab): an entry is found only by
// its exact pair (same pointer with another word, or another pointer with
// the same word, is a miss, also among many entries of one pointer);
// inserting a key that is there returns the
// entry already in the table and keeps its value; the table grows past its
// first capacity without losing an entry; foreach visits every entry once;
// after clear nothing is found and the table works again.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_pairtab.h"

typedef struct entry {
  csan_pair_key key;
  int value;
} entry;

/* Fixed addresses (never dereferenced), so the slots and probe paths are
 * the same in every run. */
#define OBJ(i) ((const void *)(uintptr_t)(0x7f0000001000ull + 16u * (unsigned)(i)))
#define OBJ_NO(p) ((int)(((uintptr_t)(p) - 0x7f0000001000ull) / 16u))

static void show(const csan_pairtab *t, const void *p, uint64_t w) {
  const entry *e = csan_pairtab_find(t, p, w);
  if (e)
    printf("(obj%d, %llu) -> %d\n", OBJ_NO(p), (unsigned long long)w,
           e->value);
  else
    printf("(obj%d, %llu) not found\n", OBJ_NO(p), (unsigned long long)w);
}

static void add_value(void *e, void *sum) { *(long long *)sum += ((entry *)e)->value; }
static void count_entry(void *e, void *n) {
  (void)e;
  ++*(size_t *)n;
}

int main(void) {
  csan_pairtab t = CSAN_PAIRTAB_INIT(entry);
  show(&t, OBJ(1), 0);
  // CHECK: (obj1, 0) not found

  entry a = {{OBJ(1), 7}, 100};
  entry *in = csan_pairtab_insert(&t, &a);
  printf("inserted %d\n", in ? in->value : -1);
  // CHECK-NEXT: inserted 100
  show(&t, OBJ(1), 7);
  show(&t, OBJ(1), 8);
  show(&t, OBJ(2), 7);
  // CHECK-NEXT: (obj1, 7) -> 100
  // CHECK-NEXT: (obj1, 8) not found
  // CHECK-NEXT: (obj2, 7) not found

  entry again = {{OBJ(1), 7}, 200};
  in = csan_pairtab_insert(&t, &again);
  printf("insert again returns %d, %zu entr%s\n", in ? in->value : -1, t.n,
         t.n == 1 ? "y" : "ies");
  // CHECK-NEXT: insert again returns 100, 1 entry

  // 30 words of one pointer: half of the first capacity, so probes run
  // across entries of the same pointer and only the word tells them apart.
  size_t wrong = 0;
  for (uint64_t w = 0; w < 30; w++) {
    entry e = {{OBJ(9), w}, (int)w};
    csan_pairtab_insert(&t, &e);
  }
  for (uint64_t w = 0; w < 30; w++) {
    const entry *e = csan_pairtab_find(&t, OBJ(9), w);
    if (!e || e->value != (int)w)
      wrong++;
  }
  printf("one pointer, 30 words: %zu entries, %zu wrong\n", t.n, wrong);
  // CHECK-NEXT: one pointer, 30 words: 31 entries, 0 wrong

  // 999 distinct pointers x 2 words: many times the first capacity (64).
  size_t bad = 0;
  for (int i = 1; i < 1000; i++)
    for (uint64_t w = 0; w < 2; w++) {
      entry e = {{OBJ(i), w + 1000}, i * 10 + (int)w};
      if (!csan_pairtab_insert(&t, &e))
        bad++;
    }
  for (int i = 1; i < 1000; i++)
    for (uint64_t w = 0; w < 2; w++) {
      const entry *e = csan_pairtab_find(&t, OBJ(i), w + 1000);
      if (!e || e->value != i * 10 + (int)w)
        bad++;
    }
  printf("after growth: %zu entries, %zu wrong, capacity at least twice: %d\n", t.n, bad,
         t.cap >= 2 * t.n);
  // CHECK-NEXT: after growth: 2029 entries, 0 wrong, capacity at least twice: 1
  show(&t, OBJ(1), 7);
  // CHECK-NEXT: (obj1, 7) -> 100

  long long sum = 0;
  size_t visits = 0;
  csan_pairtab_foreach(&t, add_value, &sum);
  csan_pairtab_foreach(&t, count_entry, &visits);
  printf("foreach: %zu visits, values sum to %lld\n", visits, sum);
  // 100 + (0 + ... + 29) + sum over i < 1000 of (20 i + 1)
  // CHECK-NEXT: foreach: 2029 visits, values sum to 9991534

  csan_pairtab_clear(&t);
  show(&t, OBJ(1), 7);
  show(&t, OBJ(500), 1000);
  // CHECK-NEXT: (obj1, 7) not found
  // CHECK-NEXT: (obj500, 1000) not found
  entry b = {{OBJ(3), 1}, 5};
  csan_pairtab_insert(&t, &b);
  show(&t, OBJ(3), 1);
  // CHECK-NEXT: (obj3, 1) -> 5
  csan_pairtab_clear(&t);
  return 0;
}
