/* csan_ops.c: per-slot rings of operations, indexed by epoch.
 *
 * Entry i of a slot's ring holds the newest registered epoch e with
 * e % cap == i. A ring grows (doubling, up to keep) when an add would
 * overwrite an epoch that must still be kept, i.e. one within `keep` of the
 * newest epoch of the slot; so lookups of the newest `keep` epochs never miss
 * whatever order the adds came in.
 */
#include "csan_ops.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "csan_stack.h"

#define INITIAL_RING 64u

typedef struct slot_ring {
  pthread_mutex_t mu;
  csan_op_info *ring; /* cap entries; epoch 0 = empty */
  uint32_t cap;
  csan_epoch_t newest;
} slot_ring;

struct csan_ops {
  uint32_t keep;
  slot_ring slots[CSAN_MAX_SLOTS];
};

static uint32_t round_pow2(uint32_t v) {
  uint32_t p = 1;
  while (p < v && p < 0x80000000u)
    p <<= 1;
  return p;
}

csan_ops *csan_ops_create(uint32_t keep) {
  csan_ops *ops = calloc(1, sizeof(*ops));
  if (!ops)
    return NULL;
  ops->keep = round_pow2(keep ? keep : CSAN_OPS_KEEP_DEFAULT);
  for (unsigned s = 0; s < CSAN_MAX_SLOTS; s++)
    pthread_mutex_init(&ops->slots[s].mu, NULL);
  return ops;
}

void csan_ops_destroy(csan_ops *ops) {
  if (!ops)
    return;
  for (unsigned s = 0; s < CSAN_MAX_SLOTS; s++) {
    free(ops->slots[s].ring);
    pthread_mutex_destroy(&ops->slots[s].mu);
  }
  free(ops);
}

uint32_t csan_ops_keep(const csan_ops *ops) { return ops->keep; }

/* Whether epoch e must still be kept given the newest epoch of the slot. */
static bool within_window(const csan_ops *ops, const slot_ring *r, csan_epoch_t e) {
  return e != 0 && (uint64_t)e + ops->keep > r->newest;
}

static void clear_ring_nolock(slot_ring *r) {
  free(r->ring);
  r->ring = NULL;
  r->cap = 0;
  r->newest = 0;
}

static bool grow_nolock(const csan_ops *ops, slot_ring *r) {
  uint32_t cap = r->cap ? r->cap * 2 : (INITIAL_RING < ops->keep ? INITIAL_RING : ops->keep);
  csan_op_info *ring = calloc(cap, sizeof(*ring));
  if (!ring)
    return false;
  for (uint32_t i = 0; i < r->cap; i++) {
    csan_op_info *e = &r->ring[i];
    if (e->epoch && within_window(ops, r, e->epoch))
      ring[e->epoch & (cap - 1)] = *e;
  }
  free(r->ring);
  r->ring = ring;
  r->cap = cap;
  return true;
}

int csan_ops_add(csan_ops *ops, const csan_op_info *op) {
  if (!ops || !op || op->slot >= CSAN_MAX_SLOTS || op->epoch == 0)
    return -1;
  /* Intern outside the slot lock: the string depot has its own. */
  csan_op_info copy = *op;
  copy.what = csan_intern(op->what);
  copy.stream_name = csan_intern(op->stream_name);
  copy.site.file = csan_intern(op->site.file);
  copy.site.function = csan_intern(op->site.function);

  slot_ring *r = &ops->slots[op->slot];
  int rc = 0;
  pthread_mutex_lock(&r->mu);
  /* Epochs restarted: everything older belongs to a previous window. */
  if ((uint64_t)copy.epoch + ops->keep <= r->newest)
    clear_ring_nolock(r);
  if (copy.epoch > r->newest)
    r->newest = copy.epoch;
  for (;;) {
    if (!r->ring && !grow_nolock(ops, r)) {
      rc = -1;
      break;
    }
    csan_op_info *e = &r->ring[copy.epoch & (r->cap - 1)];
    if (e->epoch && e->epoch != copy.epoch && within_window(ops, r, e->epoch) &&
        r->cap < ops->keep) {
      if (!grow_nolock(ops, r)) {
        rc = -1;
        break;
      }
      continue;
    }
    /* Keep the newer of the two when both cannot stay. */
    if (!e->epoch || e->epoch <= copy.epoch || !within_window(ops, r, e->epoch))
      *e = copy;
    break;
  }
  pthread_mutex_unlock(&r->mu);
  return rc;
}

bool csan_ops_find(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, csan_op_info *out) {
  if (!ops || slot >= CSAN_MAX_SLOTS || epoch == 0)
    return false;
  slot_ring *r = &ops->slots[slot];
  bool found = false;
  pthread_mutex_lock(&r->mu);
  if (r->ring && within_window(ops, r, epoch)) {
    const csan_op_info *e = &r->ring[epoch & (r->cap - 1)];
    if (e->epoch == epoch) {
      *out = *e;
      found = true;
    }
  }
  pthread_mutex_unlock(&r->mu);
  return found;
}

void csan_ops_clear_slot(csan_ops *ops, uint32_t slot) {
  if (!ops || slot >= CSAN_MAX_SLOTS)
    return;
  slot_ring *r = &ops->slots[slot];
  pthread_mutex_lock(&r->mu);
  clear_ring_nolock(r);
  pthread_mutex_unlock(&r->mu);
}

void csan_ops_clear(csan_ops *ops) {
  for (uint32_t s = 0; ops && s < CSAN_MAX_SLOTS; s++)
    csan_ops_clear_slot(ops, s);
}
