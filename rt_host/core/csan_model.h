/* csan_model.h: CUDA's ordering rules as vector clocks, free of CUDA.
 *
 * The model knows streams, events and the host, and for each operation
 * issued on a stream (kernel, memcpy, memset, stream-ordered alloc/free, host
 * function) it hands out a slot, an epoch and the vector clock of everything
 * CUDA orders before it. It is used by the host runtime (fed by the CUDA
 * wrappers) and by csan-replay (fed by a schedule), and is tested on the CPU.
 *
 * Rules (CUDA programming guide and "API synchronization behavior"):
 *  - Work in one stream runs in issue order.
 *  - The legacy default stream waits for all earlier work of every blocking
 *    stream, and every blocking stream's later work waits for it.
 *    Non-blocking streams (cudaStreamNonBlocking) take no part in this.
 *    Per-thread default streams are blocking streams.
 *  - cudaEventRecord captures the stream's current clock; a later record
 *    replaces it. An event that was never recorded orders nothing.
 *  - cudaStreamWaitEvent makes the stream's later work wait for the event's
 *    captured clock (a no-op for a never-recorded event).
 *  - The host waits (stream/event/device synchronize, or a query that
 *    returned cudaSuccess): the host clock joins what it waited for, and
 *    every operation issued afterwards, on any stream, is ordered after it.
 *
 * Keys: streams and events are named by opaque 64-bit keys (the CUDA handle
 * values in a real run, interned names in csan-replay). Key 0 is never a
 * valid stream or event key; use CSAN_STREAM_LEGACY for the legacy stream.
 *
 * Thread safety: every function may be called from any thread; the model
 * takes an internal lock. Functions that read a snapshot (csan_model_stream_clock,
 * csan_model_event_clock) exist so a caller can snapshot before a blocking
 * CUDA call and apply the join after it succeeded (csan_model_host_join).
 *
 * Errors: functions return 0 on success or a negative CSAN_MODEL_E* code and
 * change no state on error.
 */
#ifndef CSAN_MODEL_H
#define CSAN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_vc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t csan_key;

/* Same values as cudaStreamLegacy / cudaStreamPerThread in CUDA's headers. */
#define CSAN_STREAM_LEGACY ((csan_key)0x1)

/* Error codes. */
#define CSAN_MODEL_OK 0
#define CSAN_MODEL_EUNKNOWN_STREAM (-1) /* no such stream key */
#define CSAN_MODEL_EUNKNOWN_EVENT (-2)  /* no such event key */
#define CSAN_MODEL_EEXISTS (-3)         /* stream key already exists */
#define CSAN_MODEL_ENOSLOT (-4)         /* every slot is held by a live stream */
#define CSAN_MODEL_ENOMEM (-5)
#define CSAN_MODEL_EINVAL (-6)
#define CSAN_MODEL_EEPOCH (-7)          /* a slot's epoch counter is exhausted: rebase */

typedef enum csan_stream_kind {
  CSAN_STREAM_BLOCKING = 0,    /* cudaStreamDefault: syncs with the legacy stream */
  CSAN_STREAM_NONBLOCKING = 1, /* cudaStreamNonBlocking */
  CSAN_STREAM_PER_THREAD = 2   /* a host thread's per-thread default stream */
} csan_stream_kind;

/* An operation issued on a stream. */
typedef struct csan_op {
  uint32_t slot;       /* the stream's slot */
  csan_epoch_t epoch;  /* this operation's epoch on the slot */
  uint64_t op_id;      /* model-wide sequence number, 1-based */
  csan_vc vc;          /* everything ordered before this op; vc.c[slot] < epoch */
} csan_op;

typedef struct csan_model csan_model;

csan_model *csan_model_create(void);
void csan_model_destroy(csan_model *m);

/* Streams. The legacy stream (CSAN_STREAM_LEGACY, slot 0) always exists.
 * A per-thread default stream is created by its caller with a key unique to
 * the host thread and kind CSAN_STREAM_PER_THREAD. */
int csan_model_stream_create(csan_model *m, csan_key stream, csan_stream_kind kind);
/* As csan_model_stream_create, but when every slot is held by a live stream
 * or a destroyed one whose work the host has not observed, takes the slot
 * of the stream destroyed longest ago all the same. Its work then looks
 * ordered before everything the new stream (and work ordered after it)
 * does: *cut is that destroyed stream's key, whose checking stops there (0
 * when the host had observed its work and nothing is cut). ENOSLOT only
 * when 254 streams are alive. */
