/* csan_model_rules.c: what every part of the model applies to a stream
 * action: the model lock, slot lookup, and the legacy default stream's
 * rule with the bookkeeping that keeps it cheap. csan_model.c (streams,
 * operations, the host) and csan_model_event.c (events) both build on it;
 * it calls neither.
 *
 * The legacy rule (CUDA driver API, "Stream synchronization behavior"):
 * "When an action is taken in the legacy stream such as a kernel launch or
 * cudaStreamWaitEvent(), the legacy stream first waits on all blocking
 * streams, the action is queued in the legacy stream, and then all blocking
 * streams wait on the legacy stream."
 */
#include "csan_model_internal.h"

#include <string.h>

void csan_model_lock(csan_model *m) { pthread_mutex_lock(&m->mu); }
void csan_model_unlock(csan_model *m) { pthread_mutex_unlock(&m->mu); }

int csan_model_find_slot(const csan_model *m, csan_key stream) {
  const csan_map_entry *e = csan_map_find(&m->streams, stream);
  return e ? (int)e->val : -1;
}

void csan_model_legacy_rule(const csan_model *m, uint32_t slot, csan_vc *vc) {
  if (slot == CSAN_LEGACY_SLOT) {
    /* "the legacy stream first waits on all blocking streams": join every
     * blocking stream whose clock grew since the legacy stream last did. */
    for (uint32_t s = 1; s < m->hi; s++)
      if (m->state[s] == CSAN_SLOT_LIVE && m->legacy_stale[s])
        csan_model_join(m, vc, &m->clock[s]);
  } else if (csan_model_is_blocking(m, slot) && m->legacy_seen[slot] != m->legacy_gen) {
    /* "then all blocking streams wait on the legacy stream". Applied when
     * the blocking stream takes its next action, which orders the same
     * operations and also covers streams created after the legacy action. */
    csan_model_join(m, vc, &m->clock[CSAN_LEGACY_SLOT]);
  }
}

void csan_model_set_clock(csan_model *m, uint32_t slot, const csan_vc *vc) {
  if (vc != &m->clock[slot])
    memcpy(&m->clock[slot], vc, sizeof *vc);
  if (slot == CSAN_LEGACY_SLOT) {
    /* The action joined every stale blocking stream (csan_model_legacy_rule). */
    m->legacy_gen++;
    memset(m->legacy_stale, 0, sizeof m->legacy_stale);
  } else if (csan_model_is_blocking(m, slot)) {
    m->legacy_stale[slot] = true;
    m->legacy_seen[slot] = m->legacy_gen;
  }
}
