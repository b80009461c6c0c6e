/* csan_report.h: turning race-table entries into race reports.
 *
 * The host runtime (at synchronization points and at exit) and csan-replay
 * feed the reporter raw csan_race entries, as the device (or the CPU shadow
 * engine) wrote them, plus an environment (csan_report_env) that answers
 * questions about them: which operation is (slot, epoch), which allocations
 * cover a byte range, where a device site is, what a stream is called.
 *
 * For each READY entry the reporter
 *   1. skips it if it was already handled (the table is copied many times);
 *      an entry whose operation has not completed (the caller's clock of
 *      completed work does not order it) is left for a later call;
 *   2. looks up both operations and both device sites, names the race kind
 *      (csan_race_kind) and the access kinds;
 *   3. drops it if a report with the same pair of sites and kinds was already
 *      made (an unknown site counts as the operation's what + host site);
 *   4. drops it, counting, if a suppression matches;
 *   5. splits the byte hull [lo, hi) by allocation: one report per allocation
 *      it overlaps, with the offsets inside it (use-after-free looks in the
 *      freed blocks first);
 *   6. prints each report (text or JSON: README.md shows both formats)
 *      unless max_reports were already printed, and counts it.
 * With halt_on_error the first printed report makes csan_report_races stop
 * and csan_report_should_halt() true: the runtime then calls
 * csan_report_finish() and exits with its result.
 *
 * All output, the runtime's own messages included, goes through one writer
 * (csan_log_*) that honours log_path and writes each report with a single
 * write(2), so concurrent reports do not interleave.
 */
#ifndef CSAN_REPORT_H
#define CSAN_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_alloc.h"
#include "csan_flags.h"
#include "csan_ops.h"
#include "csan_suppress.h"
#include "csan_vc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * The report stream (log_path).
 * ---------------------------------------------------------------------- */

/* Opens the report stream: "stderr" (also null or ""), "stdout", or a
 * prefix: the file PREFIX.<pid> is created (truncated). Returns 0, or -1 with
 * `log_path=PREFIX: cannot open 'PREFIX.123': <reason>` in err. Until it is
 * called, output goes to stderr. */
int csan_log_open(const char *log_path, char *err, size_t errlen);
/* Start-up: csan_log_open(f->log_path) or `csan: ERROR: <message>` on
 * stderr and exit(1). */
void csan_log_init(const csan_flags *f);
/* The file being written (null for stderr/stdout). */
const char *csan_log_file(void);
/* Writes all of s with one write(2) when it can (thread-safe). */
void csan_log_write(const char *s, size_t n);
void csan_log_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Closes a log file and goes back to stderr. */
void csan_log_close(void);
/* The warning that csan cut a stream's checking at this point (`why`):
 * races between work the stream issued before it and later work are not
 * reported. `more` adds that further streams are only counted. */
void csan_log_checking_cut(const char *why, const char *stream, bool more);

/* ------------------------------------------------------------------------
 * Names.
 * ---------------------------------------------------------------------- */

/* The CSAN_ACC_* bits of a shadow record (CSAN_TAG_WRITE/ATOMIC/FREE). */
uint32_t csan_tag_access(csan_tag_t tag);
/* "write-write", "read-write", "write-read" or "use-after-free" for a
 * reporting access `access` that met an earlier record of kind `previous`
 * (both CSAN_ACC_*): use-after-free when either is a free. */
const char *csan_race_kind(uint32_t access, uint32_t previous);
/* "Read", "Write", "Atomic read", "Atomic write", "Free", "Allocation";
 * lower case when lower is true (for the "Previous ..." line). */
const char *csan_access_name(uint32_t access, bool lower);

/* ------------------------------------------------------------------------
 * The environment.
 * ---------------------------------------------------------------------- */

/* A device site descriptor, resolved. Strings belong to the environment and
 * must stay valid for the reporter's lifetime. */
typedef struct csan_site_info {
  const char *file;     /* source path, or null */
  const char *function; /* function name, mangled or not (the reporter demangles), or null */
  uint32_t line, column; /* 0 = unknown */
  uint32_t access;      /* CSAN_ACC_* of the access */
  uint32_t size;        /* bytes, 0 = range */
} csan_site_info;

