/* csan_stack.c: the stack depot, the string depot and demangling.
 *
 * Both depots are open-addressing hash sets under one mutex each. Entries are
 * never removed, so an id or an interned pointer stays valid for the whole
 * run. Symbolization lives in csan_stack_symbolize.c.
 */
#include "csan_stack.h"

#include "csan_hash.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static uint32_t hash_bytes(const void *p, size_t n) {
  uint64_t h = csan_hash_bytes(p, n);
  uint32_t h32 = (uint32_t)(h ^ (h >> 32));
  return h32 ? h32 : 1;
}

/* ------------------------------------------------------------------------
 * String depot.
 * ---------------------------------------------------------------------- */

static pthread_mutex_t g_intern_mu = PTHREAD_MUTEX_INITIALIZER;
static const char **g_intern_tab; /* open addressing, null = empty */
static size_t g_intern_cap, g_intern_used;

static void intern_insert_nolock(const char *s, uint32_t h) {
  size_t mask = g_intern_cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask)
    if (!g_intern_tab[i]) {
      g_intern_tab[i] = s;
      g_intern_used++;
      return;
    }
}

static bool intern_grow_nolock(void) {
  size_t old_cap = g_intern_cap;
  const char **old = g_intern_tab;
  size_t cap = old_cap ? old_cap * 2 : 1024;
  const char **tab = calloc(cap, sizeof(*tab));
  if (!tab)
    return false;
  g_intern_tab = tab;
  g_intern_cap = cap;
  g_intern_used = 0;
  for (size_t i = 0; i < old_cap; i++)
    if (old[i])
      intern_insert_nolock(old[i], hash_bytes(old[i], strlen(old[i])));
  free(old);
  return true;
}

const char *csan_intern(const char *s) {
  if (!s)
    return NULL;
  size_t len = strlen(s);
  uint32_t h = hash_bytes(s, len);
  pthread_mutex_lock(&g_intern_mu);
  const char *found = NULL;
  if (g_intern_cap) {
    size_t mask = g_intern_cap - 1;
    for (size_t i = h & mask; g_intern_tab[i]; i = (i + 1) & mask)
      if (!strcmp(g_intern_tab[i], s)) {
        found = g_intern_tab[i];
        break;
      }
  }
  if (!found && ((g_intern_used + 1) * 2 <= g_intern_cap || intern_grow_nolock())) {
    char *copy = malloc(len + 1);
    if (copy) {
      memcpy(copy, s, len + 1);
      intern_insert_nolock(copy, h);
      found = copy;
    }
  }
  pthread_mutex_unlock(&g_intern_mu);
  /* Out of memory: the caller's string is the best we have. */
  return found ? found : s;
}

/* ------------------------------------------------------------------------
 * Demangling.
 * ---------------------------------------------------------------------- */

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);
static cxa_demangle_fn g_cxa_demangle;
static pthread_once_t g_demangle_once = PTHREAD_ONCE_INIT;

static void find_demangler(void) {
  /* A CUDA program built with clang++ already has libstdc++ (or libc++abi)
   * loaded; a C program may not, so try to load one without making it a
   * link-time dependency of the runtime. */
  void *sym = dlsym(RTLD_DEFAULT, "__cxa_demangle");
  static const char *const libs[] = {"libstdc++.so.6", "libc++abi.so.1", "libc++.so.1"};
  for (size_t i = 0; !sym && i < sizeof(libs) / sizeof(libs[0]); i++) {
    void *h = dlopen(libs[i], RTLD_LAZY | RTLD_LOCAL);
    if (h)
      sym = dlsym(h, "__cxa_demangle");
  }
  /* POSIX allows converting the void * from dlsym to a function pointer. */
  memcpy(&g_cxa_demangle, &sym, sizeof(sym));
}

const char *csan_demangle(const char *name) {
  if (!name)
    return NULL;
  if (strncmp(name, "_Z", 2) != 0)
    return csan_intern(name);
  pthread_once(&g_demangle_once, find_demangler);
  if (!g_cxa_demangle)
    return csan_intern(name);
  int status = 0;
  char *d = g_cxa_demangle(name, NULL, NULL, &status);
  const char *r = csan_intern(status == 0 && d ? d : name);
  free(d);
  return r;
}

/* ------------------------------------------------------------------------
 * Stack depot.
 * ---------------------------------------------------------------------- */

