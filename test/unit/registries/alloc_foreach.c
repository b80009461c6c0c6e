// Iteration visits live allocations in address order (not insertion
// order), skips freed ones, and stops when the callback says so.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_alloc.h"

static bool print(void *arg, const csan_alloc_info *a) {
  int *left = arg;
  printf(" 0x%llx", (unsigned long long)a->base);
  return --*left > 0;
}

int main(void) {
  csan_allocs *g = csan_allocs_create(0);
  uint64_t bases[] = {0x5000, 0x1000, 0x3000, 0x2000, 0x4000};
  for (int i = 0; i < 5; i++) {
    csan_alloc_info a = {.base = bases[i], .size = 0x10};
    csan_allocs_add(g, &a);
  }
  csan_allocs_remove(g, 0x3000, NULL, NULL);
  int left = 100;
  printf("all:");
  csan_allocs_foreach(g, print, &left);
  printf("\n");
  // CHECK: all: 0x1000 0x2000 0x4000 0x5000{{$}}
  left = 2;
  printf("two:");
  csan_allocs_foreach(g, print, &left);
  printf("\n");
  // CHECK: two: 0x1000 0x2000{{$}}
  csan_allocs_clear(g);
  left = 100;
  printf("cleared:");
  csan_allocs_foreach(g, print, &left);
  printf(" live %zu quarantined %zu\n", csan_allocs_live(g), csan_allocs_quarantined(g));
  // CHECK: cleared: live 0 quarantined 0
  csan_allocs_destroy(g);
  return 0;
}
