/* csan_model.c: CUDA's ordering rules for streams and the host as vector
 * clocks (the events are in csan_model_event.c).
 *
 * Each stream has a slot and a clock; an operation gets the next epoch of its
 * slot and the clock of everything CUDA orders before it. The rules, each
 * applied where its comment cites it:
 *  - stream order: an operation's clock contains its stream's clock, which
 *    ends with the stream's previous operation;
 *  - the legacy default stream (CUDA driver API, "Stream synchronization
 *    behavior"): "When an action is taken in the legacy stream such as a
 *    kernel launch or cudaStreamWaitEvent(), the legacy stream first waits
 *    on all blocking streams, the action is queued in the legacy stream, and
 *    then all blocking streams wait on the legacy stream." Non-blocking
 *    streams take no part; per-thread default streams are blocking ("not a
 *    non-blocking stream and will synchronize with the legacy default
 *    stream"). Every action counts: operations, event records and stream
 *    waits;
 *  - the host: whatever the host observed complete (a synchronize, or a
 *    query that returned cudaSuccess) is ordered before every operation the
 *    host issues afterwards, on any stream, so each operation joins the host
 *    clock.
 *
 * Slots are recycled only once the host has observed all work of the slot,
 * so an epoch of an earlier owner of a slot is always ordered before the new
 * owner's operations; epoch counters never go back, except in
 * csan_model_rebase, which the caller invokes at a full synchronization.
 */
#include "csan_model_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stream table never holds more than CSAN_MAX_SLOTS keys, so with this
 * capacity (load <= 1/2) it never grows. */
#define CSAN_STREAM_MAP_CAP (2 * CSAN_MAX_SLOTS)
#define CSAN_EVENT_MAP_CAP 64
_Static_assert((CSAN_STREAM_MAP_CAP & (CSAN_STREAM_MAP_CAP - 1)) == 0 &&
                   (CSAN_EVENT_MAP_CAP & (CSAN_EVENT_MAP_CAP - 1)) == 0,
               "key tables have power-of-two capacities");
/* Stream slots are 1..CSAN_HOST_SLOT-1, so hi never reaches the host slot and
 * the joins treat the host slot apart from [0, hi). */
_Static_assert(CSAN_LEGACY_SLOT == 0 && CSAN_HOST_SLOT == CSAN_MAX_SLOTS - 1,
               "slot 0 is the legacy stream, the last slot the host");
_Static_assert(CSAN_MAX_SLOTS <= 256, "slot state and kind are bytes indexed by slot");

csan_model *csan_model_create(void) {
  csan_model *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  if (csan_map_init(&m->streams, CSAN_STREAM_MAP_CAP) != CSAN_MODEL_OK)
    goto fail;
  if (csan_map_init(&m->events, CSAN_EVENT_MAP_CAP) != CSAN_MODEL_OK)
    goto fail;
  if (pthread_mutex_init(&m->mu, NULL) != 0)
    goto fail;
  m->hi = 1;
  m->live = 1;
  m->host_gen = 1;
  m->legacy_gen = 1;
  m->state[CSAN_LEGACY_SLOT] = CSAN_SLOT_LIVE;
  m->kind[CSAN_LEGACY_SLOT] = CSAN_STREAM_BLOCKING;
  m->key_of[CSAN_LEGACY_SLOT] = CSAN_STREAM_LEGACY;
  m->host_seen[CSAN_LEGACY_SLOT] = m->host_gen;
  csan_map_insert(&m->streams, CSAN_STREAM_LEGACY, CSAN_LEGACY_SLOT);
  return m;
fail:
  csan_map_fini(&m->streams);
  csan_map_fini(&m->events);
  free(m);
  return NULL;
}

void csan_model_destroy(csan_model *m) {
  if (!m)
    return;
  csan_model_events_free_all(m);
  csan_map_fini(&m->events);
  csan_map_fini(&m->streams);
  pthread_mutex_destroy(&m->mu);
  free(m);
}

/* ---- Streams ----------------------------------------------------------- */

/* A slot for a new stream: a never-used slot first (no old tags of it exist
 * anywhere), else the retired slot retired longest ago whose work the host
 * has observed entirely, so that every epoch of its earlier owners is
 * ordered before everything the new stream does. With `any`, failing that,
 * the retired slot retired longest ago whatever the host observed (the
 * caller says whose checking that cuts). */
