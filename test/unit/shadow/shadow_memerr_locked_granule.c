// The device's memory-error check reads a granule's two cells without its
// lock, and a pair read in the middle of another thread's escalation (cell 0
// still a record, locked, cell 1 already a pool block's index) can look like
// a FREE record of slot 0, epoch 0. What the unlocked read finds wrong is
// confirmed under the lock: here a thread holds a granule in that state and
// finishes the escalation 50 ms later; the access then goes to its own
// bytes, not to the zero bytes (the first GPU runs' stencil2d computed wrong
// results this way, with nothing reported). The twin: a granule whose FREE
// record is real, held locked for 50 ms by another thread and released
// unchanged, is still a use after free once the lock is free.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"
#include "csan_memerr_dev.h"

#include <pthread.h>
#include <time.h>

static csan_memerr_ring *ring;
static csan_memerr_counters counters;

typedef struct holder {
  uint64_t *cell0;
  uint64_t release_to;
} holder;

static void sleep_ms(long ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

static void *finish_later(void *p) {
  holder *h = p;
  sleep_ms(50);
  csan_sh_store64_release(h->cell0, h->release_to);
  return NULL;
}

static const char *where(uint64_t use, uint64_t addr) {
  if (use == addr)
    return "own";
  if (use == (uint64_t)(uintptr_t)ring->zero)
    return "zero";
  return "elsewhere";
}

int main(void) {
  setup(64, 64);
  size_t bytes = CSAN_MEMERR_RECORDS_OFFSET + 8 * sizeof(csan_memerr_record);
  ring = aligned_alloc(64, bytes);
  memset(ring, 0, bytes);
  ring->capacity = 8;
  track(BASE, 8192);

  launch k = mk(1, 1);
  k.ctx.flags |= CSAN_CTX_F_MEMORY_ERRORS;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr = (uint64_t)(uintptr_t)ring;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr_counters = (uint64_t)(uintptr_t)&counters;

  // Mid-escalation: another launch's read record in cell 0 (locked), the
  // index 0x4ffff in cell 1 (FREE bit, all bytes, slot 0, epoch 0).
  uint64_t page = csan_sh_page(k.ctx.shadow_dir, BASE);
  uint64_t *tags = csan_sh_tags(page, BASE);
  uint32_t *sites = csan_sh_sites(page, BASE);
  tags[0] = CSAN_TAG_MAKE(0xffffu, 0, 2, 1) | CSAN_TAG_LOCK;
  tags[1] = 0x4ffffull;
  sites[0] = sites[1] = 7;
  holder esc = {&tags[0], CSAN_TAG_ESC};
  pthread_t t;
  pthread_create(&t, NULL, finish_later, &esc);
  uint64_t use = csan_memerr_check(&k.ctx, BASE + 4, 4, R, 32, NULL);
  pthread_join(t, NULL);
  printf("mid-escalation: use %s, hint now %u\n", where(use, BASE + 4),
         csan_memerr_hint(&k.ctx, BASE + 4, 4));
  // CHECK: mid-escalation: use own, hint now 0

  // A real free (host slot, epoch 1) that k is ordered after, the granule
  // held by another thread that changes nothing.
  launch f = mk(CSAN_HOST_SLOT, 1);
  acc(&f, BASE + 4096, 16, FREE, 0);
  k = after(k, CSAN_HOST_SLOT, 1);
  uint64_t *ftags = csan_sh_tags(page, BASE + 4096);
  uint64_t rec = ftags[0];
  ftags[0] = rec | CSAN_TAG_LOCK;
  holder keep = {&ftags[0], rec};
  pthread_create(&t, NULL, finish_later, &keep);
  use = csan_memerr_check(&k.ctx, BASE + 4100, 4, R, 64, NULL);
  pthread_join(t, NULL);
  printf("freed, held: use %s\n", where(use, BASE + 4100));
  // CHECK: freed, held: use zero
  printf("lock free after: %s\n", (ftags[0] & CSAN_TAG_LOCK) ? "no" : "yes");
  // CHECK: lock free after: yes
  free(ring);
  csan_shadow_cpu_destroy(sh);
  return 0;
}
