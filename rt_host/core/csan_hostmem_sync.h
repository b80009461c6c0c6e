/* csan_hostmem_sync.h: host threads' clocks passed through the program's
 * own synchronization (issue 18).
 *
 * A host thread's accesses to memory the device uses are ordered after
 * device work only by what the thread observed (csan_model_thread.c). A
 * program that synchronizes in one thread and hands the result to another
 * under a lock, or joins the thread that synchronized, has ordered the
 * second thread's accesses too: the clock goes with the lock. Each lock
 * (any synchronization object, by its address) and each thread that ended
 * (by its pthread_t) gets a clock here: released into by the thread that
 * unlocks (joined) or ends (replaced), acquired by the thread that locks
 * next or joins it. The glue interposes the program's pthread calls and
 * calls these (cuda/api/csan_api_hostmem_threads.c).
 *
 * The table is fixed (open addressing, no removal: a destroyed lock's key
 * is forgotten, not freed), made only once the program has host memory
 * the device uses. Thread-safe, lock-free but for a spin flag per entry;
 * no model lock. CUDA-free.
 */
#ifndef CSAN_HOSTMEM_SYNC_H
#define CSAN_HOSTMEM_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#include "csan_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct csan_hostsync csan_hostsync;

/* A table for 2^cap_log2 objects; NULL when out of memory. */
csan_hostsync *csan_hostsync_create(uint32_t cap_log2);
void csan_hostsync_destroy(csan_hostsync *s);

/* The calling thread releases what it knows (csan_model_thread_known) into
 * key's clock: joined, or, replace, the clock becomes it (a thread's end:
 * its pthread_t may name a later thread). false when the table had no room
 * for key (its clock is not kept). */
bool csan_hostsync_release(csan_hostsync *s, csan_model *m, uint64_t key, bool replace);
/* The calling thread acquires key's clock, if any; consume: key's clock is
 * forgotten after (a joined thread). */
void csan_hostsync_acquire(csan_hostsync *s, csan_model *m, uint64_t key, bool consume);
/* key's clock is forgotten (a destroyed lock: its address may hold another). */
void csan_hostsync_forget(csan_hostsync *s, uint64_t key);
/* Releases that found no room. */
uint64_t csan_hostsync_dropped(const csan_hostsync *s);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_HOSTMEM_SYNC_H */
