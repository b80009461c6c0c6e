/* csan_ops.c: operations by (slot, epoch), described through interned
 * descriptions.
 *
 * A shadow record may name an operation for the rest of the run (a buffer
 * written once and read much later), so no operation is ever forgotten
 * before the epochs restart. What is kept per operation is small: which
 * description it has (an index into one table of distinct descriptions:
 * what ran, on which stream, from which call site and stack) and its
 * operation number. A program issues the same few descriptions again and
 * again (a launch in a loop), so the description table stays small.
 *
 * Per slot, operations live in pages of PAGE_EPOCHS consecutive epochs,
 * found through a page table indexed by epoch / PAGE_EPOCHS: 8 bytes per
 * operation (a 32-bit description index, and the operation number as a
 * signed 32-bit offset from that of the first operation registered in the
 * page; threads register in any order). Pages are made on first use.
 */
#include "csan_ops.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "csan_hash.h"
#include "csan_stack.h"

#define PAGE_BITS 10
#define PAGE_EPOCHS (1u << PAGE_BITS)
/* An operation number too far from its page's first (over 2G operations on
 * other slots while this slot issued one page): kept as unknown. */
#define DELTA_UNKNOWN INT32_MIN
/* An epoch this far below the newest of its slot means the slot's epochs
 * restarted (the caller rebased without csan_ops_clear). */
#define RESTART_GAP (1u << 20)

/* What operations have in common with others issued from the same place. */
typedef struct op_desc {
  csan_op_kind kind;
  const char *what;        /* interned */
  uint64_t stream;
  const char *stream_name; /* interned */
  csan_host_site site;     /* strings interned */
  uint32_t stack;
  uint64_t bytes;
  const void *module;
  uint32_t access_stack;
} op_desc;

typedef struct op_page {
  uint64_t base_id;              /* the operation number delta 0 means */
  uint32_t desc[PAGE_EPOCHS];    /* description index + 1; 0 = not registered */
  int32_t delta[PAGE_EPOCHS];    /* op_id - base_id, or DELTA_UNKNOWN */
} op_page;

typedef struct slot_ops {
  pthread_mutex_t mu;
  op_page **pages; /* npages entries, null where nothing was registered */
  uint32_t npages;
  csan_epoch_t newest;
} slot_ops;

struct csan_ops {
  pthread_mutex_t desc_mu;
  op_desc *descs;     /* ndescs entries */
  uint32_t ndescs, descs_cap;
  uint32_t *by_hash;  /* open addressing: description index + 1, 0 = free */
  uint32_t hash_cap;  /* power of two, at least twice ndescs */
  _Atomic uint64_t page_bytes;
  slot_ops slots[CSAN_MAX_SLOTS];
};

csan_ops *csan_ops_create(void) {
  csan_ops *ops = calloc(1, sizeof(*ops));
  if (!ops)
    return NULL;
  pthread_mutex_init(&ops->desc_mu, NULL);
  for (unsigned s = 0; s < CSAN_MAX_SLOTS; s++)
    pthread_mutex_init(&ops->slots[s].mu, NULL);
  return ops;
}

static void clear_slot_nolock(csan_ops *ops, slot_ops *so) {
  for (uint32_t i = 0; i < so->npages; i++)
    if (so->pages[i]) {
      free(so->pages[i]);
      ops->page_bytes -= sizeof(op_page);
    }
  free(so->pages);
  so->pages = NULL;
  so->npages = 0;
  so->newest = 0;
}

void csan_ops_destroy(csan_ops *ops) {
  if (!ops)
    return;
  for (unsigned s = 0; s < CSAN_MAX_SLOTS; s++) {
    clear_slot_nolock(ops, &ops->slots[s]);
    pthread_mutex_destroy(&ops->slots[s].mu);
  }
  free(ops->descs);
  free(ops->by_hash);
  pthread_mutex_destroy(&ops->desc_mu);
  free(ops);
}

/* ------------------------------------------------------------------------
 * Descriptions.
 * ---------------------------------------------------------------------- */

/* Descriptions are compared field by field (strings are interned, so by
 * pointer); the padding of op_desc never takes part. */
static bool desc_equal(const op_desc *a, const op_desc *b) {
  return a->kind == b->kind && a->what == b->what && a->stream == b->stream &&
         a->stream_name == b->stream_name && a->site.file == b->site.file &&
         a->site.function == b->site.function && a->site.line == b->site.line &&
         a->site.column == b->site.column && a->stack == b->stack && a->bytes == b->bytes &&
         a->module == b->module && a->access_stack == b->access_stack;
}

