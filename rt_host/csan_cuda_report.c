/* csan_cuda_report.c: draining the device race table into the reporter.
 *
 * After every call that made the host wait (stream, event and device
 * synchronization, successful queries, synchronous copies that wait) and at
 * exit, the race table is copied to the host on csan's private stream (a
 * non-blocking stream, so the copy never waits for the application's work)
 * and handed to the reporter. The header comes first: when no entry was
 * claimed since the last drain and none was left pending, the entries are
 * not copied at all.
 *
 * The reporter's environment answers from the registries, plus:
 *   resolve_site  a device site is the int32 offset of its csan_site from
 *                 the module anchor (cuModuleGetGlobal(module,
 *                 CSAN_MODULE_ANCHOR_NAME)); the 32-byte descriptor and its
 *                 two strings are read from device memory once per
 *                 (module, site) and cached;
 *   stream_name   the program's name for it (csan_name_stream), `legacy`,
 *                 `per-thread`, else the reporter's hex handle;
 *   op_completed  the host clock (as it was when the drain started) covers
 *                 the reporting operation: only work the host has waited for
 *                 is reported, so an entry is never printed while its
 *                 operation may still add to it.
 *
 * Torn entries. Kernels on other streams may be inserting while the table is
 * copied, and the copy (a DMA) has no order: it can see an entry's READY
 * state (published last, with release) before the fields written first. An
 * entry whose fields do not hold together (epoch 0 on a stream slot, a slot
 * out of range, no count, or fields that do not hash to its key the way
 * csan_race_insert hashes them) is treated as still being filled: left for
 * the next drain. One still torn at exit is not reported, and csan says so.
 */
#include "csan_cuda_rt.h"

/* csan_sh_mix, the device's key hash, from the one source (the CPU platform
 * layer of the shadow engine). */
#include "csan_shadow_cpu_platform.h"

#include "csan_pairtab.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The longest site string csan reads (longer ones are cut). */
#define SITE_STRING_MAX 4096

static __thread const csan_vc *tl_host;
static __thread bool tl_pending;
static _Atomic uint32_t g_last_used;
static _Atomic bool g_left_pending;

bool csan_rt_read_device(void *dst, uint64_t src, size_t n) {
  CUstream s = (CUstream)csan_g.priv;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuMemcpyDtoHAsync(dst, (CUdeviceptr)src, n, s) == CUDA_SUCCESS &&
            csan_g.drv.cuStreamSynchronize(s) == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  return ok;
}

/* ------------------------------------------------------------------------
 * Sites.
 * ---------------------------------------------------------------------- */

typedef struct site_entry {
  csan_pair_key key; /* module, site */
  bool ok;
  csan_site_info info;
} site_entry;
_Static_assert(offsetof(site_entry, key) == 0, "a csan_pairtab entry begins with its key");

typedef struct anchor_entry {
  const void *module;
  uint64_t anchor; /* 0: the module has none */
} anchor_entry;

static pthread_mutex_t g_site_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_pairtab g_sites = CSAN_PAIRTAB_INIT(site_entry);
static anchor_entry *g_anchors;
static size_t g_nanchors;

static uint64_t module_anchor(const void *module) {
  pthread_mutex_lock(&g_site_mu);
  for (size_t i = 0; i < g_nanchors; i++)
    if (g_anchors[i].module == module) {
      uint64_t a = g_anchors[i].anchor;
      pthread_mutex_unlock(&g_site_mu);
      return a;
    }
  pthread_mutex_unlock(&g_site_mu);
  CUdeviceptr a = 0;
  size_t bytes = 0;
  if (csan_g.drv.cuModuleGetGlobal(&a, &bytes, (CUmodule)(uintptr_t)module,
                                   CSAN_MODULE_ANCHOR_NAME) != CUDA_SUCCESS)
    a = 0;
  pthread_mutex_lock(&g_site_mu);
  anchor_entry *v = realloc(g_anchors, (g_nanchors + 1) * sizeof *v);
  if (v) {
    g_anchors = v;
    g_anchors[g_nanchors++] = (anchor_entry){module, (uint64_t)a};
  }
  pthread_mutex_unlock(&g_site_mu);
  return (uint64_t)a;
}

