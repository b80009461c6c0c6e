/* csan_model_internal.h: the state of the happens-before model, shared by
 * csan_model.c (streams, operations, the host), csan_model_event.c (events),
 * csan_model_rules.c (the lock and the legacy rule both apply) and
 * csan_model_map.c (the key tables). Not part of the interface. Calls go one
 * way: model -> event -> rules -> map.
 *
 * Invariants (the model lock held, no operation prepared):
 *  - counter[s] is the epoch of the last operation issued on slot s, over the
 *    slot's whole history (streams that held it before included).
 *  - Every clock (stream, host, event capture, operation) is <= counter
 *    entry-wise, and is zero outside slots [0, hi) and CSAN_HOST_SLOT.
 *  - clock[s][s] == counter[s] for a live slot s: a stream's clock includes
 *    its own last operation and, through the host, its slot's earlier owners.
 *  - host <= counter; host[CSAN_HOST_SLOT] == counter[CSAN_HOST_SLOT].
 *  - done <= counter, and done joined with host is what has completed.
 */
#ifndef CSAN_MODEL_INTERNAL_H
#define CSAN_MODEL_INTERNAL_H

#include <pthread.h>

#include "csan_model.h"

/* ---- Key tables --------------------------------------------------------
 * Open addressing from nonzero 64-bit keys to 64-bit values: linear probing,
 * power-of-two capacity, load at most 1/2, deletion by backward shift (no
 * tombstones, so create/destroy churn never slows lookups down). */
typedef struct csan_map_entry {
  uint64_t key; /* 0 = empty */
  uint64_t val;
} csan_map_entry;

typedef struct csan_map {
  csan_map_entry *e;
  size_t cap; /* power of two */
  size_t len;
} csan_map;

int csan_map_init(csan_map *map, size_t cap);
void csan_map_fini(csan_map *map);
csan_map_entry *csan_map_find(const csan_map *map, uint64_t key);
/* Makes room for n more keys; CSAN_MODEL_ENOMEM leaves the map unchanged. */
int csan_map_reserve(csan_map *map, size_t n);
/* key must be absent and room reserved. */
void csan_map_insert(csan_map *map, uint64_t key, uint64_t val);
/* Invalidates pointers to entries. */
void csan_map_erase(csan_map *map, csan_map_entry *e);

/* ---- Model state ------------------------------------------------------- */

/* Life of a stream slot. */
enum csan_slot_state {
  CSAN_SLOT_FRESH = 0, /* never held a stream */
  CSAN_SLOT_LIVE,      /* held by a live stream */
  CSAN_SLOT_RETIRED    /* its stream was destroyed; reusable once observed */
};

/* An event, compact: a program may keep 100,000 of them alive, and a
 * capture (a stream's clock) has few nonzero entries (the streams it ever
 * waited for, the host), so only those are kept: slot[i] has epoch[i]. The
 * allocation is sized for n entries (csan_model_event.c). */
typedef struct csan_event {
  bool recorded;    /* cudaEventRecord happened since the event was created */
  uint16_t n;       /* nonzero entries of the capture */
  uint16_t cap;     /* entries the allocation has room for */
  uint8_t *slot;    /* cap slots, then (aligned) cap epochs, after the header */
  csan_epoch_t *epoch;
} csan_event;

struct csan_model {
  pthread_mutex_t mu;
  uint32_t hi;        /* slots [0, hi) have been used (slot 0 always) */
  uint32_t live;      /* live streams, the legacy stream included */
  bool needs_rebase;  /* some counter reached CSAN_EPOCH_RESET_AT */
  bool prepared;      /* between csan_model_op_prepare and commit/abort */
  uint64_t op_seq;    /* last op_id handed out */
  uint64_t retire_seq;
  /* Generations: bumped whenever the host / legacy clock may have grown, so
   * an operation skips joining a clock it already holds. */
  uint64_t host_gen;
  uint64_t legacy_gen;
  /* Bumped by csan_model_rebase: host threads' own clocks start over. */
  uint64_t window;

  uint8_t state[CSAN_MAX_SLOTS]; /* enum csan_slot_state */
  uint8_t kind[CSAN_MAX_SLOTS];  /* csan_stream_kind of the live stream */
  /* legacy_stale[s]: blocking stream s's clock grew since the legacy stream
   * last joined it (the next legacy action must join it). */
  bool legacy_stale[CSAN_MAX_SLOTS];
  csan_key key_of[CSAN_MAX_SLOTS];
  uint64_t retired_at[CSAN_MAX_SLOTS]; /* retire_seq at destruction */
  csan_key retired_key[CSAN_MAX_SLOTS];/* the key a retired slot's stream had */
  uint64_t host_seen[CSAN_MAX_SLOTS];  /* host_gen joined into clock[s] */
  uint64_t legacy_seen[CSAN_MAX_SLOTS];/* legacy_gen joined into clock[s] */
  csan_epoch_t counter[CSAN_MAX_SLOTS];

  csan_map streams; /* key -> slot */
  csan_map events;  /* key -> (csan_event *) */

  csan_vc host;                   /* everything the program has observed */
  /* Everything csan knows is complete: what the program observed, and what
   * csan's own synchronizations saw finish. Never an ordering: the program
   * did not wait for it. It decides what reports are final and when the
   * epochs may restart. */
  csan_vc done;
  csan_vc clock[CSAN_MAX_SLOTS];  /* clock of the stream on each live slot */
};

/* Joins src into dst over the slots in use; true if dst grew. */
static inline bool csan_model_join(const csan_model *m, csan_vc *dst, const csan_vc *src) {
  bool grew = false;
  for (uint32_t i = 0; i < m->hi; i++) {
    if (src->c[i] > dst->c[i]) {
      dst->c[i] = src->c[i];
      grew = true;
    }
  }
  if (src->c[CSAN_HOST_SLOT] > dst->c[CSAN_HOST_SLOT]) {
    dst->c[CSAN_HOST_SLOT] = src->c[CSAN_HOST_SLOT];
    grew = true;
  }
  return grew;
}

/* The calling host thread observed vc (csan_model.c, "Host threads").
 * Called with the model lock held. */
void csan_model_thread_observe(csan_model *m, const csan_vc *vc);

static inline bool csan_model_is_blocking(const csan_model *m, uint32_t slot) {
  return slot != CSAN_LEGACY_SLOT && m->kind[slot] != CSAN_STREAM_NONBLOCKING;
}

/* ---- csan_model_rules.c ------------------------------------------------ */

/* Slot of a live stream key, or -1. */
int csan_model_find_slot(const csan_model *m, csan_key stream);

/* Applies CUDA's legacy-stream rule for an action (operation, event record,
 * stream wait) about to be taken in the stream on `slot`, joining into vc,
 * which starts as the stream's clock. Changes no state. */
void csan_model_legacy_rule(const csan_model *m, uint32_t slot, csan_vc *vc);
/* Stores vc as the clock of `slot` after an action on it, and keeps the
 * legacy bookkeeping (generations, stale flags) true. */
void csan_model_set_clock(csan_model *m, uint32_t slot, const csan_vc *vc);

/* The lock. */
void csan_model_lock(csan_model *m);
void csan_model_unlock(csan_model *m);

/* Events: csan_model_event.c. */
void csan_model_events_clear_captures(csan_model *m); /* for rebase */
void csan_model_events_free_all(csan_model *m);       /* for reset/destroy */

#endif /* CSAN_MODEL_INTERNAL_H */
