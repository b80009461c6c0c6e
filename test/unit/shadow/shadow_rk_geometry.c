// The work items of csan's own kernels (csan_rt_kernels.h): the granule
// masks that csan_rk_access produces for a strided region (1-D, 2-D and
// 3-D, aligned or not, rows sharing granules) cover exactly the region's
// bytes, and csan_rk_fill's cover exactly its range. Same helpers as the
// kernels, run on the CPU.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_rt_kernels.h"

#define ORIGIN 0x100000ull
#define SPAN 8192

static unsigned char want[SPAN], got[SPAN];

static void shape(const char *name, uint64_t off, uint64_t width, uint64_t rows, uint64_t pitch,
                  uint64_t slices, uint64_t slice_pitch) {
  csan_rk_access_params p;
  memset(&p, 0, sizeof p);
  p.base = ORIGIN + off;
  p.width = width;
  p.rows = rows;
  p.pitch = pitch;
  p.slices = slices;
  p.slice_pitch = slice_pitch;
  memset(want, 0, sizeof want);
  memset(got, 0, sizeof got);
  for (uint64_t s = 0; s < slices; s++)
    for (uint64_t r = 0; r < rows; r++)
      for (uint64_t b = 0; b < width; b++)
        want[off + s * slice_pitch + r * pitch + b] = 1;
  uint64_t per_row = csan_rk_row_items(width), items = csan_rk_access_items(&p);
  uint64_t used = 0;
  for (uint64_t i = 0; i < items; i++) {
    uint64_t g = 0;
    uint32_t m = csan_rk_access_item(&p, per_row, i, &g);
    if (!m)
      continue;
    used++;
    for (int b = 0; b < 16; b++)
      if (m & (1u << b))
        got[g - ORIGIN + (uint64_t)b] = 1;
  }
  printf("%s: items %llu used %llu bytes %s\n", name, (unsigned long long)items,
         (unsigned long long)used, memcmp(want, got, SPAN) ? "WRONG" : "exact");
}

static void fill(const char *name, uint64_t off, uint64_t size) {
  csan_rk_fill_params p;
  memset(&p, 0, sizeof p);
  p.base = ORIGIN + off;
  p.size = size;
  p.mode = CSAN_RK_FILL_EMPTY;
  memset(want, 0, sizeof want);
  memset(got, 0, sizeof got);
  memset(want + off, 1, size);
  uint64_t items = csan_rk_fill_items(&p);
  for (uint64_t i = 0; i < items; i++) {
    uint64_t g = 0;
    uint32_t m = csan_rk_fill_item(&p, i, &g);
    for (int b = 0; b < 16; b++)
      if (m & (1u << b))
        got[g - ORIGIN + (uint64_t)b] = 1;
  }
  printf("%s: items %llu bytes %s\n", name, (unsigned long long)items,
         memcmp(want, got, SPAN) ? "WRONG" : "exact");
}

int main(void) {
  shape("1-D aligned", 0, 64, 1, 0, 1, 0);
  // CHECK: 1-D aligned: items 5 used 4 bytes exact
  shape("1-D unaligned", 3, 45, 1, 0, 1, 0);
  // CHECK: 1-D unaligned: items 4 used 3 bytes exact
  shape("one byte", 17, 1, 1, 0, 1, 0);
  // CHECK: one byte: items 2 used 1 bytes exact
  shape("one granule off by 8", 8, 16, 1, 0, 1, 0);
  // CHECK: one granule off by 8: items 2 used 2 bytes exact
  shape("2-D rows sharing granules", 5, 10, 7, 12, 1, 0);
  // CHECK: 2-D rows sharing granules: items 14 used 10 bytes exact
  shape("2-D pitched", 15, 33, 5, 48, 1, 0);
  // CHECK: 2-D pitched: items 20 used 15 bytes exact
  shape("3-D", 1, 7, 3, 20, 4, 100);
  // CHECK: 3-D: items 24 used {{[0-9]+}} bytes exact
  shape("empty", 0, 0, 3, 16, 1, 0);
  // CHECK: empty: items 0 used 0 bytes exact
  fill("fill unaligned", 3, 45);
  // CHECK: fill unaligned: items 3 bytes exact
  fill("fill aligned", 32, 4096);
  // CHECK: fill aligned: items 256 bytes exact
  return 0;
}
