/* csan_rt_twins.c: the instrumented twins of kernels (DESIGN.md, decision 5).
 *
 * The twin of kernel K is found once per kernel handle and context (a
 * kernel has one CUfunction per context) and cached:
 * cudaGetFuncBySymbol -> cuFuncGetModule + cuFuncGetName ->
 * cuModuleGetFunction(module, name + CSAN_KERNEL_SUFFIX). cuFuncGetParamInfo
 * must show exactly one more parameter than K has, the last one
 * sizeof(csan_launch_ctx) bytes; otherwise csan warns once and launches K
 * unchecked.
 *
 * Function attributes a program sets on K (cudaFuncSetAttribute: dynamic
 * shared memory opt-in, carveout, cluster requirements and policy) are K's,
 * not the twin's: before each twin launch csan reads them from K and sets
 * those that changed on the twin (the values copied are cached per twin, so
 * a launch with nothing new sets nothing).
 */
#include "csan_rt_twins.h"

#include "csan_rt_sites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More parameters than a kernel can have (4 KiB / 32 KiB of parameters). */
#define MAX_PARAMS 8192

/* The function attributes copied from K to its twin: those a program can
 * set (cuFuncSetAttribute's list). */
static const CUfunction_attribute g_copied[] = {
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
    CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
    CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH,
    CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT,
    CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH,
    CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
    CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE,
};
_Static_assert(sizeof g_copied / sizeof g_copied[0] == CSAN_TWIN_COPIED_ATTRS,
               "one cached value per copied attribute");
#define NCOPIED CSAN_TWIN_COPIED_ATTRS

static _Atomic uint64_t g_unchecked;

uint64_t csan_rt_unchecked_launches(void) {
  return atomic_load(&g_unchecked);
}

void csan_rt_count_unchecked_launch(void) {
  atomic_fetch_add(&g_unchecked, 1);
}

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_pairtab g_tab = CSAN_PAIRTAB_INIT(twin_entry); /* under g_mu */
/* The states of entries a reset forgot (under g_mu): a launch racing with
 * the reset may still hold a copy of its entry, so they are never freed,
 * only kept (a few bytes per kernel and reset). */
static twin_state **g_retired;
static size_t g_nretired, g_cap_retired;

static void state_free(twin_state *st) {
  if (!st)
    return;
  pthread_mutex_destroy(&st->mu);
  free(st);
}

/* Keeps st among the retired states; false when out of memory. */
static bool retire_nolock(twin_state *st) {
  if (g_nretired == g_cap_retired) {
    size_t cap = g_cap_retired ? 2 * g_cap_retired : 64;
    twin_state **v = realloc(g_retired, cap * sizeof(*v));
    if (!v)
      return false;
    g_retired = v;
    g_cap_retired = cap;
  }
  g_retired[g_nretired++] = st;
  return true;
}

static void retire_entry(void *entry, void *ctx) {
  const twin_entry *e = entry;
  /* Out of memory the state is lost, which is safer than freed. */
  if (e->state)
    (void)retire_nolock(e->state);
}

void csan_rt_twins_forget(void) {
  pthread_mutex_lock(&g_mu);
  csan_pairtab_foreach(&g_tab, retire_entry, NULL);
  csan_pairtab_clear(&g_tab);
  pthread_mutex_unlock(&g_mu);
}

/* Parameters of f: their number, and the size of the last one. */
static uint32_t count_params(CUfunction f, size_t *last_size) {
  uint32_t n = 0;
  size_t off = 0, size = 0;
  *last_size = 0;
  while (n < MAX_PARAMS && csan_g.drv.cuFuncGetParamInfo(f, n, &off, &size) == CUDA_SUCCESS) {
    *last_size = size;
    n++;
  }
  return n;
}

/* Looks the kernel up the first time it is launched (no lock held: these
 * are CUDA calls). */
