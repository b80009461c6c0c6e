// A no-page access may fault right after its record is written, and the host
// cannot read the module's site descriptors from a context the fault
// stopped (memerr_host_pointer on the third GPU run: the record arrived,
// without its device line). So where the platform can read the site, the
// device copies its line, column and file (the path's tail) into the
// record. Here the platform hook serves one descriptor with a long path:
// the record keeps its last 55 bytes. A site the platform cannot read
// (site 0: none) leaves the fields empty, for the host's site table.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"

static const char long_path[] =
    "/very/long/build/directory/of/some/project/src/kernels/memerr_host_pointer.cu";
static csan_site site_desc = {42, 7, 0, 0, CSAN_ACC_WRITE, 4};

static const csan_site *test_site_desc(int32_t site) {
  return site == 96 ? &site_desc : (const csan_site *)0;
}
#define CSAN_ME_SITE_DESC 1
#define csan_me_site_desc test_site_desc
#include "csan_memerr_dev.h"

#define NO_PAGE_ADDR 0x7e0000000000ull

static csan_memerr_counters counters;

int main(void) {
  setup(64, 64);
  site_desc.file = (uint64_t)(uintptr_t)long_path;
  size_t bytes = CSAN_MEMERR_RECORDS_OFFSET + 8 * sizeof(csan_memerr_record);
  csan_memerr_ring *ring = aligned_alloc(64, bytes);
  memset(ring, 0xff, bytes); /* fields the device does not fill show up */
  memset(ring, 0, CSAN_MEMERR_RECORDS_OFFSET);
  ring->capacity = 8;
  csan_memerr_record *rec = (csan_memerr_record *)((char *)ring + CSAN_MEMERR_RECORDS_OFFSET);
  for (int i = 0; i < 8; i++)
    rec[i].state = CSAN_MEMERR_EMPTY;
  launch k = mk(1, 1);
  k.ctx.flags |= CSAN_CTX_F_MEMORY_ERRORS;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr = (uint64_t)(uintptr_t)ring;
  ((csan_pool *)(uintptr_t)k.ctx.pool)->memerr_counters = (uint64_t)(uintptr_t)&counters;

  csan_memerr_check(&k.ctx, NO_PAGE_ADDR, 4, W, 96, NULL);
  printf("record 0: state %u site %d line %u column %u file '%s'\n", rec[0].state, rec[0].site,
         rec[0].line, rec[0].column, rec[0].file);
  // CHECK: record 0: state 2 site 96 line 42 column 7 file '{{.*}}/src/kernels/memerr_host_pointer.cu'
  printf("tail: %zu bytes, ends the path: %d\n", strlen(rec[0].file),
         strcmp(rec[0].file, long_path + sizeof long_path - 1 - strlen(rec[0].file)) == 0);
  // CHECK-NEXT: tail: 55 bytes, ends the path: 1

  csan_memerr_check(&k.ctx, NO_PAGE_ADDR + 64, 4, R, 0, NULL);
  printf("record 1: state %u line %u column %u file '%s'\n", rec[1].state, rec[1].line,
         rec[1].column, rec[1].file);
  // CHECK-NEXT: record 1: state 2 line 0 column 0 file ''
  return 0;
}