int csan_model_stream_recycle(csan_model *m, csan_key stream, csan_stream_kind kind,
                              csan_key *cut);
/* The stream disappears; its slot becomes reusable once the host has observed
 * all of its work (csan_model_host_*), never earlier. */
int csan_model_stream_destroy(csan_model *m, csan_key stream);
bool csan_model_stream_exists(csan_model *m, csan_key stream);
int csan_model_stream_slot(csan_model *m, csan_key stream, uint32_t *slot);

/* Issue one operation on a stream: applies the legacy-stream barriers and the
 * host clock, assigns the next epoch of the slot, and fills *op. With
 * prepare/commit a caller can issue the CUDA call in between and drop the
 * operation if the call failed: csan_model_op_prepare takes the model lock,
 * which csan_model_op_commit / csan_model_op_abort release.
 * A prepare that fails returns with the lock released; after a successful
 * one the same thread calls exactly one of commit/abort with the same *op and
 * no other model function in between (the lock is not recursive).
 * Record, wait and op are all "actions" on a stream for the legacy rules. */
int csan_model_op(csan_model *m, csan_key stream, csan_op *op);
int csan_model_op_prepare(csan_model *m, csan_key stream, csan_op *op);
void csan_model_op_commit(csan_model *m, const csan_op *op);
void csan_model_op_abort(csan_model *m, const csan_op *op);

/* An operation the host performs itself (slot CSAN_HOST_SLOT): ordered after
 * everything the host has observed, and before every later operation. */
int csan_model_host_op(csan_model *m, csan_op *op);

/* Events. Creating an existing key re-creates it (unrecorded). */
int csan_model_event_create(csan_model *m, csan_key event);
int csan_model_event_destroy(csan_model *m, csan_key event);
int csan_model_event_record(csan_model *m, csan_key event, csan_key stream);
int csan_model_stream_wait_event(csan_model *m, csan_key stream, csan_key event);
/* An event the device records by itself at a point whose clock the caller
 * knows, not at the end of a stream's work: a kernel launch attribute's
 * event (cudaLaunchAttributeLaunchCompletionEvent / ProgrammaticEvent) fires
 * once the kernel's blocks have begun, when what is complete is the work the
 * kernel is ordered after (its csan_op.vc), not the kernel. The capture
 * becomes vc (entries above the work issued are clamped) and the event is
 * recorded. Not an action on any stream. */
int csan_model_event_record_clock(csan_model *m, csan_key event, const csan_vc *vc);
bool csan_model_event_recorded(csan_model *m, csan_key event);

/* The host waits. */
int csan_model_host_wait_stream(csan_model *m, csan_key stream);
int csan_model_host_wait_event(csan_model *m, csan_key event);
void csan_model_host_wait_device(csan_model *m);

/* Snapshots for blocking calls: take the clock before the CUDA call, join it
 * into the host clock after the call succeeded. */
int csan_model_stream_clock(csan_model *m, csan_key stream, csan_vc *out);
int csan_model_event_clock(csan_model *m, csan_key event, csan_vc *out, bool *recorded);
void csan_model_host_clock(csan_model *m, csan_vc *out);
/* vc comes from a snapshot of this model; entries above the work issued
 * (a snapshot from before a rebase) are clamped to it. */
void csan_model_host_join(csan_model *m, const csan_vc *vc);
/* csan's own synchronization saw the work of vc (a snapshot) finish. Not an
 * ordering: the program did not wait, and the host clock stays. What is
 * complete (csan_model_done_clock: this joined with the host clock) decides
 * which races are final and when the epochs may restart. */
void csan_model_complete(csan_model *m, const csan_vc *vc);
void csan_model_done_clock(csan_model *m, csan_vc *out);
/* The clock of all work issued so far, on every slot (live or destroyed
 * streams, the host slot): the snapshot for cudaDeviceSynchronize, which
 * must not cover operations other threads issue while it blocks. */
void csan_model_device_clock(csan_model *m, csan_vc *out);

/* A device-wide reset (cudaDeviceReset): every stream but the legacy stream
 * and every event is gone, the host has observed everything. */
