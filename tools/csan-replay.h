/* csan-replay.h: what the parts of csan-replay share.
 *
 *   csan-replay-parse.c   schedule text -> rp_program (syntax only)
 *   csan-replay-exec.c    runs an rp_program: names, the model, the CPU shadow,
 *                         the operation and allocation registries
 *   csan-replay-report.c  the reporter's environment, draining the race
 *                         table after every command, the end of the run
 *   csan-replay.c         main: options, flags, the dry run, the world
 *
 * Calls go one way: main -> exec -> report, main -> parse.
 *
 * A schedule is run twice. The first run is dry: it only keeps the names
 * (streams, events, allocations) and checks every command against them, so a
 * malformed schedule stops with exit status 2 before anything is reported.
 * The second run does the work. Both runs take the same path through the
 * schedule (repeat loops included), so an error the second run could meet
 * the first one has already met. The dry run also checks the lines of a
 * loop that runs no times (`repeat 0`), as if it ran once, and then forgets
 * what they did: the real run skips them.
 *
 * The work is bounded before anything runs: the parser counts the commands
 * the schedule will run, loops multiplied out, and refuses a schedule that
 * would run more than max_steps of them (repeat loops nest, so a few lines
 * could otherwise run for ever).
 *
 * Errors unwind: rp_die records the message and returns to the innermost
 * rp_guarded call, so rp_parse and rp_execute free what they hold and
 * return -1. The command line prints the message and exits with status 2;
 * a fuzzer (fuzz/) goes on with its next input.
 */
#ifndef CSAN_REPLAY_H
#define CSAN_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_alloc.h"
#include "csan_flags.h"
#include "csan_model.h"
#include "csan_ops.h"
#include "csan_report.h"
#include "csan_shadow_cpu.h"
#include "csan_syncs.h"

/* Exit status of a malformed schedule or a bad command line. */
#define RP_EXIT_USAGE 2

/* What one schedule may do. The shadow lives in host memory (1.5 bytes per
 * byte), hence the limit on allocated bytes; a command costs about a
 * microsecond, so the step limit keeps a run under a minute or so. */
typedef struct rp_limits {
  uint64_t max_steps; /* commands run in all, counting each time a loop runs one */
  uint64_t max_bytes; /* bytes allocated in all */
} rp_limits;
#define RP_MAX_STEPS (1ull << 24)
#define RP_MAX_BYTES (256ull << 20)

/* A malformed schedule: `csan-replay: PATH:LINE: MSG`. */
typedef struct rp_error {
  const char *path; /* interned */
  unsigned line;
  char *msg; /* malloc'ed; rp_error_free */
} rp_error;

/* ------------------------------------------------------------------------
 * The schedule.
 * ---------------------------------------------------------------------- */

typedef enum rp_op {
  RP_STREAM,
  RP_DESTROY_STREAM,
  RP_EVENT,
  RP_DESTROY_EVENT,
  RP_ALLOC,
  RP_ALLOC_ASYNC,
  RP_FREE,
  RP_FREE_ASYNC,
  RP_LAUNCH,
  RP_MEMSET,
  RP_MEMCPY,
  RP_HOST_FUNC,
  RP_ADVANCE,
  RP_RECORD,
  RP_WAIT,
  RP_SYNC_STREAM,
  RP_SYNC_EVENT,
  RP_SYNC_DEVICE,
  RP_QUERY_STREAM,
  RP_QUERY_EVENT,
  RP_REPEAT,
  RP_END,
  /* CUDA graphs (csan-replay-graph.c) */
  RP_GRAPH,
  RP_NODE,
  RP_EDGE,
  RP_CLONE,
  RP_CAPTURE_BEGIN,
  RP_CAPTURE_END,
  RP_CAPTURE_DEPS,
  RP_INSTANTIATE,
  RP_GRAPH_LAUNCH,
  RP_EXEC_SET,
  RP_EXEC_UPDATE,
  RP_DESTROY_EXEC,
  /* node bodies only (rp_cmd.body) */
  RP_NODE_EMPTY,
  RP_NODE_CHILD,
  RP_NODE_UNCHECKED
} rp_op;

/* Stream capture modes (cudaStreamCaptureMode). */
typedef enum rp_capture_mode {
  RP_CAPTURE_GLOBAL = 0,
  RP_CAPTURE_THREAD_LOCAL,
  RP_CAPTURE_RELAXED
} rp_capture_mode;

/* One access of an operation: `A` (the whole allocation) or `A[OFF:LEN]`.
 * Each access written in the schedule is one site, as one load or store
 * instruction of a kernel is one site on the GPU: the race table keeps the
 * races of different sites apart, the reporter deduplicates by site pair,
 * and the iterations of a repeat loop share their sites. */
typedef struct rp_range {
  const char *alloc; /* allocation name (interned) */
  bool whole;        /* `A`: the whole allocation */
  uint64_t off, len; /* `A[OFF:LEN]` */
  uint32_t access;   /* CSAN_ACC_* */
  uint32_t site;     /* site id, 1-based */
  bool after_wait;   /* `waited-read R` ...: after the kernel's
                        cudaGridDependencySynchronize() */
} rp_range;

