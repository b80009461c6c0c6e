/* csan-replay: runs a schedule of CUDA stream operations through csan's
 * happens-before model and shadow engine, and reports races as a real run
 * of an instrumented program would.
 *
 *   csan-replay [FILE|-]        (no FILE, or -: the schedule on stdin)
 *
 * The schedule format is described in README.md ("csan-replay") and in
 * usage() below. The model (csan_model), the shadow logic (csan_shadow_cpu,
 * the CPU build of the GPU engine), the registries, the reporter and the
 * flags (CSAN_OPTIONS) are the runtime's own; this tool only feeds them:
 *
 *   - The schedule is parsed and run once dry (names and arguments only,
 *     csan-replay-exec.c), so a malformed schedule exits with status 2 and
 *     `csan-replay: FILE:LINE: <message>` before anything is reported.
 *   - The real run hands the race table to the reporter after every command
 *     and empties it. All races a command finds are races of the operation
 *     it issued, so draining per command keeps the reports in schedule order;
 *     within one command they are sorted by the earlier operation, then by
 *     address, so the output does not depend on the hash table's layout.
 *   - There are no device sites: every access written in the schedule is
 *     its own site id, the issue site of an operation is its schedule line,
 *     and the size printed for an operation's access is the length of that
 *     access (for the earlier access, rp_find_op looks it up by its site).
 *
 * Exit status: the reporter's (exitcode, 66 by default, when a race was
 * found, else 0); 2 for a malformed schedule or command line; 1 for bad
 * CSAN_OPTIONS, an unreadable suppressions file or log_path (the runtime's
 * start-up errors).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_stack.h"
#include "csan_suppress.h"

static void usage(FILE *out) {
  fputs("usage: csan-replay [FILE|-]\n"
        "Runs a schedule of CUDA stream operations through csan's model and shadow\n"
        "engine and reports races as a real run would (CSAN_OPTIONS apply).\n"
        "Schedule lines (# starts a comment; R is A or A[OFF:LEN], in bytes):\n"
        "  stream S [blocking|nonblocking|per-thread]   predefined: legacy, per-thread\n"
        "  destroy-stream S\n"
        "  event E                  re-creates an existing event\n"
        "  destroy-event E\n"
        "  alloc A SIZE             cudaMalloc\n"
        "  alloc-async A SIZE S     cudaMallocAsync\n"
        "  free A                   cudaFree\n"
        "  free-async A S           cudaFreeAsync\n"
        "  launch S NAME [read R]... [write R]... [atomic R]...\n"
        "  memset S R\n"
        "  memcpy S DST_R SRC_R\n"
        "  host-func S\n"
        "  record E S\n"
        "  wait S E\n"
        "  sync-stream S | sync-event E | sync-device\n"
        "  query-stream S | query-event E   a query that returned cudaSuccess\n"
        "  advance S N              N empty operations on S\n"
        "  repeat N ... end         the lines in between, N times\n"
        "Exit status: 66 (CSAN_OPTIONS=exitcode) when races were reported, 0 when\n"
        "none, 2 for a malformed schedule, 1 for bad CSAN_OPTIONS.\n",
        out);
}

static char *read_all(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    cap *= 2;
    char *nb = realloc(buf, cap);
    if (!nb)
      free(buf);
    buf = nb;
  }
  if (buf && ferror(f)) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

/* ---- The reporter's environment ------------------------------------------ */

/* Operations come from the registry. A kernel's access has no device site
 * to say its size, so for the earlier operation of the entry being reported
 * the size is that of the access that made the record (by its site id);
 * the reporting access's size is in the entry itself. Range operations
 * (memset, memcpy, frees) are registered with their length. */
static bool rp_find_op(void *ctx, uint32_t slot, csan_epoch_t epoch, csan_op_info *out) {
  rp_world *w = ctx;
  if (!csan_ops_find(w->ops, slot, epoch, out))
    return false;
  const csan_race *e = w->reporting;
  if (e && out->kind == CSAN_OPK_KERNEL && CSAN_TAG_GET_SLOT(e->other) == slot &&
      CSAN_TAG_GET_EPOCH(e->other) == epoch && e->other_site >= 1 &&
      e->other_site <= w->nsites)
    out->bytes = w->site_len[e->other_site];
  return true;
}

typedef struct rp_sorted {
  csan_race e;
  uint64_t other_op; /* op id of the earlier operation, 0 when unknown */
} rp_sorted;

static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

static int cmp_sorted(const void *pa, const void *pb) {
  const rp_sorted *a = pa, *b = pb;
  int c;
  if ((c = cmp_u64(a->e.epoch | (uint64_t)a->e.slot << 32, b->e.epoch | (uint64_t)b->e.slot << 32)))
    return c;
  if ((c = cmp_u64(a->other_op, b->other_op)))
    return c;
  if ((c = cmp_u64(a->e.lo, b->e.lo)))
    return c;
  if ((c = cmp_u64(a->e.site, b->e.site)))
    return c;
  if ((c = cmp_u64(a->e.other_site, b->e.other_site)))
    return c;
  if ((c = cmp_u64(a->e.access, b->e.access)))
    return c;
  return cmp_u64(a->e.other, b->e.other);
}