/* A NUL-terminated string in device memory. Reads in chunks, halving the
 * chunk when a read fails (the string may end near the end of the module's
 * memory). Returns an interned copy, or null. */
static const char *read_string(uint64_t addr) {
  if (!addr)
    return NULL;
  char *buf = malloc(SITE_STRING_MAX);
  if (!buf)
    return NULL;
  size_t len = 0, chunk = 256;
  bool ended = false;
  while (!ended && len < SITE_STRING_MAX - 1) {
    size_t n = chunk < SITE_STRING_MAX - 1 - len ? chunk : SITE_STRING_MAX - 1 - len;
    if (!csan_rt_read_device(buf + len, addr + len, n)) {
      if (chunk == 1)
        break;
      chunk /= 2;
      continue;
    }
    void *nul = memchr(buf + len, '\0', n);
    if (nul) {
      ended = true;
      len = (size_t)((char *)nul - buf);
    } else {
      len += n;
    }
  }
  buf[len] = '\0';
  const char *s = len || ended ? csan_intern(buf) : NULL;
  free(buf);
  return s;
}

static bool env_resolve_site(void *ctx, const void *module, uint32_t site, csan_site_info *out) {
  (void)ctx;
  if (!module || !site)
    return false;
  pthread_mutex_lock(&g_site_mu);
  site_entry *e = csan_pairtab_find(&g_sites, module, site);
  bool found = e != NULL, ok = e && e->ok;
  if (ok)
    *out = e->info;
  pthread_mutex_unlock(&g_site_mu);
  if (found)
    return ok;

  site_entry n;
  memset(&n, 0, sizeof n);
  n.key = (csan_pair_key){module, site};
  uint64_t anchor = module_anchor(module);
  csan_site d;
  if (anchor && csan_rt_read_device(&d, anchor + (uint64_t)(int64_t)(int32_t)site, sizeof d)) {
    n.ok = true;
    n.info.file = read_string(d.file);
    n.info.function = read_string(d.function);
    n.info.line = d.line;
    n.info.column = d.column;
    n.info.access = d.access;
    n.info.size = d.size;
  }
  pthread_mutex_lock(&g_site_mu);
  csan_pairtab_insert(&g_sites, &n);
  pthread_mutex_unlock(&g_site_mu);
  if (n.ok)
    *out = n.info;
  return n.ok;
}

void csan_rt_report_forget(void) {
  /* A reset unloads every module; a new module may reuse an old handle. */
  pthread_mutex_lock(&g_site_mu);
  csan_pairtab_clear(&g_sites);
  free(g_anchors);
  g_anchors = NULL;
  g_nanchors = 0;
  pthread_mutex_unlock(&g_site_mu);
  atomic_store(&g_last_used, 0);
  atomic_store(&g_left_pending, false);
}

/* ------------------------------------------------------------------------
 * The environment.
 * ---------------------------------------------------------------------- */

static const char *env_stream_name(void *ctx, uint64_t stream, uint32_t slot) {
  (void)ctx;
  if (slot == CSAN_HOST_SLOT)
    return NULL;
  const char *user = csan_rt_user_stream_name(stream);
  if (user)
    return user;
  if (stream == CSAN_STREAM_LEGACY)
    return "legacy";
  if (stream & CSAN_RT_PT_KEY_BIT)
    return "per-thread";
  return NULL;
}

static bool env_op_completed(void *ctx, uint32_t slot, csan_epoch_t epoch) {
  (void)ctx;
  csan_vc now;
  const csan_vc *h = tl_host;
  if (!h) {
    csan_model_host_clock(csan_g.model, &now);
    h = &now;
  }
  bool done = csan_vc_orders(h, slot, epoch);
  if (!done)
    tl_pending = true;
  return done;
}

void csan_rt_report_env(csan_report_env *env) {
  memset(env, 0, sizeof *env);
  env->ops = csan_g.ops;
  env->allocs = csan_g.allocs;
  env->resolve_site = env_resolve_site;
  env->stream_name = env_stream_name;
  env->op_completed = env_op_completed;
}

/* ------------------------------------------------------------------------
 * Draining.
 * ---------------------------------------------------------------------- */

