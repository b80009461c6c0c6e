/* csan_syncs.c: the newest undocumented synchronizations (csan_syncs.h).
 *
 * For each: the work complete at it (a device clock) and the last operation
 * issued before it. A race whose reporting operation came after one of
 * them, and whose other operation that one covers, relies on it. Only the
 * newest synchronization before the reporting operation is looked at: it
 * covers the most (clocks only grow). The newest SYNCS_KEPT are kept; older
 * ones matter only to races with operations issued before that many frees.
 */
#include "csan_syncs.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_stack.h"

#define SYNCS_KEPT 256

typedef struct sync_point {
  const char *api;     /* interned */
  csan_host_site site; /* strings interned */
  uint64_t last_op_id;
  csan_vc all;
} sync_point;

struct csan_syncs {
  pthread_mutex_t mu;
  sync_point ring[SYNCS_KEPT];
  uint64_t n; /* ever added; the newest is ring[(n - 1) % SYNCS_KEPT] */
};

csan_syncs *csan_syncs_create(void) {
  csan_syncs *s = calloc(1, sizeof(*s));
  if (s)
    pthread_mutex_init(&s->mu, NULL);
  return s;
}

void csan_syncs_destroy(csan_syncs *s) {
  if (!s)
    return;
  pthread_mutex_destroy(&s->mu);
  free(s);
}

void csan_syncs_add(csan_syncs *s, const char *api, const csan_host_site *site,
                    const csan_vc *all, uint64_t last_op_id) {
  sync_point p;
  memset(&p, 0, sizeof p);
  p.api = csan_intern(api);
  if (site) {
    p.site = *site;
    p.site.file = csan_intern(site->file);
    p.site.function = csan_intern(site->function);
  }
  p.last_op_id = last_op_id;
  p.all = *all;
  pthread_mutex_lock(&s->mu);
  s->ring[s->n++ % SYNCS_KEPT] = p;
  pthread_mutex_unlock(&s->mu);
}

const char *csan_syncs_note(csan_syncs *s, csan_ops *ops, const csan_race *e) {
  csan_op_info x;
  if (!s || !csan_ops_find(ops, e->slot, e->epoch, &x) || !x.op_id)
    return NULL;
  sync_point p;
  bool found = false;
  pthread_mutex_lock(&s->mu);
  uint64_t kept = s->n < SYNCS_KEPT ? s->n : SYNCS_KEPT;
  for (uint64_t i = 0; i < kept; i++) {
    const sync_point *q = &s->ring[(s->n - 1 - i) % SYNCS_KEPT];
    if (q->last_op_id < x.op_id) {
      found = csan_vc_orders(&q->all, CSAN_TAG_GET_SLOT(e->other), CSAN_TAG_GET_EPOCH(e->other));
      p = *q;
      break;
    }
  }
  pthread_mutex_unlock(&s->mu);
  if (!found)
    return NULL;
  char buf[1024];
  char where[512] = "";
  if (p.site.file)
    snprintf(where, sizeof where, " at %s:%u", p.site.file, p.site.line);
  snprintf(buf, sizeof buf,
           "only %s%s orders these operations, if it synchronized the device: CUDA says it "
           "may, not that it does (CSAN_OPTIONS=documented_sync_only=1)",
           p.api, where);
  return csan_intern(buf);
}
