/* libmodel_test.h: prints footprints (core/csan_libmodel.h) for FileCheck:
 * one line per region, `OPERAND R|W base=0x.. width=.. rows=.. pitch=..
 * slices=.. slice_pitch=..`, then `approximated=N`. */
#ifndef LIBMODEL_TEST_H
#define LIBMODEL_TEST_H

#include <stdio.h>

#include "csan_libmodel.h"

static inline void print_fp(const char *title, const csan_lm_fp *fp) {
  printf("%s: %zu region(s)\n", title, fp->n);
  for (size_t i = 0; i < fp->n; i++) {
    const csan_lm_region *r = &fp->r[i];
    printf("  %s %s%s base=0x%llx width=%llu rows=%llu pitch=%llu slices=%llu slice_pitch=%llu\n",
           r->operand ? r->operand : "?", (r->access & CSAN_LM_WRITE) ? "W" : "R",
           (r->access & CSAN_LM_ATOMIC) ? "A" : "", (unsigned long long)r->base,
           (unsigned long long)r->width, (unsigned long long)r->rows,
           (unsigned long long)r->pitch, (unsigned long long)r->slices,
           (unsigned long long)r->slice_pitch);
  }
  printf("  approximated=%u dropped=%u\n", fp->approximated, fp->dropped);
}

#endif