typedef struct rp_cmd {
  rp_op op;
  unsigned line;
  const char *stream; /* interned names, those the command has */
  const char *event;
  const char *alloc;
  const char *kernel;  /* launch: the kernel name, as written */
  uint64_t num;        /* alloc size, repeat count, advance count */
  csan_stream_kind kind; /* stream */
  uint32_t site;       /* free, free-async, alloc-async: the site of their access */
  rp_range *ranges;    /* launch, memset (1), memcpy (2: source, destination) */
  size_t nranges;
  size_t match;        /* repeat: index of its end; end: index of its repeat */
  /* Graph commands. node and exec-set carry their node's body as the
   * fields above (kernel, ranges, event, alloc, num, site) with `body` the
   * command it would be on a stream (RP_LAUNCH, RP_MEMSET, RP_MEMCPY,
   * RP_HOST_FUNC, RP_RECORD, RP_WAIT, RP_ALLOC_ASYNC, RP_FREE_ASYNC) or
   * RP_NODE_EMPTY / RP_NODE_CHILD / RP_NODE_UNCHECKED. */
  const char *graph;   /* G */
  const char *graph2;  /* a child node's graph, clone's source, exec-update's graph */
  const char *node;    /* N */
  const char *exec;    /* X */
  const char **deps;   /* node: `after N1,N2,...`; edge: the source */
  size_t ndeps;
  rp_op body;
  rp_capture_mode mode; /* capture-begin */
  bool set;             /* capture-deps: replace (else add to) the dependencies */
} rp_cmd;

typedef struct rp_program {
  const char *path; /* as shown in messages and reports (interned) */
  rp_cmd *cmds;
  size_t ncmds;
  uint32_t nsites; /* site ids are 1..nsites */
  rp_limits limits;
  uint64_t steps; /* commands a run runs, loops multiplied out (<= limits.max_steps) */
} rp_program;

/* Parses a schedule. Lines that begin `#VARIANT:` are read without that
 * prefix when variant is VARIANT (null: none is); limits null: the
 * command line's (RP_MAX_STEPS, RP_MAX_BYTES). Returns 0, or -1 with the
 * first error in *err (and *out empty). */
int rp_parse(const char *path, const char *text, size_t len, const char *variant,
             const rp_limits *limits, rp_program *out, rp_error *err);
void rp_program_free(rp_program *p);

/* Records `PATH:LINE: <message>` and unwinds to the innermost rp_guarded
 * call. Outside of one it prints `csan-replay: PATH:LINE: <message>` to
 * stderr and exits with RP_EXIT_USAGE. */
void rp_die(const char *path, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
/* Runs fn(arg); returns 0, or -1 when it called rp_die (its error in *err).
 * fn's own locals are lost on an error: what must be freed then lives in
 * *arg. */
int rp_guarded(void (*fn)(void *arg), void *arg, rp_error *err);
/* Prints `csan-replay: PATH:LINE: <message>` to stderr. */
void rp_error_print(const rp_error *err);
void rp_error_free(rp_error *err);

/* ------------------------------------------------------------------------
 * The run.
 * ---------------------------------------------------------------------- */

/* What a (non-dry) run works on. */
typedef struct rp_world {
  csan_flags flags;
  csan_model *model;
  csan_shadow_cpu *shadow;
  csan_ops *ops;
  csan_allocs *allocs;
  csan_reporter *reporter;
  csan_syncs *syncs; /* cudaFree's undocumented synchronizations */
  /* Length of the access of each site (index: site id), filled by the dry
   * run: what the reporter prints as the size of a kernel's earlier access. */
  uint64_t *site_len;
  uint32_t nsites;
  /* The race entry being handed to the reporter (see rp_find_op). */
  const csan_race *reporting;
  csan_race *drain_buf; /* room for every entry of the race table */
  uint32_t drain_cap;
  uint64_t not_recorded; /* races the table had no room for, over all drains */
  uint64_t cut_streams;  /* streams whose checking was cut */
  uint64_t capture_errors; /* stream capture errors reported (graphs) */
  /* Called for each race entry rp_drain reports (not for duplicates or
   * suppressed ones), when set: the graph commands' DOT pictures. */
  void (*on_report)(void *ctx, const csan_race *e);
  void *on_report_ctx;
} rp_world;

/* Runs the program. world null: the dry run (names and checks only; fills
 * site_len, which has room for nsites + 1 entries). Otherwise the real run,
 * which calls rp_drain after every command and stops the process when
 * halt_on_error says so. Returns 0, or -1 with the error in *err (a real
 * run after a dry run that passed meets none). */
int rp_execute(const rp_program *p, rp_world *world, uint64_t *site_len, rp_error *err);

/* csan-replay-report.c. What a real run works on, for w->flags, with
 * csan-replay's reporter; w->nsites and w->site_len are the caller's. */
typedef enum rp_world_status {
  RP_WORLD_OK,
  RP_WORLD_NO_SHADOW,  /* the shadow, model or registries: out of memory */
  RP_WORLD_NO_REPORTER /* out of memory */
} rp_world_status;
rp_world_status rp_world_open(rp_world *w, csan_suppressions *supp);
/* Frees what rp_world_open made (not site_len, not the suppressions). */
void rp_world_close(rp_world *w);
/* Hands the race table's new entries to the reporter, in schedule order,
 * and empties the table. */
void rp_drain(rp_world *w);
/* Ends the run: the reporter's summary, then exit with its status. */
void rp_finish(rp_world *w) __attribute__((noreturn));

#endif /* CSAN_REPLAY_H */