static uint64_t desc_hash(const op_desc *d) {
  uint64_t v[] = {(uint64_t)d->kind,
                  (uint64_t)(uintptr_t)d->what,
                  d->stream,
                  (uint64_t)(uintptr_t)d->stream_name,
                  (uint64_t)(uintptr_t)d->site.file,
                  (uint64_t)(uintptr_t)d->site.function,
                  (uint64_t)d->site.line << 32 | d->site.column,
                  d->stack,
                  d->bytes,
                  (uint64_t)(uintptr_t)d->module,
                  d->access_stack};
  return csan_hash_words(v, sizeof v / sizeof v[0]);
}

static bool rehash_nolock(csan_ops *ops, uint32_t cap) {
  uint32_t *t = calloc(cap, sizeof(*t));
  if (!t)
    return false;
  for (uint32_t i = 0; i < ops->ndescs; i++) {
    uint32_t j = (uint32_t)desc_hash(&ops->descs[i]) & (cap - 1);
    while (t[j])
      j = (j + 1) & (cap - 1);
    t[j] = i + 1;
  }
  free(ops->by_hash);
  ops->by_hash = t;
  ops->hash_cap = cap;
  return true;
}

/* The index + 1 of description d, added if new; 0 when out of memory. */
static uint32_t desc_intern(csan_ops *ops, const op_desc *d) {
  uint64_t h = desc_hash(d);
  uint32_t id = 0;
  pthread_mutex_lock(&ops->desc_mu);
  if (ops->hash_cap) {
    for (uint32_t j = (uint32_t)h & (ops->hash_cap - 1); ops->by_hash[j];
         j = (j + 1) & (ops->hash_cap - 1))
      if (desc_equal(&ops->descs[ops->by_hash[j] - 1], d)) {
        id = ops->by_hash[j];
        break;
      }
  }
  if (!id && (ops->ndescs + 1) * 2 > ops->hash_cap &&
      !rehash_nolock(ops, ops->hash_cap ? 2 * ops->hash_cap : 64))
    goto out;
  if (!id && ops->ndescs == ops->descs_cap) {
    uint32_t cap = ops->descs_cap ? 2 * ops->descs_cap : 32;
    op_desc *v = realloc(ops->descs, cap * sizeof(*v));
    if (!v)
      goto out;
    ops->descs = v;
    ops->descs_cap = cap;
  }
  if (!id) {
    ops->descs[ops->ndescs] = *d;
    id = ++ops->ndescs;
    uint32_t j = (uint32_t)h & (ops->hash_cap - 1);
    while (ops->by_hash[j])
      j = (j + 1) & (ops->hash_cap - 1);
    ops->by_hash[j] = id;
  }
out:
  pthread_mutex_unlock(&ops->desc_mu);
  return id;
}

/* ------------------------------------------------------------------------
 * Operations.
 * ---------------------------------------------------------------------- */

/* The page of epoch e, made if missing (slot lock held); null when out of
 * memory. */
static op_page *page_for_nolock(csan_ops *ops, slot_ops *so, csan_epoch_t e, uint64_t op_id) {
  uint32_t p = e >> PAGE_BITS;
  if (p >= so->npages) {
    uint32_t n = so->npages ? so->npages : 16;
    while (n <= p)
      n *= 2;
    op_page **v = realloc(so->pages, n * sizeof(*v));
    if (!v)
      return NULL;
    memset(v + so->npages, 0, (n - so->npages) * sizeof(*v));
    so->pages = v;
    so->npages = n;
  }
  if (!so->pages[p]) {
    op_page *pg = calloc(1, sizeof(*pg));
    if (!pg)
      return NULL;
    pg->base_id = op_id;
    so->pages[p] = pg;
    ops->page_bytes += sizeof(op_page);
  }
  return so->pages[p];
}

uint32_t csan_ops_describe(csan_ops *ops, const csan_op_info *op) {
  if (!ops || !op)
    return 0;
  op_desc d;
  memset(&d, 0, sizeof(d));
  d.kind = op->kind;
  d.what = csan_intern(op->what);
  d.stream = op->stream;
  d.stream_name = csan_intern(op->stream_name);
  d.site = op->site;
  d.site.file = csan_intern(op->site.file);
  d.site.function = csan_intern(op->site.function);
  d.stack = op->stack;
  d.bytes = op->bytes;
  d.module = op->module;
  d.access_stack = op->access_stack;
  return desc_intern(ops, &d);
}

