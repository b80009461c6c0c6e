/* csan_rt_vars.c: __device__ variables.
 *
 * They are registered by the module constructor (__cudaRegisterVar, or
 * __csan_register_device_var under -fgpu-rdc) before CUDA may be used; their
 * device addresses are resolved (cudaGetSymbolAddress) at the first launch
 * or memory operation after registration, and they get shadow like any
 * allocation. __constant__ variables are never written by kernels and are
 * skipped.
 */
#include "csan_rt_vars.h"

#include "csan_rt_allocs.h"

#include <stdlib.h>
#include <string.h>

typedef struct csan_rt_var {
  const void *host;  /* the host shadow variable: CUDA's symbol */
  const char *name;  /* interned */
  uint64_t size;
  uint32_t flags;    /* CSAN_VAR_F_* */
  uint64_t dev;      /* device address, once resolved (0: none) */
  bool resolved;
  bool resolving;
  csan_host_site site;
} csan_rt_var;

static pthread_mutex_t g_var_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_rt_var *g_vars;
static size_t g_nvars, g_vars_cap;
static _Atomic size_t g_var_pending;

static csan_rt_var *var_find(const void *host) {
  for (size_t i = 0; i < g_nvars; i++)
    if (g_vars[i].host == host)
      return &g_vars[i];
  return NULL;
}

void csan_rt_var_add(const void *host, const char *name, uint64_t size, uint32_t flags,
                    const csan_host_site *site) {
  if (!host || !size || (flags & CSAN_VAR_F_CONSTANT))
    return;
  pthread_mutex_lock(&g_var_mu);
  if (!var_find(host)) {
    if (g_nvars == g_vars_cap) {
      size_t cap = g_vars_cap ? 2 * g_vars_cap : 32;
      csan_rt_var *v = realloc(g_vars, cap * sizeof *v);
      if (!v) {
        pthread_mutex_unlock(&g_var_mu);
        return;
      }
      g_vars = v;
      g_vars_cap = cap;
    }
    csan_rt_var *v = &g_vars[g_nvars++];
    memset(v, 0, sizeof *v);
    v->host = host;
    v->name = csan_intern(name);
    v->size = size;
    v->flags = flags;
    if (site) {
      v->site = *site;
      v->site.file = csan_intern(site->file);
      v->site.function = csan_intern(site->function);
    }
    atomic_fetch_add(&g_var_pending, 1);
  }
  pthread_mutex_unlock(&g_var_mu);
}

void csan_rt_vars_resolve(void) {
  if (!atomic_load_explicit(&g_var_pending, memory_order_acquire))
    return;
  for (;;) {
    csan_rt_var v;
    bool found = false;
    pthread_mutex_lock(&g_var_mu);
    for (size_t i = 0; i < g_nvars && !found; i++)
      if (!g_vars[i].resolved && !g_vars[i].resolving) {
        g_vars[i].resolving = true;
        v = g_vars[i];
        found = true;
      }
    pthread_mutex_unlock(&g_var_mu);
    if (!found)
      return;
    void *d = NULL;
    csan_rt_own own; /* may load the module */
    csan_rt_own_begin(&own);
    bool clean = csan_rt_err_save();
    cudaError_t e = cudaGetSymbolAddress(&d, v.host);
    csan_rt_err_restore(clean, e);
    csan_rt_own_end(&own);
    pthread_mutex_lock(&g_var_mu);
    csan_rt_var *p = var_find(v.host);
    if (p) {
      p->resolving = false;
      p->resolved = true;
      p->dev = e == cudaSuccess ? (uint64_t)(uintptr_t)d : 0;
      atomic_fetch_sub(&g_var_pending, 1);
    }
    pthread_mutex_unlock(&g_var_mu);
    if (e == cudaSuccess && d)
      csan_rt_alloc_track((uint64_t)(uintptr_t)d, v.size,
                 CSAN_ALLOC_DEVICE | CSAN_ALLOC_VARIABLE |
                     ((v.flags & CSAN_VAR_F_MANAGED) ? CSAN_ALLOC_MANAGED : 0),
                 "__device__ variable", v.name, v.site.file || v.site.function ? &v.site : NULL,
                 0);
  }
}

uint64_t csan_rt_var_address(const void *symbol) {
  pthread_mutex_lock(&g_var_mu);
  csan_rt_var *v = var_find(symbol);
  uint64_t d = v && v->resolved ? v->dev : 0;
  pthread_mutex_unlock(&g_var_mu);
  return d;
}

void csan_rt_vars_forget(void) {
  pthread_mutex_lock(&g_var_mu);
  size_t n = 0;
  for (size_t i = 0; i < g_nvars; i++) {
    if (g_vars[i].resolved)
      n++;
    g_vars[i].resolved = false;
    g_vars[i].dev = 0;
  }
  atomic_fetch_add(&g_var_pending, n);
  pthread_mutex_unlock(&g_var_mu);
}
