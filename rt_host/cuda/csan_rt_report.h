/* csan_rt_report.h: draining the device race table into the reporter, the
 * reporter's environment, and the end of a run (csan_rt_report.c). */
#ifndef CSAN_RT_REPORT_H
#define CSAN_RT_REPORT_H

#include "csan_rt.h"

/* The reporter's environment (created with the reporter). */
void csan_rt_report_env(csan_report_env *env);
/* The program's name for a stream (include/csan/csan.h); null or "" forgets
 * it. */
void csan_rt_name_stream(csan_key key, const char *name);
/* A stream as reports name it: the program's name, `legacy`,
 * `per-thread`, else its handle in hex (written to buf). */
const char *csan_rt_stream_display(csan_key key, char *buf, size_t n);
/* A note for the report of race entry e (interned), or null. The graph
 * family registers one (CSAN_OPTIONS=graph_dot: the picture of a race
 * between two nodes of one graph launch); set, not called, from there, so
 * the reporter does not depend on the family. */
typedef const char *(*csan_rt_note_fn)(const csan_race *e);
void csan_rt_report_graph_note(csan_rt_note_fn fn);
/* Says that the checking of the streams keys[0..n) was cut at this point
 * (`why`): by name for the first CSAN_CUT_STREAMS_NAMED of the run, then
 * only counted; the exit summary gives the count. */
void csan_rt_report_cut(const char *why, const csan_key *keys, size_t n);
/* Copies the race table and reports what it can; halts if told to. */
void csan_rt_drain(void);
/* fn runs first in every csan_rt_drain, device ready or not (the
 * host-memory log's replay, csan_rt_hostlog.c). One. */
void csan_rt_report_on_drain(void (*fn)(void));
/* Empties the device race table (rebase; everything in it was reported). */
void csan_rt_races_clear(void);
/* The pool's exhausted counter (device). */
uint64_t csan_rt_pool_exhausted(void);
/* cudaDeviceReset: cached sites of old modules are stale, the table is new. */
void csan_rt_report_forget(void);
/* Finishes the report; returns the status csan wants, or -1 when the
 * program's own exit status stands. */
int csan_rt_finish(void);
/* halt_on_error: finish the report and leave with its status. */
_Noreturn void csan_rt_halt(void);

#endif /* CSAN_RT_REPORT_H */