int csan_ops_add_described(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, uint64_t op_id,
                           uint32_t desc) {
  if (!ops || slot >= CSAN_MAX_SLOTS || epoch == 0 || desc == 0)
    return -1;
  slot_ops *so = &ops->slots[slot];
  int rc = 0;
  pthread_mutex_lock(&so->mu);
  if ((uint64_t)epoch + RESTART_GAP <= so->newest)
    clear_slot_nolock(ops, so);
  if (epoch > so->newest)
    so->newest = epoch;
  op_page *pg = page_for_nolock(ops, so, epoch, op_id);
  if (pg) {
    uint32_t i = epoch & (PAGE_EPOCHS - 1);
    pg->desc[i] = desc;
    int64_t delta = (int64_t)(op_id - pg->base_id);
    pg->delta[i] = delta > DELTA_UNKNOWN && delta <= INT32_MAX ? (int32_t)delta : DELTA_UNKNOWN;
  } else {
    rc = -1;
  }
  pthread_mutex_unlock(&so->mu);
  return rc;
}

int csan_ops_add(csan_ops *ops, const csan_op_info *op) {
  if (!ops || !op || op->slot >= CSAN_MAX_SLOTS || op->epoch == 0)
    return -1;
  /* Describe outside the slot lock: the string depot has its own. */
  uint32_t desc = csan_ops_describe(ops, op);
  if (!desc)
    return -1;
  return csan_ops_add_described(ops, op->slot, op->epoch, op->op_id, desc);
}

bool csan_ops_find(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, csan_op_info *out) {
  if (!ops || slot >= CSAN_MAX_SLOTS || epoch == 0)
    return false;
  slot_ops *so = &ops->slots[slot];
  uint32_t id = 0;
  uint64_t op_id = 0;
  pthread_mutex_lock(&so->mu);
  uint32_t p = epoch >> PAGE_BITS;
  if (p < so->npages && so->pages[p]) {
    const op_page *pg = so->pages[p];
    uint32_t i = epoch & (PAGE_EPOCHS - 1);
    id = pg->desc[i];
    if (pg->delta[i] != DELTA_UNKNOWN)
      op_id = pg->base_id + (uint64_t)(int64_t)pg->delta[i];
  }
  pthread_mutex_unlock(&so->mu);
  if (!id)
    return false;
  op_desc d;
  pthread_mutex_lock(&ops->desc_mu);
  d = ops->descs[id - 1];
  pthread_mutex_unlock(&ops->desc_mu);
  memset(out, 0, sizeof(*out));
  out->op_id = op_id;
  out->slot = slot;
  out->epoch = epoch;
  out->kind = d.kind;
  out->what = d.what;
  out->stream = d.stream;
  out->stream_name = d.stream_name;
  out->site = d.site;
  out->stack = d.stack;
  out->bytes = d.bytes;
  out->module = d.module;
  out->access_stack = d.access_stack;
  return true;
}

void csan_ops_clear_slot(csan_ops *ops, uint32_t slot) {
  if (!ops || slot >= CSAN_MAX_SLOTS)
    return;
  slot_ops *so = &ops->slots[slot];
  pthread_mutex_lock(&so->mu);
  clear_slot_nolock(ops, so);
  pthread_mutex_unlock(&so->mu);
}

void csan_ops_clear(csan_ops *ops) {
  for (uint32_t s = 0; ops && s < CSAN_MAX_SLOTS; s++)
    csan_ops_clear_slot(ops, s);
}

void csan_ops_usage(csan_ops *ops, csan_ops_stats *out) {
  memset(out, 0, sizeof(*out));
  if (!ops)
    return;
  pthread_mutex_lock(&ops->desc_mu);
  out->descriptions = ops->ndescs;
  out->bytes = (uint64_t)ops->descs_cap * sizeof(op_desc) + (uint64_t)ops->hash_cap * sizeof(uint32_t);
  pthread_mutex_unlock(&ops->desc_mu);
  out->bytes += ops->page_bytes;
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++) {
    slot_ops *so = &ops->slots[s];
    pthread_mutex_lock(&so->mu);
    out->bytes += (uint64_t)so->npages * sizeof(op_page *);
    pthread_mutex_unlock(&so->mu);
  }
}
