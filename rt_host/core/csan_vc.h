/* csan_vc.h: vector clocks over stream slots: what the model hands out with
 * each operation and what the reporter compares a race's operation with.
 * Free of CUDA. */
#ifndef CSAN_VC_H
#define CSAN_VC_H

#include <stdbool.h>
#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A vector clock over stream slots. */
typedef struct csan_vc {
  csan_epoch_t c[CSAN_MAX_SLOTS];
} csan_vc;

void csan_vc_clear(csan_vc *vc);
void csan_vc_join(csan_vc *dst, const csan_vc *src);
/* True iff (slot, epoch) is ordered before the holder of vc. */
static inline bool csan_vc_orders(const csan_vc *vc, uint32_t slot, csan_epoch_t epoch) {
  return epoch <= vc->c[slot];
}

#ifdef __cplusplus
}
#endif
#endif /* CSAN_VC_H */
