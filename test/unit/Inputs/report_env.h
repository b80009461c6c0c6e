/* report_env.h: a fake reporter environment for the report_*.c unit tests.
 *
 * Operations and allocations go into real registries (csan_ops,
 * csan_allocs); device sites come from a small table that fake_resolve()
 * looks up by (module, site id), the way the CUDA glue reads site
 * descriptors from a module. Not a test itself (Inputs/ is excluded). */
#ifndef TEST_REPORT_ENV_H
#define TEST_REPORT_ENV_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_report.h"
#include "csan_stack.h"

#define MOD_A ((const void *)0x1000)

typedef struct fake_site {
  const void *module;
  uint32_t id;
  csan_site_info info;
} fake_site;

static fake_site g_sites[64];
static int g_nsites;
static csan_ops *g_ops;
static csan_allocs *g_allocs;

static inline void add_site(uint32_t id, const char *file, const char *function, uint32_t line,
                            uint32_t column, uint32_t access, uint32_t size) {
  fake_site *s = &g_sites[g_nsites++];
  s->module = MOD_A;
  s->id = id;
  s->info = (csan_site_info){file, function, line, column, access, size};
}

static inline bool fake_resolve(void *ctx, const void *module, uint32_t site,
                                csan_site_info *out) {
  (void)ctx;
  for (int i = 0; i < g_nsites; i++)
    if (g_sites[i].module == module && g_sites[i].id == site) {
      *out = g_sites[i].info;
      return true;
    }
  return false;
}

/* device_sites: whether the environment resolves device sites (false is
 * csan-replay's situation). */
static inline void env_init(csan_report_env *env, bool device_sites) {
  g_ops = csan_ops_create();
  g_allocs = csan_allocs_create(0);
  memset(env, 0, sizeof(*env));
  env->ops = g_ops;
  env->allocs = g_allocs;
  if (device_sites)
    env->resolve_site = fake_resolve;
}

/* Frees what env_init made (a test that leaks fails under LeakSanitizer). */
static inline void env_fini(void) {
  csan_ops_destroy(g_ops);
  csan_allocs_destroy(g_allocs);
  g_ops = NULL;
  g_allocs = NULL;
}

static inline void add_op(uint64_t op_id, uint32_t slot, uint32_t epoch, csan_op_kind kind,
                          const char *what, uint64_t stream, const char *stream_name,
                          const char *file, const char *function, uint32_t line,
                          uint32_t column, uint32_t stack, uint64_t bytes) {
  csan_op_info op;
  memset(&op, 0, sizeof(op));
  op.op_id = op_id;
  op.slot = slot;
  op.epoch = epoch;
  op.kind = kind;
  op.what = what;
  op.stream = stream;
  op.stream_name = stream_name;
  op.site = (csan_host_site){file, function, line, column};
  op.stack = stack;
  op.bytes = bytes;
  op.module = MOD_A;
  if (csan_ops_add(g_ops, &op) != 0) {
    fprintf(stderr, "add_op failed\n");
    exit(2);
  }
}

static inline void add_alloc(uint64_t base, uint64_t size, const char *api, const char *name,
                             const char *file, const char *function, uint32_t line,
                             uint32_t column, uint32_t stack) {
  csan_alloc_info a;
  memset(&a, 0, sizeof(a));
  a.base = base;
  a.size = size;
  a.flags = CSAN_ALLOC_DEVICE;
  a.name = name;
  a.made.api = api;
  a.made.site = (csan_host_site){file, function, line, column};
  a.made.stack = stack;
  if (csan_allocs_add(g_allocs, &a) != 0) {
    fprintf(stderr, "add_alloc failed\n");
    exit(2);
  }
}

/* A race entry: access `access` of `size` bytes at site `site` by (slot,
 * epoch) met a record of kind `other_kind` (CSAN_TAG_* bits) by
 * (oslot, oepoch) at site `osite`, over bytes [lo, hi). */
static inline csan_race make_race(uint32_t slot, uint32_t epoch, uint32_t access, uint32_t size,
                                  uint32_t site, uint32_t oslot, uint32_t oepoch,
                                  uint64_t other_kind, uint32_t osite, uint64_t lo,
                                  uint64_t hi) {
  csan_race r;
  memset(&r, 0, sizeof(r));
  r.key = 1;
  r.state = CSAN_RACE_READY;
  r.access = access;
  r.size = size;
  r.site = site;
  r.slot = slot;
  r.epoch = epoch;
  r.other = CSAN_TAG_MAKE(0xf, other_kind, oslot, oepoch);
  r.other_site = osite;
  r.lo = lo;
  r.hi = hi;
  r.count = 1;
  return r;
}

#endif /* TEST_REPORT_ENV_H */
