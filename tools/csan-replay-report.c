/* csan-replay-report.c: csan-replay's side of the reporter: its
 * environment (operations from the registry, with the size of each kernel
 * access by its site), draining the CPU race table after every command in
 * schedule order, and the end of the run. csan-replay-exec.c calls it;
 * it calls no other file of csan-replay.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_unchecked.h"

/* Operations come from the registry. A kernel's access has no device site
 * to say its size, so for the earlier operation of the entry being reported
 * the size is that of the access that made the record (by its site id);
 * the reporting access's size is in the entry itself. Range operations
 * (memset, memcpy, frees) are registered with their length. */
static bool rp_find_op(void *ctx, uint32_t slot, csan_epoch_t epoch, csan_op_info *out) {
  rp_world *w = ctx;
  if (!csan_ops_find(w->ops, slot, epoch, out))
    return false;
  const csan_race *e = w->reporting;
  if (e && out->kind == CSAN_OPK_KERNEL && CSAN_TAG_GET_SLOT(e->other) == slot &&
      CSAN_TAG_GET_EPOCH(e->other) == epoch && e->other_site >= 1 &&
      e->other_site <= w->nsites)
    out->bytes = w->site_len[e->other_site];
  return true;
}

typedef struct rp_sorted {
  csan_race e;
  uint64_t other_op; /* op id of the earlier operation, 0 when unknown */
} rp_sorted;

static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

static int cmp_sorted(const void *pa, const void *pb) {
  const rp_sorted *a = pa, *b = pb;
  int c;
  if ((c = cmp_u64(a->e.epoch | (uint64_t)a->e.slot << 32, b->e.epoch | (uint64_t)b->e.slot << 32)))
    return c;
  if ((c = cmp_u64(a->other_op, b->other_op)))
    return c;
  if ((c = cmp_u64(a->e.lo, b->e.lo)))
    return c;
  if ((c = cmp_u64(a->e.site, b->e.site)))
    return c;
  if ((c = cmp_u64(a->e.other_site, b->e.other_site)))
    return c;
  if ((c = cmp_u64(a->e.access, b->e.access)))
    return c;
  return cmp_u64(a->e.other, b->e.other);
}

void rp_drain(rp_world *w) {
  csan_race_table *t = csan_shadow_cpu_race_table(w->shadow);
  if (t->used == 0 && t->dropped == 0)
    return;
  uint32_t dropped = 0;
  uint32_t n = csan_shadow_cpu_races(w->shadow, w->drain_buf, w->drain_cap, NULL, &dropped);
  if (n > w->drain_cap)
    n = w->drain_cap;
  w->not_recorded += dropped;
  rp_sorted *v = calloc(n ? n : 1, sizeof(*v));
  if (!v) {
    fprintf(stderr, "csan-replay: out of memory\n");
    exit(RP_EXIT_USAGE);
  }
  for (uint32_t i = 0; i < n; i++) {
    v[i].e = w->drain_buf[i];
    csan_op_info info;
    if (csan_ops_find(w->ops, CSAN_TAG_GET_SLOT(v[i].e.other), CSAN_TAG_GET_EPOCH(v[i].e.other),
                      &info))
      v[i].other_op = info.op_id;
  }
  qsort(v, n, sizeof(*v), cmp_sorted);
  csan_shadow_cpu_clear_races(w->shadow);
  for (uint32_t i = 0; i < n && !csan_report_should_halt(w->reporter); i++) {
    w->reporting = &v[i].e;
    size_t printed = csan_report_races(w->reporter, &v[i].e, 1);
    w->reporting = NULL;
    if (printed && w->on_report)
      w->on_report(w->on_report_ctx, &v[i].e);
  }
  free(v);
  if (csan_report_should_halt(w->reporter))
    rp_finish(w);
}

void rp_finish(rp_world *w) {
  csan_shadow_pool_stats ps;
  csan_shadow_cpu_pool_stats(w->shadow, &ps);
  csan_report_notes notes = {w->not_recorded, ps.exhausted, w->cut_streams};
  csan_unchecked_print(); /* graph nodes csan does not follow */
  int status = csan_report_finish(w->reporter, 0, &notes);
  if (w->capture_errors) {
    /* A capture error is a bug of the program, as a race is. */
    csan_log_printf("csan: reported %llu stream capture error(s)\n",
                    (unsigned long long)w->capture_errors);
    status = w->flags.exitcode;
  }
  csan_log_close();
  exit(status);
}

static const char *rp_note(void *ctx, const csan_race *e) {
  rp_world *w = ctx;
  return w->flags.documented_sync_only ? csan_syncs_note(w->syncs, w->ops, e) : NULL;
}

/* The shadow holds pool_mb MiB of 128-byte escalation blocks and the race
 * table, as on the device. */
rp_world_status rp_world_open(rp_world *w, csan_suppressions *supp) {
  uint64_t blocks = (uint64_t)w->flags.pool_mb * ((1u << 20) / sizeof(csan_pool_block));
  w->shadow = csan_shadow_cpu_create(blocks >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)blocks,
                                     (uint32_t)w->flags.race_table_size);
  w->model = csan_model_create();
  w->ops = csan_ops_create();
  w->syncs = csan_syncs_create();
  w->allocs = csan_allocs_create(0);
  w->drain_cap = (uint32_t)w->flags.race_table_size;
  w->drain_buf = calloc(w->drain_cap, sizeof(*w->drain_buf));
  if (!w->shadow || !w->model || !w->ops || !w->allocs || !w->syncs ||
      !w->drain_buf)
    return RP_WORLD_NO_SHADOW;
  csan_report_env env;
  memset(&env, 0, sizeof(env));
  env.ctx = w;
  env.find_op = rp_find_op;
  env.note = rp_note;
  env.ops = w->ops;
  env.allocs = w->allocs;
  w->reporter = csan_reporter_create(&w->flags, &env, supp);
  return w->reporter ? RP_WORLD_OK : RP_WORLD_NO_REPORTER;
}

void rp_world_close(rp_world *w) {
  if (w->reporter)
    csan_reporter_destroy(w->reporter);
  if (w->shadow)
    csan_shadow_cpu_destroy(w->shadow);
  if (w->model)
    csan_model_destroy(w->model);
  if (w->ops)
    csan_ops_destroy(w->ops);
  if (w->allocs)
    csan_allocs_destroy(w->allocs);
  if (w->syncs)
    csan_syncs_destroy(w->syncs);
  free(w->drain_buf);
  w->reporter = NULL;
  w->shadow = NULL;
  w->model = NULL;
  w->ops = NULL;
  w->allocs = NULL;
  w->syncs = NULL;
  w->drain_buf = NULL;
}
