// A no-page access is recorded once per site and then goes ahead, and on a
// GPU it may fault, which stops the whole context: a record still being
// written then never reaches the host (memerr_host_pointer on the first GPU
// runs named the fault, not the bad access). So the site's other threads
// wait until the thread that appended the record has published it. Here a
// thread holds the site's seen bit as if it were writing the record and
// publishes 5 ms later: the checking thread returns only after that. The
// appender itself publishes; and a site whose appender never publishes
// (stopped) does not hold the others forever.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"
#include "csan_memerr_dev.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define NO_PAGE_ADDR 0x7e0000000000ull

static csan_memerr_ring *ring;
static csan_memerr_counters counters;
static atomic_int published_by_writer;

static void *writer(void *p) {
  (void)p;
  struct timespec t = {0, 5 * 1000000L};
  nanosleep(&t, NULL);
  atomic_store(&published_by_writer, 1);
  csan_memerr_published(&counters, 64, CSAN_MEMERR_HINT_NO_PAGE);
  return NULL;
}

static int is_published(int32_t site) {
  uint32_t w;
  uint64_t bit = csan_memerr_bit(site, CSAN_MEMERR_HINT_NO_PAGE, &w);
  return (counters.published[w] & bit) != 0;
}

int main(void) {
  setup(64, 64);
  size_t bytes = CSAN_MEMERR_RECORDS_OFFSET + 8 * sizeof(csan_memerr_record);
  ring = aligned_alloc(64, bytes);
  memset(ring, 0, bytes);
  ring->capacity = 8;
  launch k = mk(1, 1);
  k.ctx.flags |= CSAN_CTX_F_MEMORY_ERRORS;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr = (uint64_t)(uintptr_t)ring;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr_counters = (uint64_t)(uintptr_t)&counters;

  // The appender: records, publishes, goes ahead.
  uint64_t use = csan_memerr_check(&k.ctx, NO_PAGE_ADDR, 4, R, 32, NULL);
  printf("appender: goes ahead %s, published %d, head %u\n", use == NO_PAGE_ADDR ? "yes" : "no",
         is_published(32), counters.head);
  // CHECK: appender: goes ahead yes, published 1, head 1

  // Another thread of site 64 is writing the record (it holds the seen bit).
  csan_memerr_first(&counters, 64, CSAN_MEMERR_HINT_NO_PAGE);
  pthread_t t;
  pthread_create(&t, NULL, writer, NULL);
  use = csan_memerr_check(&k.ctx, NO_PAGE_ADDR + 64, 4, W, 64, NULL);
  int after = atomic_load(&published_by_writer);
  pthread_join(t, NULL);
  printf("later thread: goes ahead %s, after the record was published %s\n",
         use == NO_PAGE_ADDR + 64 ? "yes" : "no", after ? "yes" : "no");
  // CHECK: later thread: goes ahead yes, after the record was published yes

  // An appender that never publishes: the others go ahead after the bound.
  csan_memerr_first(&counters, 96, CSAN_MEMERR_HINT_NO_PAGE);
  use = csan_memerr_check(&k.ctx, NO_PAGE_ADDR + 96, 4, R, 96, NULL);
  printf("never published: goes ahead %s, records %u\n", use == NO_PAGE_ADDR + 96 ? "yes" : "no",
         counters.head);
  // CHECK: never published: goes ahead yes, records 1
  free(ring);
  csan_shadow_cpu_destroy(sh);
  return 0;
}
