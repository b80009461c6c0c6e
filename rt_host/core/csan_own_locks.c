/* csan_own_locks.c: csan's own locking calls (csan_own_locks.h). */
#define CSAN_OWN_LOCKS_IMPL
#include "csan_own_locks.h"

/* The header is force-included before this file's first line, with the
 * renaming macros: this file calls the functions themselves. */
#undef pthread_mutex_lock
#undef pthread_mutex_trylock
#undef pthread_mutex_unlock
#undef pthread_rwlock_rdlock
#undef pthread_rwlock_wrlock
#undef pthread_rwlock_unlock
#undef pthread_cond_wait
#undef pthread_cond_timedwait

__thread uint32_t csan_own_lock_depth __attribute__((tls_model("initial-exec")));

#define OWN(call)                                                                              \
  do {                                                                                         \
    csan_own_lock_depth++;                                                                     \
    int rc_ = (call);                                                                          \
    csan_own_lock_depth--;                                                                     \
    return rc_;                                                                                \
  } while (0)

int csan_own_mutex_lock(pthread_mutex_t *m) { OWN(pthread_mutex_lock(m)); }
int csan_own_mutex_trylock(pthread_mutex_t *m) { OWN(pthread_mutex_trylock(m)); }
int csan_own_mutex_unlock(pthread_mutex_t *m) { OWN(pthread_mutex_unlock(m)); }
int csan_own_rwlock_rdlock(pthread_rwlock_t *l) { OWN(pthread_rwlock_rdlock(l)); }
int csan_own_rwlock_wrlock(pthread_rwlock_t *l) { OWN(pthread_rwlock_wrlock(l)); }
int csan_own_rwlock_unlock(pthread_rwlock_t *l) { OWN(pthread_rwlock_unlock(l)); }
int csan_own_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) { OWN(pthread_cond_wait(c, m)); }
int csan_own_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t) {
  OWN(pthread_cond_timedwait(c, m, t));
}
