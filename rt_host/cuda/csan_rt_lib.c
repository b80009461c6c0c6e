/* csan_rt_lib.c: real functions, library calls as operations, handle
 * tables, annotation state and unchecked calls (csan_rt_lib.h). */
#include "csan_rt_lib.h"

#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_vars.h"
#include "csan_unchecked.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Real functions.
 * ---------------------------------------------------------------------- */

/* name -> address, registered by the program's modules (few: the library
 * functions it calls). Linear chunks; never shrinks. */
typedef struct reg_entry {
  const char *name;
  void *fn;
} reg_entry;
static pthread_mutex_t g_reg_mu = PTHREAD_MUTEX_INITIALIZER;
static reg_entry *g_reg;
static size_t g_nreg, g_capreg;

void csan_rt_lib_register(const csan_lib_fn *fns, uint32_t n) {
  pthread_mutex_lock(&g_reg_mu);
  for (uint32_t i = 0; i < n; i++) {
    if (!fns[i].name || !fns[i].fn)
      continue;
    bool known = false;
    for (size_t j = 0; j < g_nreg && !known; j++)
      known = !strcmp(g_reg[j].name, fns[i].name);
    if (known)
      continue;
    if (g_nreg == g_capreg) {
      size_t cap = g_capreg ? 2 * g_capreg : 64;
      reg_entry *nr = realloc(g_reg, cap * sizeof *nr);
      if (!nr)
        break;
      g_reg = nr;
      g_capreg = cap;
    }
    g_reg[g_nreg].name = csan_intern(fns[i].name);
    g_reg[g_nreg].fn = fns[i].fn;
    g_nreg++;
  }
  pthread_mutex_unlock(&g_reg_mu);
}

void *csan_rt_lib_real(void *_Atomic *cache, const char *name) {
  void *fn = atomic_load_explicit(cache, memory_order_acquire);
  if (fn)
    return fn;
  pthread_mutex_lock(&g_reg_mu);
  for (size_t j = 0; j < g_nreg && !fn; j++)
    if (!strcmp(g_reg[j].name, name))
      fn = g_reg[j].fn;
  pthread_mutex_unlock(&g_reg_mu);
  if (!fn)
    fn = dlsym(RTLD_DEFAULT, name);
  if (fn)
    atomic_store_explicit(cache, fn, memory_order_release);
  return fn;
}

/* ------------------------------------------------------------------------
 * Library calls.
 * ---------------------------------------------------------------------- */

bool csan_rt_lib_active(cudaStream_t s, bool pt) {
  if (!csan_rt_active() || !csan_rt_work_on_device(s, pt) || csan_rt_capturing(s, pt))
    return false;
  csan_rt_vars_resolve();
  return true;
}

bool csan_rt_lib_active_at(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra) {
  /* The capture test first: nothing of csan's may happen inside a capture. */
  if (!csan_rt_active() || !csan_rt_work_on_device(s, pt) || csan_rt_capture_op(s, pt, site, ra))
    return false;
  csan_rt_vars_resolve();
  return true;
}

csan_rt_lib_mode csan_rt_lib_call_at(cudaStream_t s, bool pt, const csan_host_site *site,
                                     const void *ra) {
  if (!csan_rt_active() || !csan_rt_work_on_device(s, pt))
    return CSAN_LIB_OFF;
  /* Capture is not execution: no variable is resolved (that may copy). */
  if (csan_rt_capture_op(s, pt, site, ra))
    return CSAN_LIB_CAPTURE;
  csan_rt_vars_resolve();
  return CSAN_LIB_STREAM;
}

void csan_rt_lib_init(csan_rt_libcall *c, const char *what, cudaStream_t s, bool pt,
                      csan_rt_lib_mode mode) {
  memset(c, 0, sizeof *c);
  csan_rt_xfer_init(&c->x, what, false, pt, s);
  c->x.kind = CSAN_OPK_LIBRARY;
  c->capture = mode == CSAN_LIB_CAPTURE;
}

void csan_rt_lib_fp(csan_rt_libcall *c, const csan_lm_fp *fp) {
  csan_rt_xfer_footprint(&c->x, fp);
}

void csan_rt_lib_blocks(csan_rt_libcall *c) {
  c->x.wait = CSAN_WAIT_ALL;
  c->x.may_block = true;
}

void csan_rt_lib_begin(csan_rt_libcall *c, const csan_host_site *site, const void *ra) {
  if (c->capture) {
    /* Host memory the call uses would be recorded in the host shadow with
     * the operation's context at issue; a graph node has none until its
     * launch. */
    if (c->x.nh)
      csan_rt_lib_unchecked("host memory used by a library call captured into a graph",
                            "csan records host memory a library call uses when the call is "
                            "issued on a stream; in a graph it is not checked",
                            site);
    csan_rt_libcap_issue(&c->cap, &c->x, site, ra);
    csan_rt_xfer_free(&c->x);
    return;
  }
  c->on = csan_rt_xfer_begin(&c->x, &c->o, site, ra);
  if (!c->on)
    csan_rt_xfer_free(&c->x);
}

void csan_rt_lib_end(csan_rt_libcall *c, bool ok) {
  if (c->capture) {
    csan_rt_libcap_end(&c->cap, ok);
    c->capture = false;
    return;
  }
  if (!c->on)
    return;
  c->on = false;
  csan_rt_xfer_end(&c->x, &c->o, ok);
}

bool csan_rt_lib_read_after(cudaStream_t s, bool pt, void *dst, uint64_t src, size_t n) {
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuStreamSynchronize(csan_rt_cu_stream(s, pt)) == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  return ok && csan_rt_read_device(dst, src, n);
}

/* ------------------------------------------------------------------------
 * Handles.
 * ---------------------------------------------------------------------- */

bool csan_rt_htab_get(csan_rt_htab *h, const void *key, void *out) {
  pthread_mutex_lock(&h->mu);
  const void *e = csan_pairtab_find(&h->t, key, 0);
  if (e)
    memcpy(out, e, h->t.entry_size);
  pthread_mutex_unlock(&h->mu);
  return e != NULL;
}

void csan_rt_htab_put(csan_rt_htab *h, const void *entry) {
  const csan_pair_key *k = entry;
  pthread_mutex_lock(&h->mu);
  void *e = csan_pairtab_find(&h->t, k->p, k->w);
  if (e)
    memcpy(e, entry, h->t.entry_size);
  else
    csan_pairtab_insert(&h->t, entry);
  pthread_mutex_unlock(&h->mu);
}

/* ------------------------------------------------------------------------
 * Annotations.
 * ---------------------------------------------------------------------- */

static __thread csan_rt_annot tl_annot;

csan_rt_annot *csan_rt_annot_self(void) {
  return &tl_annot;
}

bool csan_rt_annot_open(void) {
  return tl_annot.open;
}

/* ------------------------------------------------------------------------
 * Unchecked calls.
 * ---------------------------------------------------------------------- */

void csan_rt_lib_unchecked(const char *name, const char *reason, const csan_host_site *site) {
  if (tl_annot.open)
    return;
  csan_unchecked_add(name, reason, site);
}
