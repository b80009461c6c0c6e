/* csan_syncs.h: synchronizations CUDA does not document, and the note a
 * race report gives when only such a synchronization orders the race.
 *
 * cudaFree of ordinary memory synchronizes the device on today's drivers,
 * but the Runtime API only says it "may", and its synchronization page says
 * undocumented behaviour must not be relied on. By default csan treats it
 * as a device synchronization (most programs that free memory rely on it
 * without knowing); with CSAN_OPTIONS=documented_sync_only=1 it orders
 * nothing, and a race it would have ordered is reported with a note naming
 * the free. Free of CUDA: the runtime and csan-replay both record here.
 */
#ifndef CSAN_SYNCS_H
#define CSAN_SYNCS_H

#include <stdint.h>

#include "csan_abi.h"
#include "csan_ops.h"
#include "csan_vc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct csan_syncs csan_syncs;

csan_syncs *csan_syncs_create(void);
void csan_syncs_destroy(csan_syncs *s);

/* The program's call `api` at `site` (may be null) synchronized the device
 * in practice: all of `all` had completed, and every operation numbered
 * above `last_op_id` was issued after it. */
void csan_syncs_add(csan_syncs *s, const char *api, const csan_host_site *site,
                    const csan_vc *all, uint64_t last_op_id);

/* The note for race entry e: when its reporting operation (found in ops)
 * was issued after such a synchronization that covers the other
 * operation, a sentence saying the program relies on it (interned); else
 * null. */
const char *csan_syncs_note(csan_syncs *s, csan_ops *ops, const csan_race *e);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_SYNCS_H */
