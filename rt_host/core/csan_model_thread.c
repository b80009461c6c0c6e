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
 * a false one from a missed hand-over). */
#include "csan_model_internal.h"

#include <stdatomic.h>
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
  thread_clock *t = thread_clock_get(m);
  if (csan_model_join(m, &t->vc, vc))
    t->gen = ++g_thread_gen;
}

const csan_vc *csan_model_thread_clock(csan_model *m, uint64_t *gen) {
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
  const thread_clock *t = &tl_clock;
  return t->m == m ? &t->vc : NULL;
}