static int csan_model_pick_slot(const csan_model *m, bool any, uint32_t *slot) {
  if (m->hi < CSAN_HOST_SLOT) {
    *slot = m->hi;
    return CSAN_MODEL_OK;
  }
  uint32_t best = 0, oldest = 0;
  for (uint32_t s = 1; s < m->hi; s++) {
    if (m->state[s] != CSAN_SLOT_RETIRED)
      continue;
    if (oldest == 0 || m->retired_at[s] < m->retired_at[oldest])
      oldest = s;
    if (m->host.c[s] < m->counter[s])
      continue;
    if (best == 0 || m->retired_at[s] < m->retired_at[best])
      best = s;
  }
  if (best == 0 && any)
    best = oldest;
  if (best == 0)
    return CSAN_MODEL_ENOSLOT;
  *slot = best;
  return CSAN_MODEL_OK;
}

static int stream_create(csan_model *m, csan_key stream, csan_stream_kind kind, bool any,
                         csan_key *cut) {
  if (stream == 0 || (kind != CSAN_STREAM_BLOCKING && kind != CSAN_STREAM_NONBLOCKING &&
                      kind != CSAN_STREAM_PER_THREAD))
    return CSAN_MODEL_EINVAL;
  csan_model_lock(m);
  uint32_t slot;
  int rc = CSAN_MODEL_OK;
  if (csan_model_find_slot(m, stream) >= 0)
    rc = CSAN_MODEL_EEXISTS;
  if (rc == CSAN_MODEL_OK)
    rc = csan_model_pick_slot(m, any, &slot);
  if (rc == CSAN_MODEL_OK)
    rc = csan_map_reserve(&m->streams, 1);
  if (rc != CSAN_MODEL_OK) {
    csan_model_unlock(m);
    return rc;
  }
  if (cut)
    *cut = slot < m->hi && m->host.c[slot] < m->counter[slot] ? m->retired_key[slot] : 0;
  if (slot == m->hi)
    m->hi++;
  m->state[slot] = CSAN_SLOT_LIVE;
  m->kind[slot] = (uint8_t)kind;
  m->key_of[slot] = stream;
  m->retired_key[slot] = 0;
  m->live++;
  /* A new stream starts where the host is: everything the host observed is
   * ordered before its work, including all work of the slot's earlier owners
   * (csan_model_pick_slot), so clock[slot][slot] == counter[slot]. A slot
   * taken with work the host did not observe is set so all the same: its
   * earlier owner's epochs now look like this stream's own past (*cut). */
  memcpy(&m->clock[slot], &m->host, sizeof m->host);
  m->clock[slot].c[slot] = m->counter[slot];
  m->host_seen[slot] = m->host_gen;
  m->legacy_seen[slot] = 0; /* never joined the legacy stream yet */
  m->legacy_stale[slot] = kind != CSAN_STREAM_NONBLOCKING;
  csan_map_insert(&m->streams, stream, slot);
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

int csan_model_stream_create(csan_model *m, csan_key stream, csan_stream_kind kind) {
  return stream_create(m, stream, kind, false, NULL);
}

int csan_model_stream_recycle(csan_model *m, csan_key stream, csan_stream_kind kind,
                              csan_key *cut) {
  *cut = 0;
  return stream_create(m, stream, kind, true, cut);
}

int csan_model_stream_destroy(csan_model *m, csan_key stream) {
  if (stream == CSAN_STREAM_LEGACY)
    return CSAN_MODEL_EINVAL;
  csan_model_lock(m);
  csan_map_entry *e = csan_map_find(&m->streams, stream);
  if (!e) {
    csan_model_unlock(m);
    return CSAN_MODEL_EUNKNOWN_STREAM;
  }
  uint32_t slot = (uint32_t)e->val;
  csan_map_erase(&m->streams, e);
  /* cudaStreamDestroy returns at once and the device finishes the stream's
   * work later: the slot waits for the host to observe that work. */
  m->state[slot] = CSAN_SLOT_RETIRED;
  m->retired_at[slot] = ++m->retire_seq;
  m->retired_key[slot] = stream;
  m->key_of[slot] = 0;
  m->legacy_stale[slot] = false;
  m->live--;
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

bool csan_model_stream_exists(csan_model *m, csan_key stream) {
  csan_model_lock(m);
  bool found = csan_model_find_slot(m, stream) >= 0;
  csan_model_unlock(m);
  return found;
}

int csan_model_stream_slot(csan_model *m, csan_key stream, uint32_t *slot) {
  csan_model_lock(m);
  int s = csan_model_find_slot(m, stream);
  csan_model_unlock(m);
  if (s < 0)
    return CSAN_MODEL_EUNKNOWN_STREAM;
  *slot = (uint32_t)s;
  return CSAN_MODEL_OK;
}

uint32_t csan_model_live_streams(csan_model *m) {
  csan_model_lock(m);
  uint32_t n = m->live;
  csan_model_unlock(m);
  return n;
}

/* ---- Operations -------------------------------------------------------- */

/* The last of n back-to-back operations on `slot` (n == 1: the next one),
 * computed without changing the model. */
static int csan_model_next_op(const csan_model *m, uint32_t slot, csan_epoch_t n, csan_op *op) {
  if (m->counter[slot] > UINT32_MAX - n)
    return CSAN_MODEL_EEPOCH;
  memcpy(&op->vc, &m->clock[slot], sizeof op->vc);
  /* Work the host observed is ordered before everything issued afterwards. */
  if (m->host_seen[slot] != m->host_gen)
    csan_model_join(m, &op->vc, &m->host);
  csan_model_legacy_rule(m, slot, &op->vc);
  /* Earlier work of this stream (stream order) and of the slot's earlier
   * owners (observed by the host before the slot was reused). */
  op->vc.c[slot] = m->counter[slot] + n - 1;
  op->slot = slot;
  op->epoch = m->counter[slot] + n;
  op->op_id = m->op_seq + n;
  return CSAN_MODEL_OK;
}

static void csan_model_apply_op(csan_model *m, const csan_op *op) {
  uint32_t slot = op->slot;
  m->counter[slot] = op->epoch;
  __atomic_store_n(&m->op_seq, op->op_id, __ATOMIC_RELEASE); /* csan_model_last_op_id */
  if (op->epoch >= CSAN_EPOCH_RESET_AT)
    m->needs_rebase = true;
  csan_model_set_clock(m, slot, &op->vc);
  m->clock[slot].c[slot] = op->epoch;
  m->host_seen[slot] = m->host_gen;
}

int csan_model_op_prepare(csan_model *m, csan_key stream, csan_op *op) {
  csan_model_lock(m);
  int slot = csan_model_find_slot(m, stream);
  int rc = slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM : csan_model_next_op(m, (uint32_t)slot, 1, op);
  if (rc != CSAN_MODEL_OK) {
    csan_model_unlock(m);
    return rc;
  }
  m->prepared = true;
  return CSAN_MODEL_OK;
}

/* commit/abort with an operation this thread did not just prepare is a bug
 * in the caller that would corrupt every later ordering: stop loudly. */
static void csan_model_check_prepared(const csan_model *m, const csan_op *op, const char *fn) {
  if (m->prepared && op->slot < CSAN_HOST_SLOT && op->epoch == m->counter[op->slot] + 1 &&
      op->op_id == m->op_seq + 1)
    return;
  fprintf(stderr, "csan: internal error: %s without a matching csan_model_op_prepare\n", fn);
  abort();
}

void csan_model_op_commit(csan_model *m, const csan_op *op) {
  csan_model_check_prepared(m, op, "csan_model_op_commit");
  csan_model_apply_op(m, op);
  m->prepared = false;
  csan_model_unlock(m);
}

void csan_model_op_abort(csan_model *m, const csan_op *op) {
  csan_model_check_prepared(m, op, "csan_model_op_abort");
  m->prepared = false;
  csan_model_unlock(m);
}

int csan_model_op(csan_model *m, csan_key stream, csan_op *op) {
  int rc = csan_model_op_prepare(m, stream, op);
  if (rc == CSAN_MODEL_OK)
    csan_model_op_commit(m, op);
  return rc;
}

int csan_model_advance(csan_model *m, csan_key stream, csan_epoch_t n) {
  if (n == 0)
    return CSAN_MODEL_EINVAL;
  csan_model_lock(m);
  int slot = csan_model_find_slot(m, stream);
  csan_op op;
  int rc = slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM : csan_model_next_op(m, (uint32_t)slot, n, &op);
  if (rc == CSAN_MODEL_OK)
    csan_model_apply_op(m, &op);
  csan_model_unlock(m);
  return rc;
}

/* ---- The host ---------------------------------------------------------- */

/* Joins vc into the host clock (the host observed that work complete). */
static void csan_model_host_observe(csan_model *m, const csan_vc *vc) {
  if (csan_model_join(m, &m->host, vc))
    m->host_gen++;
  csan_model_thread_observe(m, vc);
}

int csan_model_host_op(csan_model *m, csan_op *op) {
  csan_model_lock(m);
  const uint32_t slot = CSAN_HOST_SLOT;
  if (m->counter[slot] == UINT32_MAX) {
    csan_model_unlock(m);
    return CSAN_MODEL_EEPOCH;
  }
  /* The host does it itself: after everything it observed (which includes
   * its own earlier operations), before everything it issues later. */
  memcpy(&op->vc, &m->host, sizeof op->vc);
  op->slot = slot;
  op->epoch = m->counter[slot] + 1;
  op->op_id = m->op_seq + 1;
  m->counter[slot] = op->epoch;
  __atomic_store_n(&m->op_seq, op->op_id, __ATOMIC_RELEASE); /* csan_model_last_op_id */
  if (op->epoch >= CSAN_EPOCH_RESET_AT)
    m->needs_rebase = true;
  m->host.c[slot] = op->epoch;
  m->host_gen++;
  csan_vc own;
  memset(&own, 0, sizeof own);
  own.c[slot] = op->epoch;
  csan_model_thread_observe(m, &own);
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

int csan_model_host_wait_stream(csan_model *m, csan_key stream) {
  csan_model_lock(m);
  int slot = csan_model_find_slot(m, stream);
  if (slot >= 0)
    csan_model_host_observe(m, &m->clock[slot]);
  csan_model_unlock(m);
  return slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM : CSAN_MODEL_OK;
}

/* Everything issued so far: the counter of each slot. This covers destroyed
 * streams whose work was still running, which cudaDeviceSynchronize also
 * waits for. */
static void csan_model_all_issued(const csan_model *m, csan_vc *out) {
  memset(out, 0, sizeof *out);
  memcpy(out->c, m->counter, m->hi * sizeof out->c[0]);
  out->c[CSAN_HOST_SLOT] = m->counter[CSAN_HOST_SLOT];
}

void csan_model_host_wait_device(csan_model *m) {
  csan_model_lock(m);
  csan_vc all;
  csan_model_all_issued(m, &all);
  csan_model_host_observe(m, &all);
  csan_model_unlock(m);
}

int csan_model_stream_clock(csan_model *m, csan_key stream, csan_vc *out) {
  csan_model_lock(m);
  int slot = csan_model_find_slot(m, stream);
  if (slot >= 0)
    memcpy(out, &m->clock[slot], sizeof *out);
  csan_model_unlock(m);
  return slot < 0 ? CSAN_MODEL_EUNKNOWN_STREAM : CSAN_MODEL_OK;
}

void csan_model_host_clock(csan_model *m, csan_vc *out) {
  csan_model_lock(m);
  memcpy(out, &m->host, sizeof *out);
  csan_model_unlock(m);
}

void csan_model_device_clock(csan_model *m, csan_vc *out) {
  csan_model_lock(m);
  csan_model_all_issued(m, out);
  csan_model_unlock(m);
}

/* vc clamped to the work issued: a snapshot of this model is <= the
 * counters; anything else (a snapshot taken before a rebase or reset) cannot
 * name work that was never issued, and slot reuse relies on host <= counter. */
static void clamp_to_issued(const csan_model *m, const csan_vc *vc, csan_vc *out) {
  memset(out, 0, sizeof *out);
  for (uint32_t i = 0; i < m->hi; i++)
    out->c[i] = vc->c[i] < m->counter[i] ? vc->c[i] : m->counter[i];
  out->c[CSAN_HOST_SLOT] = vc->c[CSAN_HOST_SLOT] < m->counter[CSAN_HOST_SLOT]
                               ? vc->c[CSAN_HOST_SLOT]
                               : m->counter[CSAN_HOST_SLOT];
}

void csan_model_host_join(csan_model *m, const csan_vc *vc) {
  csan_model_lock(m);
  csan_vc v;
  clamp_to_issued(m, vc, &v);
  csan_model_host_observe(m, &v);
  csan_model_unlock(m);
}

void csan_model_complete(csan_model *m, const csan_vc *vc) {
  csan_model_lock(m);
  csan_vc v;
  clamp_to_issued(m, vc, &v);
  csan_vc_join(&m->done, &v);
  csan_model_unlock(m);
}

void csan_model_done_clock(csan_model *m, csan_vc *out) {
  csan_model_lock(m);
  memcpy(out, &m->done, sizeof *out);
  csan_vc_join(out, &m->host);
  csan_model_unlock(m);
}

/* ---- Device-wide events ------------------------------------------------ */

void csan_model_device_reset(csan_model *m) {
  csan_model_lock(m);
  /* cudaDeviceReset destroys every stream and event of the device and
   * returns once the device is idle: the host observed all work. */
  csan_model_events_free_all(m);
  for (uint32_t s = 1; s < m->hi; s++) {
    if (m->state[s] != CSAN_SLOT_LIVE)
      continue;
    csan_map_erase(&m->streams, csan_map_find(&m->streams, m->key_of[s]));
    m->state[s] = CSAN_SLOT_RETIRED;
    m->retired_at[s] = ++m->retire_seq;
    m->retired_key[s] = m->key_of[s];
    m->key_of[s] = 0;
    m->legacy_stale[s] = false;
  }
  m->live = 1;
  csan_vc all;
  csan_model_all_issued(m, &all);
  csan_model_host_observe(m, &all);
  csan_vc_join(&m->done, &all);
  csan_model_unlock(m);
}

uint64_t csan_model_last_op_id(csan_model *m) {
  /* No lock: host accesses ask on every check (cuda/csan_rt_hostmem.c). */
  return __atomic_load_n(&m->op_seq, __ATOMIC_ACQUIRE);
}

bool csan_model_needs_rebase(csan_model *m) {
  csan_model_lock(m);
  bool needs = m->needs_rebase;
  csan_model_unlock(m);
  return needs;
}

int csan_model_rebase(csan_model *m, csan_key *cut, size_t max, size_t *ncut) {
  csan_model_lock(m);
  csan_vc done;
  memcpy(&done, &m->done, sizeof done);
  csan_vc_join(&done, &m->host);
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++) {
    if (done.c[s] < m->counter[s]) {
      csan_model_unlock(m);
      return CSAN_MODEL_EINVAL; /* some work may still be running */
    }
  }
  /* Every operation has completed. Work the program observed is ordered
   * before every later operation, so its clocks drop to zero without loss.
   * Work it did not observe (csan's own synchronization saw it finish) was
   * unordered with later work, and the restart makes it look ordered: those
   * streams are the ones whose checking the restart cuts. */
  size_t n = 0;
  for (uint32_t s = 0; s < m->hi; s++) {
    if (m->host.c[s] >= m->counter[s])
      continue;
    csan_key k = m->state[s] == CSAN_SLOT_LIVE ? m->key_of[s] : m->retired_key[s];
    if (n < max)
      cut[n] = k;
    n++;
  }
  if (ncut)
    *ncut = n;
  memset(m->counter, 0, sizeof m->counter);
  memset(&m->host, 0, sizeof m->host);
  memset(&m->done, 0, sizeof m->done);
  for (uint32_t s = 0; s < m->hi; s++)
    memset(&m->clock[s], 0, sizeof m->clock[s]);
  memset(m->legacy_stale, 0, sizeof m->legacy_stale);
  csan_model_events_clear_captures(m);
  m->host_gen++;
  m->legacy_gen++;
  /* Read without the lock by host threads (csan_model_thread.c). */
  __atomic_store_n(&m->window, m->window + 1, __ATOMIC_RELAXED);
  m->needs_rebase = false;
  csan_model_unlock(m);
  return CSAN_MODEL_OK;
}

