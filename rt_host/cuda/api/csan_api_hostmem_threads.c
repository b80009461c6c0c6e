/* csan_api_hostmem_threads.c: the program's threads and locks, as far as
 * host accesses to memory the device uses care (issue 18; DESIGN.md,
 * decision 22).
 *
 * A host access is ordered after device work by what its own thread
 * observed. The program hands that on to other threads:
 *   pthread_create   the new thread starts with its creator's clock
 *   thread end / pthread_join   the joiner acquires the ended thread's clock
 *   locks   the thread that locks acquires the clock of the threads that
 *       unlocked it before: pthread mutexes (std::mutex), rwlocks, spin
 *       locks, condition variable waits (the mutex is released and taken
 *       again), barriers (each thread releases on arrival and acquires on
 *       leaving), semaphores (sem_post releases, a wait acquires); a
 *       lock or semaphore initialized or destroyed forgets its clock
 * and the C11 <threads.h> equivalents (thrd_create, thrd_join, mtx_*,
 * cnd_wait). csan interposes these functions (the real ones come from the
 * next library, dlsym(RTLD_NEXT)). Until the program has a region of host
 * memory the device uses there is no clock to pass: each call is a load
 * and a forward. csan's own locks pass nothing (core/csan_own_locks.h).
 * Hand-overs through atomics alone are not seen (TSan's annotations would
 * be needed): the receiving thread's accesses are then reported unless it
 * synchronized itself.
 */
#include "csan_rt_hostmem.h"

