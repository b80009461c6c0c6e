/* csan-replay: runs a schedule of CUDA stream operations through csan's
 * happens-before model and shadow engine, and reports races as a real run
 * of an instrumented program would.
 *
 *   csan-replay [--variant=V] [FILE|-]   (no FILE, or -: the schedule on stdin)
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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_stack.h"
#include "csan_suppress.h"

_Static_assert(RP_MAX_STEPS == 16777216 && RP_MAX_BYTES == 256ull << 20,
               "usage() and README.md state the limits");

static void usage(FILE *out) {
  fputs("usage: csan-replay [--variant=V] [FILE|-]\n"
        "Runs a schedule of CUDA stream operations through csan's model and shadow\n"
        "engine and reports races as a real run would (CSAN_OPTIONS apply).\n"
        "--variant=V reads lines that begin `#V:` as schedule lines (one file can\n"
        "hold a race and its fixed twin); otherwise they are comments.\n"
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
        "  repeat N ... end         the lines in between, N times (loops nest)\n"
        "A schedule runs at most 16777216 commands, counting each time a loop runs a\n"
        "line (repeat and end included), and allocates at most 256 MiB in all; the\n"
        "whole schedule, lines of `repeat 0` loops included, is checked first.\n"
        "Exit status: 66 (CSAN_OPTIONS=exitcode) when races were reported, 0 when\n"
        "none, 2 for a malformed schedule (or one over the limits), 1 for bad\n"
        "CSAN_OPTIONS.\n",
        out);
}

/* A malformed schedule: its message, and exit status 2. */
static void die_error(rp_error *err) __attribute__((noreturn));
static void die_error(rp_error *err) {
  rp_error_print(err);
  rp_error_free(err);
  exit(RP_EXIT_USAGE);
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

/* ---- main ---------------------------------------------------------------- */

/* The command line: the schedule's path ("-": stdin) and the variant (or
 * null). Exits for --help and on a bad command line. */
static void parse_args(int argc, char **argv, const char **file, const char **variant) {
  *file = NULL;
  *variant = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      usage(stdout);
      exit(0);
    }
    if (!strncmp(argv[i], "--variant=", 10)) {
      const char *v = argv[i] + 10;
      bool ok = *v != '\0';
      for (const char *c = v; *c; c++)
        ok &= (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_';
      if (!ok) {
        fprintf(stderr, "csan-replay: bad variant '%s' (use lower-case letters, digits, - _)\n",
                v);
        exit(RP_EXIT_USAGE);
      }
      *variant = v;
      continue;
    }
    if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "csan-replay: unknown option '%s'\n", argv[i]);
      usage(stderr);
      exit(RP_EXIT_USAGE);
    }
    if (*file) {
      fprintf(stderr, "csan-replay: more than one schedule given ('%s', '%s')\n", *file,
              argv[i]);
      exit(RP_EXIT_USAGE);
    }
    *file = argv[i];
  }
  if (!*file)
    *file = "-";
}

/* Reads and parses the schedule (exits on an unreadable or malformed
 * one). */
static void read_schedule(const char *file, const char *variant, rp_program *prog) {
  bool is_stdin = !strcmp(file, "-");
  FILE *f = is_stdin ? stdin : fopen(file, "rb");
  size_t len = 0;
  char *text = f ? read_all(f, &len) : NULL;
  if (!text) {
    fprintf(stderr, "csan-replay: cannot read '%s': %s\n", file,
            errno ? strerror(errno) : "read error");
    exit(RP_EXIT_USAGE);
  }
  if (!is_stdin)
    fclose(f);
  rp_error err;
  int rc = rp_parse(is_stdin ? "<stdin>" : file, text, len, variant, NULL, prog, &err);
  free(text);
  if (rc != 0)
    die_error(&err);
}

/* What the real run works on (exits when out of memory). */
static void make_world(rp_world *w, csan_suppressions *supp) {
  switch (rp_world_open(w, supp)) {
  case RP_WORLD_OK:
    return;
  case RP_WORLD_NO_SHADOW:
    fprintf(stderr, "csan: ERROR: cannot allocate the shadow (pool_mb=%d, race_table_size=%d)\n",
            w->flags.pool_mb, w->flags.race_table_size);
    exit(1);
  case RP_WORLD_NO_REPORTER:
    fprintf(stderr, "csan-replay: out of memory\n");
    exit(1);
  }
}

int main(int argc, char **argv) {
  const char *file, *variant;
  parse_args(argc, argv, &file, &variant);

  /* Start-up as the runtime does it: options, report stream, suppressions
   * (each exits with status 1 and a message on error). */
  rp_world w;
  memset(&w, 0, sizeof(w));
  csan_flags_init(&w.flags);
  csan_log_init(&w.flags);
  csan_suppressions *supp = csan_suppressions_init(w.flags.suppressions);

  rp_program prog;
  read_schedule(file, variant, &prog);
  w.nsites = prog.nsites;
  w.site_len = calloc((size_t)prog.nsites + 1, sizeof(*w.site_len));
  if (!w.site_len) {
    fprintf(stderr, "csan-replay: out of memory\n");
    return RP_EXIT_USAGE;
  }
  rp_error err;
  if (rp_execute(&prog, NULL, w.site_len, &err) != 0) /* the dry run */
    die_error(&err);
  make_world(&w, supp);
  if (rp_execute(&prog, &w, w.site_len, &err) != 0)
    die_error(&err);
  rp_finish(&w);
}