void rp_drain(rp_world *w) {
  csan_race_table *t = csan_shadow_cpu_race_table(w->shadow);
  if (t->used == 0 && t->dropped == 0)
    return;
  uint32_t dropped = 0;
  uint32_t n = csan_shadow_cpu_races(w->shadow, w->drain_buf, w->drain_cap, NULL, &dropped);
  if (n > w->drain_cap)
    n = w->drain_cap;
  w->not_recorded += dropped;
  rp_sorted *v = calloc(n ? n : 1, sizeof(*v));
  if (!v) {
    fprintf(stderr, "csan-replay: out of memory\n");
    exit(RP_EXIT_USAGE);
  }
  for (uint32_t i = 0; i < n; i++) {
    v[i].e = w->drain_buf[i];
    csan_op_info info;
    if (csan_ops_find(w->ops, CSAN_TAG_GET_SLOT(v[i].e.other), CSAN_TAG_GET_EPOCH(v[i].e.other),
                      &info))
      v[i].other_op = info.op_id;
  }
  qsort(v, n, sizeof(*v), cmp_sorted);
  csan_shadow_cpu_clear_races(w->shadow);
  for (uint32_t i = 0; i < n && !csan_report_should_halt(w->reporter); i++) {
    w->reporting = &v[i].e;
    csan_report_races(w->reporter, &v[i].e, 1);
    w->reporting = NULL;
  }
  free(v);
  if (csan_report_should_halt(w->reporter))
    rp_finish(w);
}

void rp_finish(rp_world *w) {
  csan_shadow_pool_stats ps;
  csan_shadow_cpu_pool_stats(w->shadow, &ps);
  csan_report_notes notes = {w->not_recorded, ps.exhausted};
  int status = csan_report_finish(w->reporter, 0, &notes);
  csan_log_close();
  exit(status);
}

/* ---- main ---------------------------------------------------------------- */

int main(int argc, char **argv) {
  const char *file = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      usage(stdout);
      return 0;
    }
    if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "csan-replay: unknown option '%s'\n", argv[i]);
      usage(stderr);
      return RP_EXIT_USAGE;
    }
    if (file) {
      fprintf(stderr, "csan-replay: more than one schedule given ('%s', '%s')\n", file,
              argv[i]);
      return RP_EXIT_USAGE;
    }
    file = argv[i];
  }
  if (!file)
    file = "-";

  /* Start-up as the runtime does it: options, report stream, suppressions
   * (each exits with status 1 and a message on error). */
  rp_world w;
  memset(&w, 0, sizeof(w));
  csan_flags_init(&w.flags);
  csan_log_init(&w.flags);
  csan_suppressions *supp = csan_suppressions_init(w.flags.suppressions);

  bool is_stdin = !strcmp(file, "-");
  FILE *f = is_stdin ? stdin : fopen(file, "rb");
  size_t len = 0;
  char *text = f ? read_all(f, &len) : NULL;
  if (!text) {
    fprintf(stderr, "csan-replay: cannot read '%s': %s\n", file,
            errno ? strerror(errno) : "read error");
    return RP_EXIT_USAGE;
  }
  if (!is_stdin)
    fclose(f);

  rp_program prog;
  rp_parse(is_stdin ? "<stdin>" : file, text, len, &prog);
  free(text);
  w.nsites = prog.nsites;
  w.site_len = calloc((size_t)prog.nsites + 1, sizeof(*w.site_len));
  if (!w.site_len) {
    fprintf(stderr, "csan-replay: out of memory\n");
    return RP_EXIT_USAGE;
  }
  rp_execute(&prog, NULL, w.site_len); /* exits on a malformed schedule */

  /* pool_mb MiB of 128-byte escalation blocks, as on the device. */
  uint64_t blocks = (uint64_t)w.flags.pool_mb * ((1u << 20) / sizeof(csan_pool_block));
  w.shadow = csan_shadow_cpu_create(blocks >= UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)blocks,
                                    (uint32_t)w.flags.race_table_size);
  w.model = csan_model_create();
  w.ops = csan_ops_create(0);
  w.allocs = csan_allocs_create(0);
  w.drain_cap = (uint32_t)w.flags.race_table_size;
  w.drain_buf = calloc(w.drain_cap, sizeof(*w.drain_buf));
  if (!w.shadow || !w.model || !w.ops || !w.allocs || !w.drain_buf) {
    fprintf(stderr, "csan: ERROR: cannot allocate the shadow (pool_mb=%d, race_table_size=%d)\n",
            w.flags.pool_mb, w.flags.race_table_size);
    return 1;
  }
  csan_report_env env;
  memset(&env, 0, sizeof(env));
  env.ctx = &w;
  env.find_op = rp_find_op;
  env.ops = w.ops;
  env.allocs = w.allocs;
  w.reporter = csan_reporter_create(&w.flags, &env, supp);
  if (!w.reporter) {
    fprintf(stderr, "csan-replay: out of memory\n");
    return 1;
  }
  rp_execute(&prog, &w, w.site_len);
  rp_finish(&w);
}