#include <dlfcn.h>
#include <errno.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* The real function, looked up once. */
#define REAL(ret, name, params)                                                                \
  typedef ret(*name##_fn) params;                                                              \
  static name##_fn real_##name(void) {                                                         \
    static _Atomic(name##_fn) fn;                                                              \
    name##_fn f = atomic_load_explicit(&fn, memory_order_acquire);                             \
    if (!f) {                                                                                  \
      f = (name##_fn)dlsym(RTLD_NEXT, #name);                                                  \
      atomic_store_explicit(&fn, f, memory_order_release);                                     \
    }                                                                                          \
    return f;                                                                                  \
  }

/* Nonzero while this thread passes a clock: a lock taken inside (by a
 * malloc that csan's table calls, when the program brings its own
 * allocator with its own locks) is only forwarded, never handled again
 * from the middle of that allocator. */
static __thread uint32_t tl_in_hook __attribute__((tls_model("initial-exec")));

/* The table when clocks are passed (a region exists, and the call is the
 * program's, not csan's own nor one made from inside this file). */
static csan_hostsync *active(void) {
  csan_hostsync *s = csan_rt_hostmem_sync();
  if (!s || csan_own_lock_depth || tl_in_hook)
    return NULL;
  return s;
}

/* Whether a region exists: the test every interposed call makes inline
 * (a program without regions pays a load and a branch per call). */
static inline bool maybe_active(void) {
  return atomic_load_explicit(&csan_rt_hostmem_sync_table, memory_order_relaxed) != NULL;
}

static uint64_t obj_key(const void *p) { return (uint64_t)(uintptr_t)p; }
/* Objects are aligned: a thread's key never meets an object's. */
static uint64_t thread_key(pthread_t t) { return (uint64_t)t | 1; }

/* Releases what the calling thread knows into key's clock (replace: a
 * thread's end). */
__attribute__((noinline)) static void release_key(uint64_t key, bool replace) {
  csan_hostsync *s = active();
  if (!s)
    return;
  tl_in_hook++;
  bool kept = csan_hostsync_release(s, csan_g.model, key, replace);
  tl_in_hook--;
  if (!kept)
    csan_rt_hostmem_sync_full();
}

__attribute__((noinline)) static void acquire_key(uint64_t key, bool consume) {
  csan_hostsync *s = active();
  if (!s)
    return;
  tl_in_hook++;
  csan_hostsync_acquire(s, csan_g.model, key, consume);
  tl_in_hook--;
}

static inline void release(const void *p) {
  if (__builtin_expect(maybe_active(), 0))
    release_key(obj_key(p), false);
}

static inline void acquire(const void *p) {
  if (__builtin_expect(maybe_active(), 0))
    acquire_key(obj_key(p), false);
}

static void forget(const void *p) {
  csan_hostsync *s = maybe_active() ? active() : NULL;
  if (s)
    csan_hostsync_forget(s, obj_key(p));
}

/* The calling thread ends: whoever joins it acquires what it knew. */
static void thread_end(void) { release_key(thread_key(pthread_self()), true); }
static void joined(pthread_t t) { acquire_key(thread_key(t), true); }

/* ------------------------------------------------------------------------
 * Threads.
 * ---------------------------------------------------------------------- */

/* What a new thread gets: vc (malloc'd, the model frees it) when its
 * creator had a clock. */
typedef struct thread_start {
  void *(*fn)(void *);
  int (*c11_fn)(void *); /* thrd_create's function, when fn is null */
  void *arg;
  csan_model *model;
  csan_vc *vc;
} thread_start;

/* The block of the running thread's start, freed at its end. */
static __thread thread_start *tl_start;

/* The new thread's first code. Under a sanitizer build of csan, fn may be
 * the sanitizer's own start routine, which sets the thread up: nothing
 * here may be instrumented or call out before it runs, so the clock is
 * only handed over, and adopted at the thread's first use of it. The
 * sanitizer's thread state lives until the thread's keys are destroyed,
 * after this function returns, so the end of it may call out. */
CSAN_NO_INSTRUMENT static void *start(void *p) {
  thread_start *s = p;
  tl_start = s;
  if (s->vc)
    csan_model_thread_pending(s->model, s->vc);
  void *ret = s->fn(s->arg);
  thread_end();
  free(tl_start);
  tl_start = NULL;
  return ret;
}

/* The same for a thread of thrd_create (C11 threads, which glibc starts
 * without pthread_create). */
CSAN_NO_INSTRUMENT static int c11_start(void *p) {
  thread_start *s = p;
  tl_start = s;
  if (s->vc)
    csan_model_thread_pending(s->model, s->vc);
  int ret = s->c11_fn(s->arg);
  thread_end();
  free(tl_start);
  tl_start = NULL;
  return ret;
}

/* The start block for a new thread: the creator's clock, if it has one.
 * (No lock here: program code may create threads inside a CUDA call csan
 * holds.) A creator without a clock hands over nothing: the new thread
 * starts from the host clock at its first use. */
static thread_start *start_block(void *(*fn)(void *), int (*c11_fn)(void *), void *arg) {
  if (!csan_g.model)
    return NULL;
  thread_start *s = malloc(sizeof *s);
  if (!s)
    return NULL;
  s->fn = fn;
  s->c11_fn = c11_fn;
  s->arg = arg;
  s->model = csan_g.model;
  s->vc = NULL;
  const csan_vc *vc = csan_model_thread_peek(csan_g.model);
  if (vc) {
    csan_model_thread_prepare();
    s->vc = malloc(sizeof *s->vc);
    if (s->vc)
      memcpy(s->vc, vc, sizeof *s->vc);
  }
  return s;
}

static void start_block_free(thread_start *s) {
  free(s->vc);
  free(s);
}

REAL(int, pthread_create, (pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))

CSAN_EXPORT int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *),
                               void *arg) {
  pthread_create_fn r = real_pthread_create();
  thread_start *s = start_block(fn, NULL, arg);
  if (!s)
    return r(t, attr, fn, arg);
  int rc = r(t, attr, start, s);
  if (rc)
    start_block_free(s);
  return rc;
}

REAL(void, pthread_exit, (void *))

CSAN_EXPORT __attribute__((noreturn)) void pthread_exit(void *ret) {
  thread_end();
  free(tl_start);
  tl_start = NULL;
  real_pthread_exit()(ret);
  __builtin_unreachable();
}

REAL(int, pthread_join, (pthread_t, void **))
REAL(int, pthread_tryjoin_np, (pthread_t, void **))
REAL(int, pthread_timedjoin_np, (pthread_t, void **, const struct timespec *))

