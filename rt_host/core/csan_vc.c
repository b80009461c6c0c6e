/* csan_vc.c: vector clock helpers (csan_vc.h). */
#include "csan_vc.h"

#include <string.h>

void csan_vc_clear(csan_vc *vc) { memset(vc, 0, sizeof *vc); }

void csan_vc_join(csan_vc *dst, const csan_vc *src) {
  for (unsigned i = 0; i < CSAN_MAX_SLOTS; i++)
    if (src->c[i] > dst->c[i])
      dst->c[i] = src->c[i];
}
