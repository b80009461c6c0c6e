// The host copies the race table while kernels may still be inserting into
// it, and the copy has no order: it can see an entry's READY state before
// the fields the device wrote first. Such an entry (epoch 0 on a stream
// slot, or fields that do not hash to its key) is left for the next drain
// and reported once it is whole. An entry that is still torn when csan
// exits is not reported, and csan says so. The entry is made by the
// device's own insertion code (csan_race_insert on the CPU) and torn by hand.
// RUN: %cc_rt -o %t
// RUN: %run %t zeroed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,WHOLE < %t.out
// RUN: %run %t site > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,WHOLE < %t.out
// RUN: %run %t exit > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,EXIT < %t.out
#include "csan_shadow_cpu_platform.h"
#include "rt_test.h"

KERNEL_STUB(producer)
KERNEL_STUB(consumer)

static csan_launch_ctx launch_ctx(const void *stub, cudaStream_t s, int **buf) {
  LAUNCH(stub, s, buf);
  return fake_cuda_last_launch()->ctx;
}

/* The word the host reads to learn that the race table changed
 * (csan_pool.race_notify), set as the slow path sets it. */
static void notify(const csan_launch_ctx *c) {
  const csan_pool *pool = (const csan_pool *)(uintptr_t)c->pool;
  if (pool && pool->race_notify)
    *(volatile uint32_t *)(uintptr_t)pool->race_notify = 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "zeroed";
  int32_t wsite = fake_cuda_site("p.cu", 4, 7, "_Z8producerPi", CSAN_ACC_WRITE, 4);
  int32_t rsite = fake_cuda_site("c.cu", 9, 3, "_Z8consumerPi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)producer, "_Z8producerPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_register_kernel((const void *)consumer, "_Z8consumerPi", FAKE_TWIN_OK, 1, NULL);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  csan_launch_ctx a = launch_ctx((const void *)producer, s1, &buf);
  csan_launch_ctx b = launch_ctx((const void *)consumer, s2, &buf);

  /* The entry the consumer's read of the producer's write makes. */
  csan_race_table *dev = (csan_race_table *)(uintptr_t)b.races;
  size_t bytes = CSAN_RACE_ENTRIES_OFFSET + (size_t)dev->capacity * sizeof(csan_race);
  csan_race_table *mine = calloc(1, bytes);
  mine->capacity = dev->capacity;
  csan_sh_race r = {CSAN_ACC_READ, 4, (uint32_t)rsite, b.slot, b.epoch,
                    CSAN_TAG_MAKE(0, CSAN_TAG_WRITE, a.slot, a.epoch), (uint32_t)wsite};
  uint64_t lo = (uint64_t)(uintptr_t)buf;
  csan_race_insert(mine, &r, lo, lo + 4, NULL);
  uint32_t at = 0;
  while (csan_race_entries(mine)[at].state != CSAN_RACE_READY)
    at++;
  csan_race whole = csan_race_entries(mine)[at], torn = whole;
  if (!strcmp(mode, "site")) {
    torn.other_site = 0; /* not visible yet: the fields hash to another key */
  } else {
    memset(&torn, 0, sizeof torn); /* only the key and the state are visible */
    torn.key = whole.key;
    torn.state = CSAN_RACE_READY;
  }
  csan_race_entries(dev)[at] = torn;
  dev->used = 1;
  notify(&b); /* as the device's slow path does after a race */
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("drained the torn entry");
  if (strcmp(mode, "exit")) {
    csan_race_entries(dev)[at] = whole;
    notify(&b);
    CK(__csan_cudaDeviceSynchronize(SITE));
    NOTE("drained the whole entry");
  }
  free(mine);
  return 0;
}

// CHECK-NOT:   WARNING
// CHECK:       drained the torn entry

// WHOLE-NEXT:  ==================
// WHOLE-NEXT:  WARNING: csan: data race (write-read) on 4 bytes at 0x{{[0-9a-f]+}}
// WHOLE-NEXT:    Read of size 4 at 0x{{[0-9a-f]+}} by kernel consumer(int*) on stream 0x{{[0-9a-f]+}}:
// WHOLE-NEXT:      #0 consumer(int*) c.cu:9:3
// WHOLE:         Previous write of size 4 by kernel producer(int*) on stream 0x{{[0-9a-f]+}}:
// WHOLE-NEXT:      #0 producer(int*) p.cu:4:7
// WHOLE:       SUMMARY: csan: data race (write-read) c.cu:9:3 in consumer(int*)
// WHOLE-NEXT:  ==================
// WHOLE-NEXT:  drained the whole entry
// WHOLE-NEXT:  csan: reported 1 data race(s)
// WHOLE-NEXT:  exit=66

// EXIT-NEXT:   csan: WARNING: 1 race table entry could not be read whole at exit; its race is not reported
// EXIT-NEXT:   exit=0