CSAN_EXPORT int pthread_join(pthread_t t, void **ret) {
  int rc = real_pthread_join()(t, ret);
  if (!rc)
    joined(t);
  return rc;
}

CSAN_EXPORT int pthread_tryjoin_np(pthread_t t, void **ret) {
  int rc = real_pthread_tryjoin_np()(t, ret);
  if (!rc)
    joined(t);
  return rc;
}

CSAN_EXPORT int pthread_timedjoin_np(pthread_t t, void **ret, const struct timespec *abs) {
  int rc = real_pthread_timedjoin_np()(t, ret, abs);
  if (!rc)
    joined(t);
  return rc;
}

/* ------------------------------------------------------------------------
 * Locks. A lock acquires after it succeeded (EOWNERDEAD: a robust mutex
 * is taken all the same); an unlock releases before it lets go.
 * ---------------------------------------------------------------------- */

#undef pthread_mutex_lock
#undef pthread_mutex_trylock
#undef pthread_mutex_unlock
#undef pthread_rwlock_rdlock
#undef pthread_rwlock_wrlock
#undef pthread_rwlock_unlock
#undef pthread_cond_wait
#undef pthread_cond_timedwait

static bool taken(int rc) { return rc == 0 || rc == EOWNERDEAD; }

REAL(int, pthread_mutex_lock, (pthread_mutex_t *))
REAL(int, pthread_mutex_trylock, (pthread_mutex_t *))
REAL(int, pthread_mutex_timedlock, (pthread_mutex_t *, const struct timespec *))
REAL(int, pthread_mutex_clocklock, (pthread_mutex_t *, clockid_t, const struct timespec *))
REAL(int, pthread_mutex_unlock, (pthread_mutex_t *))
REAL(int, pthread_mutex_destroy, (pthread_mutex_t *))

CSAN_EXPORT int pthread_mutex_lock(pthread_mutex_t *m) {
  int rc = real_pthread_mutex_lock()(m);
  if (taken(rc))
    acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_mutex_trylock(pthread_mutex_t *m) {
  int rc = real_pthread_mutex_trylock()(m);
  if (taken(rc))
    acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abs) {
  int rc = real_pthread_mutex_timedlock()(m, abs);
  if (taken(rc))
    acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c,
                                        const struct timespec *abs) {
  int rc = real_pthread_mutex_clocklock()(m, c, abs);
  if (taken(rc))
    acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_mutex_unlock(pthread_mutex_t *m) {
  release(m);
  return real_pthread_mutex_unlock()(m);
}

/* A lock made or destroyed at an address starts without the clock of
 * whatever lock lived there before (memory is reused). */
REAL(int, pthread_mutex_init, (pthread_mutex_t *, const pthread_mutexattr_t *))

CSAN_EXPORT int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr) {
  forget(m);
  return real_pthread_mutex_init()(m, attr);
}

CSAN_EXPORT int pthread_mutex_destroy(pthread_mutex_t *m) {
  forget(m);
  return real_pthread_mutex_destroy()(m);
}

REAL(int, pthread_rwlock_rdlock, (pthread_rwlock_t *))
REAL(int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *))
REAL(int, pthread_rwlock_timedrdlock, (pthread_rwlock_t *, const struct timespec *))
REAL(int, pthread_rwlock_wrlock, (pthread_rwlock_t *))
REAL(int, pthread_rwlock_trywrlock, (pthread_rwlock_t *))
REAL(int, pthread_rwlock_timedwrlock, (pthread_rwlock_t *, const struct timespec *))
REAL(int, pthread_rwlock_unlock, (pthread_rwlock_t *))
REAL(int, pthread_rwlock_init, (pthread_rwlock_t *, const pthread_rwlockattr_t *))
REAL(int, pthread_rwlock_destroy, (pthread_rwlock_t *))

CSAN_EXPORT int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr) {
  forget(l);
  return real_pthread_rwlock_init()(l, attr);
}

