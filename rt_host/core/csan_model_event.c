/* csan_model_event.c: CUDA events in the happens-before model.
 *
 * Rules (CUDA runtime API, cudaEventRecord / cudaStreamWaitEvent /
 * cudaEventSynchronize / cudaEventQuery):
 *  - cudaEventRecord captures the work issued to the stream so far; uses of
 *    the stream after the call do not change the event, and a later record
 *    replaces the capture. The capture is the stream's clock at the record.
 *  - cudaStreamWaitEvent makes all future work of the stream wait for the
 *    captured work: the stream's clock joins the capture.
 *  - cudaEventSynchronize, or a cudaEventQuery that returned cudaSuccess: the
 *    host observed the captured work (the host clock joins the capture).
 *  - An event that was never recorded is complete: waiting for it, or
 *    synchronizing with it, orders nothing.
 * Record and wait are actions on their stream for the legacy-stream rule
 * (csan_model_legacy_rule), which the driver API documentation names
 * explicitly for cudaStreamWaitEvent.
 */
#include "csan_model_internal.h"

#include <stdlib.h>
#include <string.h>

static csan_event *csan_model_find_event(const csan_model *m, csan_key event) {
  const csan_map_entry *e = csan_map_find(&m->events, event);
  return e ? (csan_event *)(uintptr_t)e->val : NULL;
}

/* ---- Compact captures ----------------------------------------------------
 * An event is one allocation: the header, cap slot bytes, then cap epochs.
 * Recording into an event whose room is too small replaces the allocation
 * (the map entry is updated); a smaller capture reuses the room. */

static csan_event *event_alloc(uint16_t cap) {
  size_t slots = ((size_t)cap + 3u) & ~(size_t)3u; /* the epochs stay aligned */
  csan_event *ev = malloc(sizeof *ev + slots + (size_t)cap * sizeof(csan_epoch_t));
  if (!ev)
    return NULL;
  memset(ev, 0, sizeof *ev);
  ev->cap = cap;
  ev->slot = (uint8_t *)(ev + 1);
  ev->epoch = (csan_epoch_t *)(void *)(ev->slot + slots);
  return ev;
}

/* The nonzero entries of vc over the slots in use. */
static uint16_t capture_size(const csan_model *m, const csan_vc *vc) {
  uint16_t n = vc->c[CSAN_HOST_SLOT] != 0;
  for (uint32_t i = 0; i < m->hi; i++)
    n += vc->c[i] != 0;
  return n;
}

/* Stores vc as the capture of the event under key `event` (*evp), growing
 * its allocation if needed; false when out of memory (nothing changed). */
static bool event_capture(csan_model *m, csan_key event, csan_event **evp, const csan_vc *vc) {
  csan_event *ev = *evp;
  uint16_t n = capture_size(m, vc);
  if (n > ev->cap) {
    csan_event *bigger = event_alloc(n);
    if (!bigger)
      return false;
    free(ev);
    csan_map_find(&m->events, event)->val = (uint64_t)(uintptr_t)bigger;
    ev = *evp = bigger;
  }
  ev->n = 0;
  for (uint32_t i = 0; i < m->hi; i++)
    if (vc->c[i]) {
      ev->slot[ev->n] = (uint8_t)i;
      ev->epoch[ev->n++] = vc->c[i];
    }
  if (vc->c[CSAN_HOST_SLOT]) {
    ev->slot[ev->n] = (uint8_t)CSAN_HOST_SLOT;
    ev->epoch[ev->n++] = vc->c[CSAN_HOST_SLOT];
  }
  ev->recorded = true;
  return true;
}

/* Joins the event's capture into vc; true if vc grew. */
static bool capture_join(const csan_event *ev, csan_vc *vc) {
  bool grew = false;
  for (uint16_t i = 0; i < ev->n; i++)
    if (ev->epoch[i] > vc->c[ev->slot[i]]) {
      vc->c[ev->slot[i]] = ev->epoch[i];
      grew = true;
    }
  return grew;
}