/* Every callback is optional. ctx is passed to each. */
typedef struct csan_report_env {
  void *ctx;
  /* Operations: find_op, else the registry `ops`, else none is known. */
  bool (*find_op)(void *ctx, uint32_t slot, csan_epoch_t epoch, csan_op_info *out);
  csan_ops *ops;
  /* Allocations covering [lo, hi), as csan_allocs_cover() does: cover_allocs,
   * else the registry `allocs`, else none is known. */
  size_t (*cover_allocs)(void *ctx, uint64_t lo, uint64_t hi, bool freed_first,
                         csan_alloc_info *out, size_t max);
  csan_allocs *allocs;
  /* Resolves a device site (a csan_race site: the descriptor's int32 offset
   * from the module anchor, as uint32) of an operation's module. Null (as in
   * csan-replay, where sites are schedule lines): no site is ever resolved,
   * and sites only tell accesses apart for deduplication. */
  bool (*resolve_site)(void *ctx, const void *module, uint32_t site, csan_site_info *out);
  /* Display name of a stream; null or a null result: the operation's
   * stream_name, else the key in hex. The result must stay valid until the
   * report is printed. */
  const char *(*stream_name)(void *ctx, uint64_t stream, uint32_t slot);
  /* A note the report of entry e carries (one line, valid until printed),
   * or null: e.g. that only an undocumented synchronization orders it. */
  const char *(*note)(void *ctx, const csan_race *e);
} csan_report_env;

/* ------------------------------------------------------------------------
 * The reporter.
 * ---------------------------------------------------------------------- */

typedef struct csan_reporter csan_reporter;

/* Takes report_format, max_reports, halt_on_error, exitcode, verbosity,
 * race_table_size and pool_mb from flags (copied). supp (may be null) is
 * used, not owned. env is copied. */
csan_reporter *csan_reporter_create(const csan_flags *flags, const csan_report_env *env,
                                    csan_suppressions *supp);
void csan_reporter_destroy(csan_reporter *r);

/* Handles entries (see the file comment); entries not in state
 * CSAN_RACE_READY are ignored. Every reporting operation has completed.
 * Returns the number of reports printed by this call. Thread-safe. */
size_t csan_report_races(csan_reporter *r, const csan_race *entries, size_t n);
/* Handles the entries of a race table copied from the device: header then
 * entries (CSAN_RACE_ENTRIES_OFFSET). An entry whose reporting operation
 * (slot, epoch) `completed` does not order is still running and may still
 * grow: it is left for a later call and counted in *pending (when pending
 * is not null). completed null: every operation has completed. Also
 * remembers the table's dropped count for csan_report_finish. */
size_t csan_report_table(csan_reporter *r, const csan_race_table *table,
                         const csan_vc *completed, size_t *pending);
/* csan_report_table's handling of entries, for entries the caller picked
 * and ordered itself (the table's dropped count is not seen). */
size_t csan_report_entries(csan_reporter *r, const csan_race *entries, size_t n,
                           const csan_vc *completed, size_t *pending);

/* The runtime emptied the device race table (after a rebase, epochs restart
 * and an entry seen before may come back naming another race): forgets which
 * entries were handled (deduplication by site pair stays) and keeps the
 * count of races the table dropped so far. */
void csan_report_table_cleared(csan_reporter *r);

/* True once halt_on_error stopped reporting. */
bool csan_report_should_halt(csan_reporter *r);

typedef struct csan_report_stats {
  uint64_t reported;     /* reports printed */
  uint64_t not_printed;  /* reports beyond max_reports (still races) */
  uint64_t duplicates;   /* entries whose site pair was already reported */
  uint64_t suppressed;   /* entries a suppression matched */
  uint64_t not_recorded; /* races the device table had no room for */
} csan_report_stats;
void csan_report_get_stats(csan_reporter *r, csan_report_stats *out);

/* What the runtime knows at exit that the entries do not say. */
typedef struct csan_report_notes {
  uint64_t not_recorded;   /* races that found the race table full (added to
                              what csan_report_table saw) */
  uint64_t pool_exhausted; /* accesses the shadow pool had no room for */
  uint64_t cut_streams;    /* streams whose checking was cut (csan_log_checking_cut) */
} csan_report_notes;

/* How many cut streams csan_log_checking_cut names before it only counts. */
#define CSAN_CUT_STREAMS_NAMED 10

/* End of run: prints (through the log)
 *   csan: suppressed N data race(s)                 (verbosity >= 1, with one line per rule)
 *   csan: N more data race(s) not reported (max_reports=M)
 *   csan: WARNING: N race(s) were not recorded: the race table was full; raise CSAN_OPTIONS=race_table_size (now T)
 *   csan: WARNING: N access(es) were not checked: the shadow pool was full; raise CSAN_OPTIONS=pool_mb (now P)
 *   csan: WARNING: the checking of N stream(s) was cut (see the warnings above)
 *   csan: reported N data race(s)
 * (with report_format=json one {"type":"summary",...} line instead) and
 * returns the exit status to use: exitcode when a race was found (reported,
 * not printed or not recorded), else program_status. notes may be null.
 * A second call prints nothing and returns the same decision. */
int csan_report_finish(csan_reporter *r, int program_status, const csan_report_notes *notes);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_REPORT_H */