CSAN_EXPORT int pthread_rwlock_destroy(pthread_rwlock_t *l) {
  forget(l);
  return real_pthread_rwlock_destroy()(l);
}

#define RWLOCK(name, params, args)                                                             \
  CSAN_EXPORT int name params {                                                                \
    int rc = real_##name() args;                                                               \
    if (!rc)                                                                                   \
      acquire(l);                                                                              \
    return rc;                                                                                 \
  }
RWLOCK(pthread_rwlock_rdlock, (pthread_rwlock_t * l), (l))
RWLOCK(pthread_rwlock_tryrdlock, (pthread_rwlock_t * l), (l))
RWLOCK(pthread_rwlock_timedrdlock, (pthread_rwlock_t * l, const struct timespec *abs), (l, abs))
RWLOCK(pthread_rwlock_wrlock, (pthread_rwlock_t * l), (l))
RWLOCK(pthread_rwlock_trywrlock, (pthread_rwlock_t * l), (l))
RWLOCK(pthread_rwlock_timedwrlock, (pthread_rwlock_t * l, const struct timespec *abs), (l, abs))

CSAN_EXPORT int pthread_rwlock_unlock(pthread_rwlock_t *l) {
  release(l);
  return real_pthread_rwlock_unlock()(l);
}

REAL(int, pthread_spin_lock, (pthread_spinlock_t *))
REAL(int, pthread_spin_trylock, (pthread_spinlock_t *))
REAL(int, pthread_spin_unlock, (pthread_spinlock_t *))

CSAN_EXPORT int pthread_spin_lock(pthread_spinlock_t *l) {
  int rc = real_pthread_spin_lock()(l);
  if (!rc)
    acquire((const void *)l);
  return rc;
}

CSAN_EXPORT int pthread_spin_trylock(pthread_spinlock_t *l) {
  int rc = real_pthread_spin_trylock()(l);
  if (!rc)
    acquire((const void *)l);
  return rc;
}

CSAN_EXPORT int pthread_spin_unlock(pthread_spinlock_t *l) {
  release((const void *)l);
  return real_pthread_spin_unlock()(l);
}

/* A wait releases the mutex and takes it again before it returns, inside
 * the C library (not through the interposers above). */
REAL(int, pthread_cond_wait, (pthread_cond_t *, pthread_mutex_t *))
REAL(int, pthread_cond_timedwait, (pthread_cond_t *, pthread_mutex_t *, const struct timespec *))
REAL(int, pthread_cond_clockwait,
     (pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *))

CSAN_EXPORT int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  release(m);
  int rc = real_pthread_cond_wait()(c, m);
  acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                       const struct timespec *abs) {
  release(m);
  int rc = real_pthread_cond_timedwait()(c, m, abs);
  acquire(m);
  return rc;
}

CSAN_EXPORT int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clk,
                                       const struct timespec *abs) {
  release(m);
  int rc = real_pthread_cond_clockwait()(c, m, clk, abs);
  acquire(m);
  return rc;
}

/* Every thread has arrived when any leaves: each leaves with what all
 * brought (the barrier's clock only grows; what earlier rounds brought is
 * ordered before this one anyway). */
REAL(int, pthread_barrier_wait, (pthread_barrier_t *))

CSAN_EXPORT int pthread_barrier_wait(pthread_barrier_t *b) {
  release(b);
  int rc = real_pthread_barrier_wait()(b);
  acquire(b);
  return rc;
}

REAL(int, sem_init, (sem_t *, int, unsigned int))
REAL(int, sem_destroy, (sem_t *))

CSAN_EXPORT int sem_init(sem_t *sem, int pshared, unsigned int value) {
  forget(sem);
  return real_sem_init()(sem, pshared, value);
}

CSAN_EXPORT int sem_destroy(sem_t *sem) {
  forget(sem);
  return real_sem_destroy()(sem);
}

REAL(int, sem_post, (sem_t *))
REAL(int, sem_wait, (sem_t *))
REAL(int, sem_trywait, (sem_t *))
REAL(int, sem_timedwait, (sem_t *, const struct timespec *))