void csan_model_device_reset(csan_model *m);

/* Epoch window. True when some slot's counter reached CSAN_EPOCH_RESET_AT and
 * the caller must quiesce the device, clear the shadow and call
 * csan_model_rebase(). csan_model_rebase requires every operation to have
 * completed (csan_model_done_clock covers all work issued; else
 * CSAN_MODEL_EINVAL); it restarts all epochs and clears all clocks. Streams,
 * slots and events stay; a recorded event stays recorded with an empty
 * capture. Op ids keep counting. Work the host had not observed was
 * unordered with later work and now looks ordered: the keys of those
 * streams (live or destroyed) go to cut[0..max), and their number to *ncut
 * (may be null). */
bool csan_model_needs_rebase(csan_model *m);
int csan_model_rebase(csan_model *m, csan_key *cut, size_t max, size_t *ncut);

/* Issue n > 0 back-to-back operations on a stream in one step, without
 * handing them out: the slot's epoch counter advances by n, and the stream's
 * clock is what n calls of csan_model_op would leave (consecutive operations
 * of one stream differ only in their own epoch). Tests and csan-replay use it
 * to reach the end of the epoch window without 2^31 calls.
 * CSAN_MODEL_EEPOCH if the counter would pass UINT32_MAX. */
int csan_model_advance(csan_model *m, csan_key stream, csan_epoch_t n);

/* Host threads (csan_model.c, "Host threads"): what the calling thread
 * observed itself, for checks of its own accesses to memory the device
 * uses. The pointer stays valid for the thread; *gen (may be null) changes
 * whenever the clock does, and csan_model_thread_gen reads it without the
 * lock (0: the thread has no clock yet). csan_model_thread_adopt starts the
 * calling thread from its creator's clock (a new thread has observed what
 * its creator had). */
const csan_vc *csan_model_thread_clock(csan_model *m, uint64_t *gen);
uint64_t csan_model_thread_gen(csan_model *m);
void csan_model_thread_adopt(csan_model *m, const csan_vc *vc);
/* No sanitizer instrumentation at all (code a new thread runs before a
 * sanitizer of csan's own build has set the thread up); compilers without
 * the attribute build no sanitized csan. */
#if defined(__has_attribute)
#if __has_attribute(disable_sanitizer_instrumentation)
#define CSAN_NO_INSTRUMENT __attribute__((disable_sanitizer_instrumentation))
#endif
#endif
#ifndef CSAN_NO_INSTRUMENT
#define CSAN_NO_INSTRUMENT
#endif

/* Hands the calling (new) thread the clock vc (malloc'd; the model frees
 * it), adopted as by csan_model_thread_adopt at the thread's first use of
 * its clock. Safe as the very first thing a thread runs. */
void csan_model_thread_pending(csan_model *m, csan_vc *vc);
/* Once before the first csan_model_thread_pending (in the creating thread). */
void csan_model_thread_prepare(void);
/* The calling thread's clock if it has one, else null; takes no lock (for
 * callers that may run while the model is held). */
const csan_vc *csan_model_thread_peek(csan_model *m);

/* Clocks passed between host threads by the program's own synchronization
 * (a lock released and acquired, a thread joined: core/csan_hostmem_sync.c).
 * csan_model_thread_known: what the calling thread can pass on: its clock,
 * or, for a thread without one yet, what it acquired from others; null if
 * nothing. *gen changes whenever it does, *window is the model's window
 * (csan_model_rebase) it belongs to. csan_model_thread_acquire: the calling
 * thread acquires vc, taken in window (ignored if the window has changed).
 * Neither takes the model lock (program code may lock its mutexes inside a
 * CUDA call csan holds the model for). */
const csan_vc *csan_model_thread_known(csan_model *m, uint64_t *gen, uint64_t *window);
void csan_model_thread_acquire(csan_model *m, const csan_vc *vc, uint64_t window);

/* The number of the last operation handed out (0 before the first). */
uint64_t csan_model_last_op_id(csan_model *m);

/* For reports: the slot a stream key currently has (csan_model_stream_slot),
 * and the number of live streams, the legacy stream included (the host
 * pseudo-stream is not a stream). */
uint32_t csan_model_live_streams(csan_model *m);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_MODEL_H */