typedef struct depot_stack {
  uint32_t hash;
  uint32_t n;
  uintptr_t *pcs;
} depot_stack;

static pthread_mutex_t g_depot_mu = PTHREAD_MUTEX_INITIALIZER;
static depot_stack *g_stacks; /* id = index + 1 */
static size_t g_nstacks, g_stacks_cap;
static uint32_t *g_depot_tab; /* ids, 0 = empty */
static size_t g_depot_cap;
static atomic_int g_depth = 16;

static void depot_insert_nolock(uint32_t id) {
  size_t mask = g_depot_cap - 1;
  for (size_t i = g_stacks[id - 1].hash & mask;; i = (i + 1) & mask)
    if (!g_depot_tab[i]) {
      g_depot_tab[i] = id;
      return;
    }
}

static bool depot_reserve_nolock(void) {
  if (g_nstacks == g_stacks_cap) {
    size_t cap = g_stacks_cap ? g_stacks_cap * 2 : 256;
    depot_stack *s = realloc(g_stacks, cap * sizeof(*s));
    if (!s)
      return false;
    g_stacks = s;
    g_stacks_cap = cap;
  }
  if ((g_nstacks + 1) * 2 > g_depot_cap) {
    size_t cap = g_depot_cap ? g_depot_cap * 2 : 512;
    uint32_t *tab = calloc(cap, sizeof(*tab));
    if (!tab)
      return false;
    free(g_depot_tab);
    g_depot_tab = tab;
    g_depot_cap = cap;
    for (size_t id = 1; id <= g_nstacks; id++)
      depot_insert_nolock((uint32_t)id);
  }
  return true;
}

/* The last stack each thread stored: a loop issues the same stack again and
 * again, and a hit costs a compare, not the depot's lock. */
static __thread uint32_t tl_last_id;
static __thread uint32_t tl_last_n;
static __thread uintptr_t tl_last_pcs[CSAN_STACK_MAX_DEPTH];

uint32_t csan_stack_put(const uintptr_t *pcs, size_t n) {
  if (n == 0 || !pcs)
    return 0;
  if (n > CSAN_STACK_MAX_DEPTH)
    n = CSAN_STACK_MAX_DEPTH;
  size_t bytes = n * sizeof(*pcs);
  if (tl_last_id && tl_last_n == n && !memcmp(tl_last_pcs, pcs, bytes))
    return tl_last_id;
  uint64_t h64 = csan_hash_words((const uint64_t *)(const void *)pcs, n);
  uint32_t h = (uint32_t)(h64 ^ (h64 >> 32));
  if (!h)
    h = 1;
  uint32_t id = 0;
  pthread_mutex_lock(&g_depot_mu);
  if (g_depot_cap) {
    size_t mask = g_depot_cap - 1;
    for (size_t i = h & mask; g_depot_tab[i]; i = (i + 1) & mask) {
      const depot_stack *s = &g_stacks[g_depot_tab[i] - 1];
      if (s->hash == h && s->n == n && !memcmp(s->pcs, pcs, bytes)) {
        id = g_depot_tab[i];
        break;
      }
    }
  }
  if (!id && g_nstacks < UINT32_MAX - 1 && depot_reserve_nolock()) {
    uintptr_t *copy = malloc(bytes);
    if (copy) {
      memcpy(copy, pcs, bytes);
      g_stacks[g_nstacks] = (depot_stack){h, (uint32_t)n, copy};
      id = (uint32_t)++g_nstacks;
      depot_insert_nolock(id);
    }
  }
  pthread_mutex_unlock(&g_depot_mu);
  if (id) {
    tl_last_id = id;
    tl_last_n = (uint32_t)n;
    memcpy(tl_last_pcs, pcs, bytes);
  }
  return id;
}

size_t csan_stack_get(uint32_t id, const uintptr_t **pcs) {
  size_t n = 0;
  *pcs = NULL;
  pthread_mutex_lock(&g_depot_mu);
  if (id >= 1 && id <= g_nstacks) {
    *pcs = g_stacks[id - 1].pcs;
    n = g_stacks[id - 1].n;
  }
  pthread_mutex_unlock(&g_depot_mu);
  return n;
}

size_t csan_stack_depot_size(void) {
  pthread_mutex_lock(&g_depot_mu);
  size_t n = g_nstacks;
  pthread_mutex_unlock(&g_depot_mu);
  return n;
}