int csan_model_event_create(csan_model *m, csan_key event) {
  if (event == 0)
    return CSAN_MODEL_EINVAL;
  csan_model_lock(m);
  csan_event *ev = csan_model_find_event(m, event);
  if (ev) {
    /* The handle was reused without our seeing the destroy: a new event. */
    ev->recorded = false;
    ev->n = 0;
    csan_model_unlock(m);
    return CSAN_MODEL_OK;
  }
  ev = event_alloc(0);
  if (!ev || csan_map_reserve(&m->events, 1) != CSAN_MODEL_OK) {
    free(ev);
    csan_model_unlock(m);
    return CSAN_MODEL_ENOMEM;
  }
  csan_map_insert(&m->events, event, (uint64_t)(uintptr_t)ev);
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

int csan_model_event_destroy(csan_model *m, csan_key event) {
  csan_model_lock(m);
  csan_map_entry *e = csan_map_find(&m->events, event);
  if (!e) {
    csan_model_unlock(m);
    return CSAN_MODEL_EUNKNOWN_EVENT;
  }
  free((csan_event *)(uintptr_t)e->val);
  csan_map_erase(&m->events, e);
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

/* The legacy-stream rule for an action on `slot` that adds nothing else. */
static void csan_model_stream_action(csan_model *m, uint32_t slot) {
  if (slot != CSAN_LEGACY_SLOT && !csan_model_is_blocking(m, slot))
    return; /* non-blocking streams take no part */
  csan_vc vc;
  memcpy(&vc, &m->clock[slot], sizeof vc);
  csan_model_legacy_rule(m, slot, &vc);
  csan_model_set_clock(m, slot, &vc);
}

int csan_model_event_record(csan_model *m, csan_key event, csan_key stream) {
  csan_model_lock(m);
  csan_event *ev = csan_model_find_event(m, event);
  int slot = csan_model_find_slot(m, stream);
  int rc = !ev ? CSAN_MODEL_EUNKNOWN_EVENT
               : slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM : CSAN_MODEL_OK;
  if (rc == CSAN_MODEL_OK) {
    csan_model_stream_action(m, (uint32_t)slot);
    if (!event_capture(m, event, &ev, &m->clock[slot]))
      rc = CSAN_MODEL_ENOMEM;
  }
  csan_model_unlock(m);
  return rc;
}

int csan_model_event_record_clock(csan_model *m, csan_key event, const csan_vc *vc) {
  csan_model_lock(m);
  csan_event *ev = csan_model_find_event(m, event);
  int rc = ev ? CSAN_MODEL_OK : CSAN_MODEL_EUNKNOWN_EVENT;
  if (ev) {
    csan_vc v;
    memset(&v, 0, sizeof v);
    for (uint32_t i = 0; i < m->hi; i++)
      v.c[i] = vc->c[i] < m->counter[i] ? vc->c[i] : m->counter[i];
    v.c[CSAN_HOST_SLOT] = vc->c[CSAN_HOST_SLOT] < m->counter[CSAN_HOST_SLOT]
                              ? vc->c[CSAN_HOST_SLOT]
                              : m->counter[CSAN_HOST_SLOT];
    if (!event_capture(m, event, &ev, &v))
      rc = CSAN_MODEL_ENOMEM;
  }
  csan_model_unlock(m);
  return rc;
}

int csan_model_stream_wait_event(csan_model *m, csan_key stream, csan_key event) {
  csan_model_lock(m);
  csan_event *ev = csan_model_find_event(m, event);
  int slot = csan_model_find_slot(m, stream);
  int rc = slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM
                    : !ev ? CSAN_MODEL_EUNKNOWN_EVENT : CSAN_MODEL_OK;
  if (rc == CSAN_MODEL_OK) {
    csan_vc vc;
    memcpy(&vc, &m->clock[slot], sizeof vc);
    csan_model_legacy_rule(m, (uint32_t)slot, &vc);
    if (ev->recorded)
      capture_join(ev, &vc);
    csan_model_set_clock(m, (uint32_t)slot, &vc);
  }
  csan_model_unlock(m);
  return rc;
}

bool csan_model_event_recorded(csan_model *m, csan_key event) {
  csan_model_lock(m);
  const csan_event *ev = csan_model_find_event(m, event);
  bool recorded = ev && ev->recorded;
  csan_model_unlock(m);
  return recorded;
}

int csan_model_host_wait_event(csan_model *m, csan_key event) {
  csan_model_lock(m);
  const csan_event *ev = csan_model_find_event(m, event);
  if (ev && ev->recorded && capture_join(ev, &m->host))
    m->host_gen++;
  if (ev && ev->recorded) {
    csan_vc seen;
    memset(&seen, 0, sizeof seen);
    capture_join(ev, &seen);
    csan_model_thread_observe(m, &seen);
  }
  csan_model_unlock(m);
  return ev ? CSAN_MODEL_OK : CSAN_MODEL_EUNKNOWN_EVENT;
}

int csan_model_event_clock(csan_model *m, csan_key event, csan_vc *out, bool *recorded) {
  csan_model_lock(m);
  const csan_event *ev = csan_model_find_event(m, event);
  if (ev) {
    /* A never-recorded event's capture is empty: joining it orders nothing. */
    memset(out, 0, sizeof *out);
    capture_join(ev, out);
    if (recorded)
      *recorded = ev->recorded;
  }
  csan_model_unlock(m);
  return ev ? CSAN_MODEL_OK : CSAN_MODEL_EUNKNOWN_EVENT;
}

void csan_model_events_clear_captures(csan_model *m) {
  for (size_t i = 0; i < m->events.cap; i++)
    if (m->events.e[i].key != 0) {
      csan_event *ev = (csan_event *)(uintptr_t)m->events.e[i].val;
      ev->n = 0;
    }
}

void csan_model_events_free_all(csan_model *m) {
  for (size_t i = 0; i < m->events.cap; i++)
    if (m->events.e[i].key != 0)
      free((csan_event *)(uintptr_t)m->events.e[i].val);
  memset(m->events.e, 0, m->events.cap * sizeof m->events.e[0]);
  m->events.len = 0;
}