/* The key csan_race_insert (csan_shadow.h) gives an entry's fields. */
static uint64_t race_key(const csan_race *e) {
  uint64_t key = csan_sh_mix(csan_sh_mix(csan_sh_mix(0, (uint64_t)e->slot << 32 | e->epoch),
                                         e->other),
                             csan_sh_mix((uint64_t)e->site << 32 | e->other_site, e->access));
  return key ? key : 1;
}

/* A READY entry whose fields were all visible to the copy. */
static bool race_whole(const csan_race *e) {
  if (e->slot >= CSAN_MAX_SLOTS || (e->epoch == 0 && e->slot != CSAN_HOST_SLOT) || !e->count)
    return false;
  return race_key(e) == e->key;
}

static void drain(void) {
  csan_race_table hdr;
  if (!csan_rt_read_device(&hdr, csan_g.races, sizeof hdr))
    return;
  if (hdr.used == atomic_load(&g_last_used) && !atomic_load(&g_left_pending)) {
    if (hdr.dropped) { /* only the dropped count can have changed */
      hdr.capacity = 0;
      csan_report_table(csan_g.reporter, &hdr);
    }
    return;
  }
  size_t bytes = CSAN_RACE_ENTRIES_OFFSET + (size_t)csan_g.race_cap * sizeof(csan_race);
  csan_race_table *t = malloc(bytes);
  if (!t)
    return;
  if (!csan_rt_read_device(t, csan_g.races, bytes)) {
    free(t);
    return;
  }
  /* Entries still being filled, or seen torn, are taken next time. */
  csan_race *e = (csan_race *)(void *)((char *)t + CSAN_RACE_ENTRIES_OFFSET);
  uint32_t ready = 0, torn = 0;
  for (uint32_t i = 0; i < t->capacity; i++) {
    if (e[i].state != CSAN_RACE_READY)
      continue;
    if (race_whole(&e[i])) {
      ready++;
    } else {
      e[i].state = CSAN_RACE_FILLING;
      torn++;
    }
  }
  static _Atomic bool said_torn;
  if (torn && atomic_load(&csan_g.exiting) && !atomic_exchange(&said_torn, true))
    csan_log_printf("csan: WARNING: %u race table entr%s could not be read whole at exit; %s "
                    "not reported\n",
                    torn, torn == 1 ? "y" : "ies", torn == 1 ? "its race is" : "their races are");
  csan_vc host;
  csan_model_host_clock(csan_g.model, &host);
  tl_host = &host;
  tl_pending = false;
  csan_report_table(csan_g.reporter, t);
  tl_host = NULL;
  atomic_store(&g_left_pending, tl_pending || ready < t->used);
  atomic_store(&g_last_used, t->used);
  free(t);
  if (csan_report_should_halt(csan_g.reporter))
    csan_rt_halt();
}

void csan_rt_drain(void) {
  if (atomic_load(&csan_g.dev) != CSAN_DEV_READY || !csan_g.races)
    return;
  /* Site descriptors are read through their module: csan's context. */
  csan_rt_own own;
  csan_rt_own_begin(&own);
  drain();
  csan_rt_own_end(&own);
}

void csan_rt_races_clear(void) {
  CUstream s = (CUstream)csan_g.priv;
  size_t bytes = (size_t)csan_g.race_cap * sizeof(csan_race);
  csan_race_table hdr;
  memset(&hdr, 0, sizeof hdr);
  hdr.capacity = csan_g.race_cap;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuMemsetD8Async((CUdeviceptr)(csan_g.races + CSAN_RACE_ENTRIES_OFFSET), 0,
                                       bytes, s) == CUDA_SUCCESS &&
            csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)csan_g.races, &hdr, sizeof hdr, s) ==
                CUDA_SUCCESS &&
            csan_g.drv.cuStreamSynchronize(s) == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  if (!ok)
    return;
  csan_report_table_cleared(csan_g.reporter);
  atomic_store(&g_last_used, 0);
  atomic_store(&g_left_pending, false);
}

uint64_t csan_rt_pool_exhausted(void) {
  uint64_t n = csan_g.pool_exhausted_before;
  csan_pool p;
  if (atomic_load(&csan_g.dev) == CSAN_DEV_READY && csan_g.pool &&
      csan_rt_read_device(&p, csan_g.pool, sizeof p))
    n += p.exhausted;
  return n;
}
