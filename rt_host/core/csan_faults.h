/* csan_faults.h: which launch faulted, without serializing (README,
 * "Asynchronous faults"; DESIGN.md, decision 21).
 *
 * A sticky error (an illegal address, a device assert, a trap) surfaces at
 * some later CUDA call, long after the launch that caused it. csan keeps,
 * per stream slot, a numbered record of each recent launch and two progress
 * markers in host-mapped memory that the stream itself writes: `started`
 * (written just before the launch, so when the stream reaches it) and `done`
 * (just after, so when the kernel has finished). Nothing waits for them;
 * after the error, plain loads read where each stream stopped.
 *
 * This file is CUDA-free: the launch records (csan_faults_*), the ranking of
 * candidates from progress snapshots (csan_fault_rank, a pure function) and
 * the fault report (text and JSON). The glue (cuda/csan_rt_errors.c) owns the
 * markers and calls these.
 */
#ifndef CSAN_FAULTS_H
#define CSAN_FAULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_flags.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Launch records kept per slot: a candidate is the launch a stream is
 * running or the oldest it has not finished, and a stream rarely has 64
 * launches queued when it faults; a forgotten one is named by its stream
 * and number only. */
#define CSAN_FAULTS_RING 64u
#define CSAN_FAULTS_SLOTS 256u

/* One launch as the report prints it. Strings are interned (csan_intern). */
typedef struct csan_fault_launch {
  uint32_t seq;        /* per-slot launch number, from 1 */
  uint32_t slot;
  csan_epoch_t epoch;  /* the operation's epoch on the slot (0: not known) */
  uint64_t order;      /* global issue order, from 1 */
  uint64_t stream;     /* the stream's model key (its handle) */
  const char *kernel;  /* mangled name, or null */
  const char *api;     /* an operation that is no kernel (a copy, a set): its API */
  uint64_t bytes;      /* and its length */
  uint32_t grid[3], block[3];
  uint64_t shared_mem;
  csan_host_site site; /* the launch's host call site */
  uint32_t stack;      /* csan_stack id, 0 = none */
} csan_fault_launch;

/* Where one slot's stream stood when the error was seen. */
typedef struct csan_fault_progress {
  uint32_t slot;
  uint32_t issued;        /* last launch seq csan issued on the slot */
  uint32_t started;       /* marker: last launch the stream reached */
  uint32_t done;          /* marker: last launch the stream finished */
  uint64_t started_order; /* issue order of launch `started` (0: unknown) */
  uint64_t head_order;    /* issue order of launch done+1 (0: unknown) */
} csan_fault_progress;

/* What the device recorded about a fault it saw itself (an assert's file
 * and line, a memory error csan's check caught): the launch it belongs to.
 * The device-side writer is not there yet (DESIGN.md, decision 21). */
typedef struct csan_fault_device_record {
  bool valid;
  uint32_t slot, seq;
  const char *file; /* device source, or null */
  uint32_t line;
} csan_fault_device_record;

/* Why a launch is a candidate, most likely first. */
typedef enum csan_fault_why {
  CSAN_FAULT_DEVICE = 0, /* the device recorded the fault in this launch */
  CSAN_FAULT_RUNNING,    /* its stream began it and never finished it */
  CSAN_FAULT_HEAD,       /* no launch was running: the oldest unfinished one */
} csan_fault_why;

typedef struct csan_fault_candidate {
  csan_fault_why why;
  uint32_t slot, seq;
} csan_fault_candidate;

/* The ranking: the launch the device named first; then every launch begun
 * and not finished (started > done), the most recently issued first; only
 * when there is none, the head (done + 1) of each stream that has unfinished
 * launches, the most recently issued first. A stream whose markers went
 * backwards (a slot reused, an epoch restart) counts as having none. Writes
 * at most max candidates, returns how many. */
size_t csan_fault_rank(const csan_fault_progress *p, size_t n,
                       const csan_fault_device_record *dev, csan_fault_candidate *out,
                       size_t max);

/* ------------------------------------------------------------------------
 * Launch records (thread-safe).
 * ---------------------------------------------------------------------- */

/* Records a launch about to be issued on slot; returns its seq (what the
 * markers will hold), filling l->seq, l->slot and l->order. */
uint32_t csan_faults_launch(csan_fault_launch *l, uint32_t slot);
/* The launch (slot, seq) failed at once: forgotten, its seq given back
 * when it is still the slot's last (true then; the caller holds the slot,
 * so it is). */
bool csan_faults_unlaunch(uint32_t slot, uint32_t seq);
/* The record of the launch with operation epoch `epoch` on slot (the
 * device names a launch by its context): false when not among the slot's
 * records. */
bool csan_faults_find_epoch(uint32_t slot, csan_epoch_t epoch, csan_fault_launch *out);
/* The last seq issued on slot (0: none). */
uint32_t csan_faults_issued(uint32_t slot);
/* The record of (slot, seq): false when never issued or forgotten. */
bool csan_faults_find(uint32_t slot, uint32_t seq, csan_fault_launch *out);
/* Fills p from markers started[slot] / done[slot] for every slot with a
 * launch; returns how many entries. */
size_t csan_faults_snapshot(const volatile uint32_t *started, const volatile uint32_t *done,
                            csan_fault_progress *p, size_t max);
/* Forgets everything (cudaDeviceReset, tests). */
void csan_faults_reset(void);

/* ------------------------------------------------------------------------
 * The report.
 * ---------------------------------------------------------------------- */

typedef struct csan_fault_report {
  int error;              /* the CUDA error number */
  const char *error_name; /* "cudaErrorIllegalAddress" */
  const char *error_text; /* CUDA's description */
  const char *api;        /* the call that returned it */
  csan_host_site call_site;
  uint32_t call_stack;
  bool markers;           /* false: progress markers were not available */
} csan_fault_report;

/* Prints the fault report (report_format decides text or JSON) with the
 * candidates c[0..n) looked up in the launch records. */
void csan_fault_print(const csan_flags *flags, const csan_fault_report *r,
                      const csan_fault_candidate *c, size_t n,
                      const csan_fault_device_record *dev);

/* The warning for a launch that failed at once and whose error the program
 * never read (cudaGetLastError / cudaPeekAtLastError) before its next CUDA
 * call; `next` names that call (or null: at exit). */
void csan_fault_print_ignored(const csan_flags *flags, const csan_fault_launch *l,
                             const char *error_name, const char *error_text,
                             const char *next);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_FAULTS_H */
