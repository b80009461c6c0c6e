/* csan_rt_sites.c: device source sites, as reports name them.
 *
 * A device site is the int32 offset of its csan_site descriptor from the
 * module anchor (cuModuleGetGlobal(module, CSAN_MODULE_ANCHOR_NAME)); the
 * 32-byte descriptor and its two strings are read from device memory once
 * per (module, site) and cached.
 */
#include "csan_rt_sites.h"

#include "csan_pairtab.h"
#include "csan_unchecked.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The longest site string csan reads (longer ones are cut). */
#define SITE_STRING_MAX 4096

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

/* Modules whose gap table was read (a module is loaded once per context
 * and the list stays short). */
static const void **g_gap_modules;
static size_t g_ngap_modules;

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

bool csan_rt_site_resolve(const void *module, uint32_t site, csan_site_info *out) {
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

void csan_rt_module_gaps_note(const void *module) {
  if (!module)
    return;
  pthread_mutex_lock(&g_site_mu);
  for (size_t i = 0; i < g_ngap_modules; i++)
    if (g_gap_modules[i] == module) {
      pthread_mutex_unlock(&g_site_mu);
      return;
    }
  const void **v = realloc(g_gap_modules, (g_ngap_modules + 1) * sizeof *v);
  if (v) {
    g_gap_modules = v;
    g_gap_modules[g_ngap_modules++] = module;
  }
  pthread_mutex_unlock(&g_site_mu);
  if (!v)
    return;
  CUdeviceptr table = 0;
  size_t bytes = 0;
  if (csan_g.drv.cuModuleGetGlobal(&table, &bytes, (CUmodule)(uintptr_t)module,
                                   CSAN_MODULE_GAPS_NAME) != CUDA_SUCCESS ||
      !table)
    return; /* the module left nothing unchecked where a race could hide */
  const char *text = read_string((uint64_t)table);
  if (text && !csan_unchecked_add_device_gaps(text))
    csan_log_printf("csan: WARNING: module %p: its table of unchecked device accesses is "
                    "malformed (built by another csan?); some are not counted\n", module);
}

void csan_rt_sites_forget(void) {
  /* A reset unloads every module; a new module may reuse an old handle. */
  pthread_mutex_lock(&g_site_mu);
  csan_pairtab_clear(&g_sites);
  free(g_anchors);
  g_anchors = NULL;
  g_nanchors = 0;
  /* The gaps counted stay counted: those modules ran. */
  free(g_gap_modules);
  g_gap_modules = NULL;
  g_ngap_modules = 0;
  pthread_mutex_unlock(&g_site_mu);
}