CSAN_EXPORT int sem_post(sem_t *sem) {
  release(sem);
  return real_sem_post()(sem);
}

CSAN_EXPORT int sem_wait(sem_t *sem) {
  int rc = real_sem_wait()(sem);
  if (!rc)
    acquire(sem);
  return rc;
}

CSAN_EXPORT int sem_trywait(sem_t *sem) {
  int rc = real_sem_trywait()(sem);
  if (!rc)
    acquire(sem);
  return rc;
}

CSAN_EXPORT int sem_timedwait(sem_t *sem, const struct timespec *abs) {
  int rc = real_sem_timedwait()(sem, abs);
  if (!rc)
    acquire(sem);
  return rc;
}

/* ------------------------------------------------------------------------
 * C11 threads (<threads.h>). glibc runs them on its pthread internals,
 * not through the entry points above, so they are interposed themselves:
 * the real functions do the work, and csan passes the clocks around them
 * as for their pthread counterparts.
 * ---------------------------------------------------------------------- */

REAL(int, thrd_create, (thrd_t *, thrd_start_t, void *))
REAL(int, thrd_join, (thrd_t, int *))
REAL(void, thrd_exit, (int))
REAL(int, mtx_init, (mtx_t *, int))
REAL(void, mtx_destroy, (mtx_t *))
REAL(int, mtx_lock, (mtx_t *))
REAL(int, mtx_trylock, (mtx_t *))
REAL(int, mtx_timedlock, (mtx_t *restrict, const struct timespec *restrict))
REAL(int, mtx_unlock, (mtx_t *))
REAL(int, cnd_wait, (cnd_t *, mtx_t *))
REAL(int, cnd_timedwait, (cnd_t *restrict, mtx_t *restrict, const struct timespec *restrict))

CSAN_EXPORT int thrd_create(thrd_t *t, thrd_start_t fn, void *arg) {
  thread_start *s = start_block(NULL, fn, arg);
  if (!s)
    return real_thrd_create()(t, fn, arg);
  int rc = real_thrd_create()(t, c11_start, s);
  if (rc != thrd_success)
    start_block_free(s);
  return rc;
}

CSAN_EXPORT int thrd_join(thrd_t t, int *res) {
  int rc = real_thrd_join()(t, res);
  if (rc == thrd_success)
    joined(t);
  return rc;
}

CSAN_EXPORT __attribute__((noreturn)) void thrd_exit(int res) {
  thread_end();
  free(tl_start);
  tl_start = NULL;
  real_thrd_exit()(res);
  __builtin_unreachable();
}

CSAN_EXPORT int mtx_init(mtx_t *m, int type) {
  forget(m);
  return real_mtx_init()(m, type);
}

CSAN_EXPORT void mtx_destroy(mtx_t *m) {
  forget(m);
  real_mtx_destroy()(m);
}

CSAN_EXPORT int mtx_lock(mtx_t *m) {
  int rc = real_mtx_lock()(m);
  if (rc == thrd_success)
    acquire(m);
  return rc;
}

CSAN_EXPORT int mtx_trylock(mtx_t *m) {
  int rc = real_mtx_trylock()(m);
  if (rc == thrd_success)
    acquire(m);
  return rc;
}

CSAN_EXPORT int mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict abs) {
  int rc = real_mtx_timedlock()(m, abs);
  if (rc == thrd_success)
    acquire(m);
  return rc;
}

CSAN_EXPORT int mtx_unlock(mtx_t *m) {
  release(m);
  return real_mtx_unlock()(m);
}

CSAN_EXPORT int cnd_wait(cnd_t *c, mtx_t *m) {
  release(m);
  int rc = real_cnd_wait()(c, m);
  acquire(m);
  return rc;
}

CSAN_EXPORT int cnd_timedwait(cnd_t *restrict c, mtx_t *restrict m,
                              const struct timespec *restrict abs) {
  release(m);
  int rc = real_cnd_timedwait()(c, m, abs);
  acquire(m);
  return rc;
}