static void twin_lookup(const void *func, CUcontext ctx, twin_entry *e) {
  memset(e, 0, sizeof *e);
  e->key = (csan_pair_key){func, (uint64_t)(uintptr_t)ctx};
  cudaFunction_t f = NULL;
  bool clean = csan_rt_err_save();
  cudaError_t err = cudaGetFuncBySymbol(&f, func);
  csan_rt_err_restore(clean, err);
  e->state = calloc(1, sizeof *e->state);
  if (e->state)
    pthread_mutex_init(&e->state->mu, NULL);
  if (err != cudaSuccess || !f)
    return;
  e->kernel = (CUfunction)f;
  const char *name = NULL;
  if (csan_g.drv.cuFuncGetModule(&e->module, e->kernel) != CUDA_SUCCESS)
    e->module = NULL;
  if (csan_g.drv.cuFuncGetName(&name, e->kernel) == CUDA_SUCCESS && name)
    e->name = csan_intern(name);
  size_t last = 0;
  e->nparams = count_params(e->kernel, &last);
  csan_rt_module_gaps_note(e->module);
  if (!e->module || !e->name)
    return;
  size_t len = strlen(e->name) + sizeof CSAN_KERNEL_SUFFIX;
  char *twin_name = malloc(len);
  if (!twin_name)
    return;
  snprintf(twin_name, len, "%s%s", e->name, CSAN_KERNEL_SUFFIX);
  CUfunction twin = NULL;
  CUresult r = csan_g.drv.cuModuleGetFunction(&twin, e->module, twin_name);
  free(twin_name);
  if (r != CUDA_SUCCESS || !twin)
    return; /* not instrumented: K runs unchecked */
  uint32_t tn = count_params(twin, &last);
  if (tn == e->nparams + 1 && csan_rt_twin_ctx_size_ok(last, &e->ctx_pair)) {
    if (e->state)
      e->twin = twin;
    return;
  }
  csan_log_printf("csan: WARNING: kernel %s: its instrumented twin has %u parameter(s) (the last "
                  "of %zu bytes), expected %u (the last of %zu bytes); its launches are not "
                  "checked\n",
                  csan_demangle(e->name), tn, last, e->nparams + 1, sizeof(csan_launch_ctx));
}

bool csan_rt_twin_ctx_size_ok(size_t bytes, bool *pair) {
  *pair = bytes == CSAN_CTX_PAIR_COUNT * sizeof(csan_launch_ctx);
  return bytes == sizeof(csan_launch_ctx) || *pair;
}

/* The twin of func in the current context (csan's: launches for another
 * device are not checked). */
twin_entry csan_rt_twin_get(const void *func) {
  twin_entry e;
  CUcontext ctx = NULL;
  csan_g.drv.cuCtxGetCurrent(&ctx);
  pthread_mutex_lock(&g_mu);
  const twin_entry *t = csan_pairtab_find(&g_tab, func, (uint64_t)(uintptr_t)ctx);
  if (t) {
    e = *t;
    pthread_mutex_unlock(&g_mu);
    return e;
  }
  pthread_mutex_unlock(&g_mu);
  csan_rt_own own; /* looking a kernel up may load its module */
  csan_rt_own_begin(&own);
  twin_lookup(func, ctx, &e);
  csan_rt_own_end(&own);
  /* Another thread may have looked the kernel up meanwhile: the first
   * entry in stays, and this one's state is freed (nobody else has seen
   * it). Out of memory, it cannot be kept either: the kernel runs
   * unchecked, as a null state says. */
  twin_state *mine = e.state;
  pthread_mutex_lock(&g_mu);
  t = csan_pairtab_insert(&g_tab, &e);
  if (t)
    e = *t;
  pthread_mutex_unlock(&g_mu);
  if (!t) {
    e.state = NULL;
    e.twin = NULL;
  }
  if (e.state != mine)
    state_free(mine);
  return e;
}

/* Gives the twin the attributes the program set on K since the last launch.
 * A value the twin refuses (a cluster shape fixed at compile time) is not
 * tried again until K's changes; the launch then says whether it matters. */
void csan_rt_twin_copy_attributes(const twin_entry *t) {
  int now[NCOPIED];
  bool have[NCOPIED];
  for (size_t i = 0; i < NCOPIED; i++)
    have[i] = csan_g.drv.cuFuncGetAttribute(&now[i], g_copied[i], t->kernel) == CUDA_SUCCESS;
  twin_state *st = t->state;
  pthread_mutex_lock(&st->mu);
  for (size_t i = 0; i < NCOPIED; i++) {
    if (!have[i] || (st->copied[i] && st->value[i] == now[i]))
      continue;
    int cur = 0;
    if (csan_g.drv.cuFuncGetAttribute(&cur, g_copied[i], t->twin) != CUDA_SUCCESS ||
        cur != now[i])
      csan_g.drv.cuFuncSetAttribute(t->twin, g_copied[i], now[i]);
    st->copied[i] = true;
    st->value[i] = now[i];
  }
  pthread_mutex_unlock(&st->mu);
}
