/* csan_own_locks.h: csan's own locks are not the program's (issue 18).
 *
 * The runtime interposes the program's locking calls (pthread mutexes,
 * rwlocks, condition variables, spin locks, semaphores: see
 * cuda/api/csan_api_hostmem_sync.c) to pass host threads' clocks from the
 * thread that unlocks to the thread that locks next. csan's own calls of
 * the same functions reach those interposers too: a library's calls of a
 * function it exports bind to the first definition in the process (csan's),
 * and under ThreadSanitizer they come back from its interceptors. csan's
 * locks must pass nothing (its model lock is taken by every thread), so
 * every runtime source is compiled with this header force-included
 * (rt_host/CMakeLists.txt): its calls go through csan_own_*, which mark the
 * thread as inside csan for the call, and the interposers then only
 * forward. The calls still reach the C library by their ordinary names, so
 * a sanitizer of csan's own build sees csan's locks as before.
 */
#ifndef CSAN_OWN_LOCKS_H
#define CSAN_OWN_LOCKS_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Nonzero while the calling thread is inside one of csan's own locking
 * calls. */
/* initial-exec: read by every interposed lock call; 4 bytes of static TLS. */
extern __thread uint32_t csan_own_lock_depth __attribute__((tls_model("initial-exec")));

int csan_own_mutex_lock(pthread_mutex_t *m);
int csan_own_mutex_trylock(pthread_mutex_t *m);
int csan_own_mutex_unlock(pthread_mutex_t *m);
int csan_own_rwlock_rdlock(pthread_rwlock_t *l);
int csan_own_rwlock_wrlock(pthread_rwlock_t *l);
int csan_own_rwlock_unlock(pthread_rwlock_t *l);
int csan_own_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
int csan_own_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t);

#ifndef CSAN_OWN_LOCKS_IMPL
#define pthread_mutex_lock(m) csan_own_mutex_lock(m)
#define pthread_mutex_trylock(m) csan_own_mutex_trylock(m)
#define pthread_mutex_unlock(m) csan_own_mutex_unlock(m)
#define pthread_rwlock_rdlock(l) csan_own_rwlock_rdlock(l)
#define pthread_rwlock_wrlock(l) csan_own_rwlock_wrlock(l)
#define pthread_rwlock_unlock(l) csan_own_rwlock_unlock(l)
#define pthread_cond_wait(c, m) csan_own_cond_wait(c, m)
#define pthread_cond_timedwait(c, m, t) csan_own_cond_timedwait(c, m, t)
#endif

#ifdef __cplusplus
}
#endif
#endif /* CSAN_OWN_LOCKS_H */