/* ---- capture ------------------------------------------------------------ */

static _Atomic int g_fast_unwind = 1;

/* The calling thread's stack: [lo, hi), found once per thread. */
static __thread uintptr_t tl_stack_lo, tl_stack_hi;

static bool thread_stack(uintptr_t *lo, uintptr_t *hi) {
  if (!tl_stack_hi) {
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) != 0)
      return false;
    bool ok = pthread_attr_getstack(&a, &addr, &size) == 0;
    pthread_attr_destroy(&a);
    if (!ok || !addr || !size)
      return false;
    tl_stack_lo = (uintptr_t)addr;
    tl_stack_hi = (uintptr_t)addr + size;
  }
  *lo = tl_stack_lo;
  *hi = tl_stack_hi;
  return true;
}

/* Frame-pointer walk from frame `fp` (each frame: saved frame pointer, then
 * return address): the return addresses, innermost first, while the chain
 * stays inside this thread's stack, grows upwards and keeps its alignment.
 * It stops at the first frame built without a frame pointer (csan-clang
 * compiles host code with them; libc's own frames have none). */
__attribute__((no_sanitize("address"))) static int fp_walk(uintptr_t fp, void **buf, int max) {
  uintptr_t lo, hi;
  if (!thread_stack(&lo, &hi))
    return 0;
  int n = 0;
  while (n < max && fp >= lo && fp + 2 * sizeof(uintptr_t) <= hi &&
         (fp & (sizeof(uintptr_t) - 1)) == 0) {
    const uintptr_t *frame = (const uintptr_t *)fp;
    uintptr_t ra = frame[1], next = frame[0];
    if (!ra)
      break;
    buf[n++] = (void *)ra;
    if (next <= fp)
      break;
    fp = next;
  }
  return n;
}

/* Not inlined: our own return address is how our caller's frame is found. */
__attribute__((noinline)) uint32_t csan_stack_capture(const void *caller_pc, unsigned skip) {
  int depth = atomic_load_explicit(&g_depth, memory_order_relaxed);
  if (depth <= 0)
    return 0;
  void *buf[CSAN_STACK_MAX_DEPTH + 32];
  const int max = (int)(sizeof(buf) / sizeof(buf[0]));
  int n = 0;
  /* The fast unwinder where the frames have frame pointers (csan's own are
   * built with them): it must reach the caller's call site, the proof that
   * the chain is real up to there, or backtrace() (DWARF unwinding, ~10x
   * slower) takes over. Without a call site to reach, backtrace() it is. */
  if (caller_pc && atomic_load_explicit(&g_fast_unwind, memory_order_relaxed)) {
    n = fp_walk((uintptr_t)__builtin_frame_address(0), buf, max);
    bool reached = false;
    for (int i = 0; i < n && !reached; i++)
      reached = buf[i] == caller_pc;
    if (!reached)
      n = 0;
  }
  if (n == 0)
    n = backtrace(buf, max);
  /* Normally buf[0] is in this function and buf[1] in our caller, but an
   * interposed backtrace() (a sanitizer's) may add frames of its own, so the
   * frames are found by their return addresses rather than counted. */
  const void *mine = __builtin_return_address(0);
  int start = -1;
  for (int i = 0; caller_pc && i < n; i++)
    if (buf[i] == caller_pc) {
      start = i;
      break;
    }
  for (int i = 0; start < 0 && i < n; i++)
    if (buf[i] == mine) {
      start = i + (int)skip;
      break;
    }
  if (start < 0)
    start = 1 + (int)skip;
  if (start >= n)
    return 0;
  uintptr_t pcs[CSAN_STACK_MAX_DEPTH];
  int count = 0;
  for (int i = start; i < n && count < depth; i++)
    pcs[count++] = (uintptr_t)buf[i];
  return csan_stack_put(pcs, (size_t)count);
}

void csan_stack_set_fast_unwind(bool on) {
  atomic_store(&g_fast_unwind, on);
}

/* Called by csan_stack_configure in csan_stack_symbolize.c. */
void csan_stack_set_depth_internal(int depth);
void csan_stack_set_depth_internal(int depth) {
  if (depth < 0)
    depth = 0;
  if (depth > CSAN_STACK_MAX_DEPTH)
    depth = CSAN_STACK_MAX_DEPTH;
  atomic_store(&g_depth, depth);
}
