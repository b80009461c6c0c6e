/* csan_model_thread.c: each host thread's own clock (csan_model.h).
 *
 * The model's host clock is what any host thread observed: operations issue
 * after it (CUDA orders work issued after a synchronization after what it
 * waited for, whichever thread issues it, and csan cannot see the program's
 * own synchronization between its threads). Host *accesses* to memory the
 * device also uses are ordered only by what their own thread observed
 * (issue 18): each thread keeps its own clock, joined at every observation
 * the thread makes (a synchronization it called, a successful query, a
 * blocking call that waited, its own host operations).
 *
 * A thread starts from the clock its creator handed it
 * (csan_model_thread_adopt, from csan's pthread_create), else from the host
 * clock at its first use: a thread csan did not see created is taken to
 * have seen whatever the process had observed by then (fewer reports, never
 * a false one from a missed hand-over).
 *
 * Threads also pass clocks to each other through the program's own
 * synchronization (csan_hostmem_sync.c): a thread acquires what another
 * released. A thread without a clock keeps what it acquired apart
 * (tl_acquired), so it can pass it on (a thread that only relays work from
 * one thread to another); its clock, once started from the host clock,
 * already holds all of it (every thread's clock is within the host clock). */
#include "csan_model_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct thread_clock {
  const csan_model *m;
  uint64_t window; /* m->window when the clock was started */
  uint64_t gen;    /* changes whenever vc does */
  bool adopted;    /* started from csan_model_thread_adopt */
  csan_vc vc;
} thread_clock;

static __thread thread_clock tl_clock;
static _Atomic uint64_t g_thread_gen;

/* What a thread without a clock acquired (csan_model_thread_acquire). */
typedef struct acquired {
  const csan_model *m;
  uint64_t window;
  uint64_t gen; /* 0: nothing acquired */
  csan_vc vc;
} acquired;
static __thread acquired tl_acquired;

static uint64_t window_of(const csan_model *m) {
  return __atomic_load_n(&m->window, __ATOMIC_RELAXED);
}

/* Joins src into dst over every slot (no model lock: m->hi may be moving);
 * true if dst grew. */
static bool join_all(csan_vc *dst, const csan_vc *src) {
  bool grew = false;
  for (uint32_t i = 0; i < CSAN_MAX_SLOTS; i++) {
    if (src->c[i] > dst->c[i]) {
      dst->c[i] = src->c[i];
      grew = true;
    }
  }
  return grew;
}

/* A clock handed over at thread start (csan_model_thread_pending), adopted
 * at the thread's first use of its clock. */
static __thread csan_model *tl_pending_m __attribute__((tls_model("initial-exec")));
static __thread csan_vc *tl_pending __attribute__((tls_model("initial-exec")));

/* A clock never adopted (the thread never used csan) is freed at thread
 * exit by this key's destructor. */
static pthread_key_t g_pending_key;
static pthread_once_t g_pending_once = PTHREAD_ONCE_INIT;

static void free_pending(void *vc) { free(vc); }
static void make_pending_key(void) { pthread_key_create(&g_pending_key, free_pending); }

void csan_model_thread_prepare(void) { pthread_once(&g_pending_once, make_pending_key); }

/* Called first in a new thread, possibly before a sanitizer of csan's own
 * build has set the thread up (its start routine runs inside csan's): no
 * instrumentation, only thread-local stores and pthread_setspecific (which
 * no sanitizer intercepts). */
CSAN_NO_INSTRUMENT void
csan_model_thread_pending(csan_model *m, csan_vc *vc) {
  tl_pending_m = m;
  tl_pending = vc;
  pthread_setspecific(g_pending_key, vc);
}

static void adopt_pending(void) {
  csan_vc *vc = tl_pending;
  if (!vc)
    return;
  tl_pending = NULL;
  pthread_setspecific(g_pending_key, NULL);
  csan_model_thread_adopt(tl_pending_m, vc);
  free(vc);
}

/* The calling thread's clock, started if needed; model lock held. */
static thread_clock *thread_clock_get(csan_model *m) {
  thread_clock *t = &tl_clock;
  if (t->m != m || t->window != m->window) {
    if (!(t->adopted && t->m == m && t->window == m->window))
      memcpy(&t->vc, &m->host, sizeof t->vc);
    t->m = m;
    t->window = m->window;
    t->adopted = false;
    t->gen = ++g_thread_gen;
  }
  return t;
}

void csan_model_thread_observe(csan_model *m, const csan_vc *vc) {
  adopt_pending();
  thread_clock *t = thread_clock_get(m);
  if (csan_model_join(m, &t->vc, vc))
    t->gen = ++g_thread_gen;
}

const csan_vc *csan_model_thread_clock(csan_model *m, uint64_t *gen) {
  adopt_pending();
  thread_clock *t = &tl_clock;
  if (t->m != m || t->window != m->window) {
    csan_model_lock(m);
    thread_clock_get(m);
    csan_model_unlock(m);
  }
  if (gen)
    *gen = t->gen;
  return &t->vc;
}

uint64_t csan_model_thread_gen(csan_model *m) {
  adopt_pending();
  const thread_clock *t = &tl_clock;
  return t->m == m ? t->gen : 0;
}

void csan_model_thread_adopt(csan_model *m, const csan_vc *vc) {
  /* No lock: the caller may be a thread its creator starts while holding
   * the model (a CUDA call that runs program code), and only this thread's
   * own clock changes. The window is read as it is; a rebase in between
   * restarts the clock at its first use. */
  thread_clock *t = &tl_clock;
  memcpy(&t->vc, vc, sizeof t->vc);
  t->m = m;
  t->window = __atomic_load_n(&m->window, __ATOMIC_RELAXED);
  t->adopted = true;
  t->gen = ++g_thread_gen;
}

const csan_vc *csan_model_thread_peek(csan_model *m) {
  adopt_pending();
  const thread_clock *t = &tl_clock;
  return t->m == m ? &t->vc : NULL;
}

const csan_vc *csan_model_thread_known(csan_model *m, uint64_t *gen, uint64_t *window) {
  adopt_pending();
  uint64_t w = window_of(m);
  const thread_clock *t = &tl_clock;
  *window = w;
  if (t->m == m && t->window == w) {
    *gen = t->gen;
    return &t->vc;
  }
  const acquired *a = &tl_acquired;
  if (a->m == m && a->window == w && a->gen) {
    *gen = a->gen;
    return &a->vc;
  }
  return NULL;
}

void csan_model_thread_acquire(csan_model *m, const csan_vc *vc, uint64_t window) {
  adopt_pending();
  if (window != window_of(m))
    return; /* taken before a rebase: everything in it is ordered now */
  thread_clock *t = &tl_clock;
  if (t->m == m && t->window == window) {
    if (join_all(&t->vc, vc))
      t->gen = ++g_thread_gen;
    return;
  }
  acquired *a = &tl_acquired;
  if (a->m != m || a->window != window) {
    memset(&a->vc, 0, sizeof a->vc);
    a->m = m;
    a->window = window;
    a->gen = 0;
  }
  if (join_all(&a->vc, vc) || !a->gen)
    a->gen = ++g_thread_gen;
}
