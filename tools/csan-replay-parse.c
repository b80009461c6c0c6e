/* csan-replay-parse.c: schedule text to commands.
 *
 * One command per line; `#` starts a comment anywhere on a line (except a
 * `#VARIANT:` prefix of the variant being run); blank lines are ignored;
 * words are separated by spaces or tabs. This file checks what
 * can be checked without running the schedule: the command, the number and
 * shape of its arguments, numbers, names and that repeat/end pair up. Names
 * are resolved when the schedule runs (csan-replay-exec.c).
 */
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_stack.h"

#define MAX_WORDS 256

/* ---- Errors ---------------------------------------------------------------
 * An error deep in the parser or the executor unwinds with longjmp to the
 * innermost rp_guarded call. The catch record is rp_guarded's own and is
 * not changed after setjmp, so nothing it reads after the jump is
 * indeterminate; what the guarded function must free lives in its
 * argument. */

typedef struct rp_catch {
  jmp_buf jb;
  rp_error *err;
  struct rp_catch *prev;
} rp_catch;

static _Thread_local rp_catch *g_catch;

void rp_die(const char *path, unsigned line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rp_catch *c = g_catch;
  if (!c) {
    fprintf(stderr, "csan-replay: %s:%u: ", path, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(RP_EXIT_USAGE);
  }
  c->err->path = path;
  c->err->line = line;
  if (vasprintf(&c->err->msg, fmt, ap) < 0)
    c->err->msg = NULL; /* rp_error_print says "out of memory" */
  va_end(ap);
  longjmp(c->jb, 1);
}

int rp_guarded(void (*fn)(void *arg), void *arg, rp_error *err) {
  rp_catch c;
  memset(err, 0, sizeof(*err));
  c.err = err;
  c.prev = g_catch;
  g_catch = &c;
  if (setjmp(c.jb)) {
    g_catch = c.prev;
    return -1;
  }
  fn(arg);
  g_catch = c.prev;
  return 0;
}

void rp_error_print(const rp_error *err) {
  fprintf(stderr, "csan-replay: %s:%u: %s\n", err->path, err->line,
          err->msg ? err->msg : "out of memory");
}

void rp_error_free(rp_error *err) {
  free(err->msg);
  err->msg = NULL;
}

/* Every command: its name, its argument count range (not counting the
 * command word; launch has no upper bound), and its usage line. */
typedef struct rp_syntax {
  const char *word;
  rp_op op;
  size_t min_args, max_args;
  const char *usage;
} rp_syntax;

static const rp_syntax k_syntax[] = {
    {"stream", RP_STREAM, 1, 2, "stream S [blocking|nonblocking|per-thread]"},
    {"destroy-stream", RP_DESTROY_STREAM, 1, 1, "destroy-stream S"},
    {"event", RP_EVENT, 1, 1, "event E"},
    {"destroy-event", RP_DESTROY_EVENT, 1, 1, "destroy-event E"},
    {"alloc", RP_ALLOC, 2, 2, "alloc A SIZE"},
    {"alloc-async", RP_ALLOC_ASYNC, 3, 3, "alloc-async A SIZE S"},
    {"free", RP_FREE, 1, 1, "free A"},
    {"free-async", RP_FREE_ASYNC, 2, 2, "free-async A S"},
    {"launch", RP_LAUNCH, 2, MAX_WORDS,
     "launch S NAME [[waited-]read R]... [[waited-]write R]... [[waited-]atomic R]..."},
    {"memset", RP_MEMSET, 2, 2, "memset S R"},
    {"memcpy", RP_MEMCPY, 3, 3, "memcpy S DST_R SRC_R"},
    {"host-func", RP_HOST_FUNC, 1, 1, "host-func S"},
    {"advance", RP_ADVANCE, 2, 2, "advance S N"},
    {"record", RP_RECORD, 2, 2, "record E S"},
    {"wait", RP_WAIT, 2, 2, "wait S E"},
    {"sync-stream", RP_SYNC_STREAM, 1, 1, "sync-stream S"},
    {"sync-event", RP_SYNC_EVENT, 1, 1, "sync-event E"},
    {"sync-device", RP_SYNC_DEVICE, 0, 0, "sync-device"},
    {"query-stream", RP_QUERY_STREAM, 1, 1, "query-stream S"},
    {"query-event", RP_QUERY_EVENT, 1, 1, "query-event E"},
    {"repeat", RP_REPEAT, 1, 1, "repeat N"},
    {"end", RP_END, 0, 0, "end"},
    {"graph", RP_GRAPH, 1, 1, "graph G"},
    {"node", RP_NODE, 3, MAX_WORDS, "node G N [after N1,N2,...] BODY"},
    {"edge", RP_EDGE, 3, 4, "edge G FROM TO [programmatic]"},
    {"clone", RP_CLONE, 2, 2, "clone G SRC"},
    {"capture-begin", RP_CAPTURE_BEGIN, 1, 4,
     "capture-begin S [global|thread-local|relaxed] [to=G [after=N1,...]]"},
    {"capture-end", RP_CAPTURE_END, 2, 2, "capture-end S G"},
    {"capture-deps", RP_CAPTURE_DEPS, 2, 3, "capture-deps S set|add [N1,N2,...]"},
    {"instantiate", RP_INSTANTIATE, 2, 3, "instantiate X G [auto-free]"},
    {"graph-launch", RP_GRAPH_LAUNCH, 2, 2, "graph-launch X S"},
    {"exec-set", RP_EXEC_SET, 3, MAX_WORDS, "exec-set X N BODY"},
    {"exec-update", RP_EXEC_UPDATE, 2, 2, "exec-update X G"},
    {"destroy-exec", RP_DESTROY_EXEC, 1, 1, "destroy-exec X"},
};

/* The parser's state; rp_parse frees what it holds, also after an error. */
typedef struct parser {
  const char *path;
  unsigned line;
  rp_program *prog;
  size_t cap; /* of prog->cmds, open and body */
  const char *text, *variant;
  size_t len;
  char *copy; /* of the text, cut into words */
  /* The repeats not yet ended (indices), and for each the commands its
   * body runs so far (one iteration); `dead` counts those that run no
   * times. */
  size_t *open;
  uint64_t *body;
  size_t nopen, dead;
} parser;

/* Numbers: decimal or 0x-hexadecimal, with an optional binary suffix K, M
 * or G. */
static uint64_t parse_num(parser *ps, const char *what, const char *s) {
  const char *p = s;
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  }
  if (!isxdigit((unsigned char)*p) || (base == 10 && !isdigit((unsigned char)*p)))
    rp_die(ps->path, ps->line, "bad number '%s' for %s", s, what);
  errno = 0;
  char *end;
  unsigned long long v = strtoull(p, &end, base);
  unsigned shift = 0;
  if (*end == 'K' || *end == 'k')
    shift = 10;
  else if (*end == 'M' || *end == 'm')
    shift = 20;
  else if (*end == 'G' || *end == 'g')
    shift = 30;
  if (shift)
    end++;
  if (errno || *end || (shift && (v >> (64 - shift))))
    rp_die(ps->path, ps->line, "bad number '%s' for %s", s, what);
  return (uint64_t)v << shift;
}

/* Stream, event and allocation names: letters, digits and _ . - $. */
static const char *parse_name(parser *ps, const char *what, const char *s, size_t n) {
  if (n == 0)
    rp_die(ps->path, ps->line, "missing %s name", what);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!isalnum(c) && c != '_' && c != '.' && c != '-' && c != '$')
      rp_die(ps->path, ps->line, "bad %s name '%.*s' (use letters, digits, _ . - $)", what,
             (int)n, s);
  }
  char buf[512];
  if (n >= sizeof(buf))
    rp_die(ps->path, ps->line, "%s name too long", what);
  memcpy(buf, s, n);
  buf[n] = '\0';
  return csan_intern(buf);
}

/* `A` or `A[OFF:LEN]`. */
static rp_range parse_range(parser *ps, const char *s, uint32_t access) {
  rp_range r;
  memset(&r, 0, sizeof(r));
  r.access = access;
  r.site = ++ps->prog->nsites;
  const char *br = strchr(s, '[');
  if (!br) {
    r.alloc = parse_name(ps, "allocation", s, strlen(s));
    r.whole = true;
    return r;
  }
  r.alloc = parse_name(ps, "allocation", s, (size_t)(br - s));
  size_t n = strlen(br);
  const char *colon = strchr(br, ':');
  if (br[n - 1] != ']' || !colon)
    rp_die(ps->path, ps->line, "bad range '%s' (expected A or A[OFF:LEN])", s);
  char off[64], len[64];
  size_t lo = (size_t)(colon - br - 1), ll = (size_t)(br + n - 1 - colon - 1);
  if (lo == 0 || ll == 0 || lo >= sizeof(off) || ll >= sizeof(len))
    rp_die(ps->path, ps->line, "bad range '%s' (expected A or A[OFF:LEN])", s);
  memcpy(off, br + 1, lo);
  off[lo] = '\0';
  memcpy(len, colon + 1, ll);
  len[ll] = '\0';
  r.off = parse_num(ps, "a range offset", off);
  r.len = parse_num(ps, "a range length", len);
  if (r.len == 0)
    rp_die(ps->path, ps->line, "empty range '%s'", s);
  return r;
}

static rp_range *ranges_new(parser *ps, size_t n) {
  rp_range *r = calloc(n ? n : 1, sizeof(*r));
  if (!r)
    rp_die(ps->path, ps->line, "out of memory");
  return r;
}

#define NAME(what, i) parse_name(ps, what, w[i], strlen(w[i]))

/* stream S [blocking|nonblocking|per-thread] */
static void parse_stream(parser *ps, char **w, size_t nargs, rp_cmd *c) {
  c->stream = NAME("stream", 1);
  c->kind = CSAN_STREAM_BLOCKING;
  if (nargs < 2)
    return;
  if (!strcmp(w[2], "blocking"))
    c->kind = CSAN_STREAM_BLOCKING;
  else if (!strcmp(w[2], "nonblocking"))
    c->kind = CSAN_STREAM_NONBLOCKING;
  else if (!strcmp(w[2], "per-thread"))
    c->kind = CSAN_STREAM_PER_THREAD;
  else
    rp_die(ps->path, ps->line,
           "unknown stream kind '%s' (expected blocking, nonblocking or per-thread)", w[2]);
}

/* alloc A SIZE | alloc-async A SIZE S | free A | free-async A S */
static void parse_alloc(parser *ps, char **w, rp_cmd *c) {
  c->alloc = NAME("allocation", 1);
  switch (c->op) {
  case RP_ALLOC:
  case RP_ALLOC_ASYNC:
    c->num = parse_num(ps, "an allocation size", w[2]);
    if (c->num == 0)
      rp_die(ps->path, ps->line, "allocation size must be positive");
    if (c->op == RP_ALLOC_ASYNC) {
      c->stream = NAME("stream", 3);
      c->site = ++ps->prog->nsites;
    }
    break;
  default: /* RP_FREE, RP_FREE_ASYNC */
    if (c->op == RP_FREE_ASYNC)
      c->stream = NAME("stream", 2);
    c->site = ++ps->prog->nsites;
    break;
  }
}

/* launch S NAME [read R]... [write R]... [atomic R]... */
static void parse_launch(parser *ps, char **w, size_t nw, rp_cmd *c) {
  size_t nargs = nw - 1;
  c->stream = NAME("stream", 1);
  c->kernel = csan_intern(w[2]);
  if ((nargs - 2) % 2)
    rp_die(ps->path, ps->line,
           "'%s' lacks a range (usage: read R, write R or atomic R; R is A or A[OFF:LEN])",
           w[nw - 1]);
  c->nranges = (nargs - 2) / 2;
  c->ranges = ranges_new(ps, c->nranges);
  for (size_t i = 0; i < c->nranges; i++) {
    const char *kw = w[3 + 2 * i];
    /* waited-read, ...: the access comes after the kernel's wait on its
     * grid dependencies (what a programmatic edge orders). */
    bool waited = !strncmp(kw, "waited-", 7);
    if (waited)
      kw += 7;
    uint32_t acc;
    if (!strcmp(kw, "read"))
      acc = CSAN_ACC_READ;
    else if (!strcmp(kw, "write"))
      acc = CSAN_ACC_WRITE;
    else if (!strcmp(kw, "atomic"))
      acc = CSAN_ACC_ATOMIC | CSAN_ACC_WRITE; /* an atomic read-modify-write */
    else
      rp_die(ps->path, ps->line,
             "expected read, write or atomic (or waited-read, waited-write, waited-atomic), "
             "got '%s'",
             w[3 + 2 * i]);
    c->ranges[i] = parse_range(ps, w[4 + 2 * i], acc);
    c->ranges[i].after_wait = waited;
  }
}

/* memset S R | memcpy S DST_R SRC_R */
static void parse_memop(parser *ps, char **w, rp_cmd *c) {
  c->stream = NAME("stream", 1);
  if (c->op == RP_MEMSET) {
    c->nranges = 1;
    c->ranges = ranges_new(ps, 1);
    c->ranges[0] = parse_range(ps, w[2], CSAN_ACC_WRITE);
    return;
  }
  c->nranges = 2;
  c->ranges = ranges_new(ps, 2);
  /* The source is read before the destination is written. */
  c->ranges[0] = parse_range(ps, w[3], CSAN_ACC_READ);
  c->ranges[1] = parse_range(ps, w[2], CSAN_ACC_WRITE);
  if (!c->ranges[0].whole && !c->ranges[1].whole && c->ranges[0].len != c->ranges[1].len)
    rp_die(ps->path, ps->line, "memcpy of %llu bytes into %llu bytes",
           (unsigned long long)c->ranges[0].len, (unsigned long long)c->ranges[1].len);
}

/* ---- Graph commands -------------------------------------------------------
 * A node's body is written as the stream command it would be, without the
 * stream: `kernel NAME [read R]...`, `memset R`, `memcpy DST SRC`, `host`,
 * `record E`, `wait E`, `alloc A SIZE`, `free A`, and the node-only
 * `empty`, `child G`, `conditional`, `device-launch`. The body's fields are
 * parsed by the stream commands' own parsers. */

/* `N1,N2,...` */
static void parse_deps(parser *ps, const char *list, rp_cmd *c) {
  size_t n = 1;
  for (const char *p = list; *p; p++)
    n += *p == ',';
  c->deps = calloc(n, sizeof(*c->deps));
  if (!c->deps)
    rp_die(ps->path, ps->line, "out of memory");
  const char *p = list;
  for (size_t i = 0; i < n; i++) {
    const char *q = strchr(p, ',');
    size_t len = q ? (size_t)(q - p) : strlen(p);
    c->deps[c->ndeps++] = parse_name(ps, "node", p, len);
    p = q ? q + 1 : p + len;
  }
}

#define GRAPH_BODY_USAGE                                                                      \
  "kernel NAME [read R]..., memset R, memcpy DST SRC, host, record E, wait E, alloc A SIZE, " \
  "free A, empty, child G, conditional or device-launch"

/* w[0..nw) is the body: `KIND ARGS...`. */
static void parse_body(parser *ps, char **w, size_t nw, rp_cmd *c) {
  if (nw == 0)
    rp_die(ps->path, ps->line, "missing node body (%s)", GRAPH_BODY_USAGE);
  /* The stream parsers read w[1] as the stream: a placeholder goes there. */
  char *v[MAX_WORDS + 3];
  char graph_word[] = "graph";
  v[0] = w[0];
  v[1] = graph_word;
  for (size_t i = 1; i < nw; i++)
    v[i + 1] = w[i];
  size_t nv = nw + 1;
  const char *k = w[0];
  size_t nargs = nw - 1;
#define WANT(n, use)                                                                           \
  do {                                                                                         \
    if (nargs != (n))                                                                          \
      rp_die(ps->path, ps->line, "wrong number of arguments for node body '%s' (usage: %s)", k, \
             use);                                                                             \
  } while (0)
  if (!strcmp(k, "kernel")) {
    if (nargs < 1)
      rp_die(ps->path, ps->line, "node body 'kernel' needs a kernel name");
    c->body = RP_LAUNCH;
    parse_launch(ps, v, nv, c);
  } else if (!strcmp(k, "memset")) {
    WANT(1, "memset R");
    c->body = c->op = RP_MEMSET;
    parse_memop(ps, v, c);
  } else if (!strcmp(k, "memcpy")) {
    WANT(2, "memcpy DST SRC");
    c->body = c->op = RP_MEMCPY;
    parse_memop(ps, v, c);
  } else if (!strcmp(k, "host")) {
    WANT(0, "host");
    c->body = RP_HOST_FUNC;
  } else if (!strcmp(k, "record") || !strcmp(k, "wait")) {
    WANT(1, k[0] == 'r' ? "record E" : "wait E");
    c->body = k[0] == 'r' ? RP_RECORD : RP_WAIT;
    c->event = parse_name(ps, "event", w[1], strlen(w[1]));
  } else if (!strcmp(k, "alloc")) {
    WANT(2, "alloc A SIZE");
    char *a[4] = {w[0], w[1], w[2], graph_word};
    c->body = c->op = RP_ALLOC_ASYNC;
    parse_alloc(ps, a, c);
  } else if (!strcmp(k, "free")) {
    WANT(1, "free A");
    char *a[3] = {w[0], w[1], graph_word};
    c->body = c->op = RP_FREE_ASYNC;
    parse_alloc(ps, a, c);
  } else if (!strcmp(k, "empty")) {
    WANT(0, "empty");
    c->body = RP_NODE_EMPTY;
  } else if (!strcmp(k, "child")) {
    WANT(1, "child G");
    c->body = RP_NODE_CHILD;
    c->graph2 = parse_name(ps, "graph", w[1], strlen(w[1]));
  } else if (!strcmp(k, "conditional") || !strcmp(k, "device-launch")) {
    WANT(0, k);
    c->body = RP_NODE_UNCHECKED;
    c->kernel = csan_intern(k);
  } else {
    rp_die(ps->path, ps->line, "unknown node body '%s' (expected %s)", k, GRAPH_BODY_USAGE);
  }
#undef WANT
  c->stream = NULL;
}

/* node G N [after N1,...] BODY | exec-set X N BODY */
static void parse_node(parser *ps, char **w, size_t nw, rp_cmd *c) {
  rp_op op = c->op;
  if (op == RP_NODE)
    c->graph = parse_name(ps, "graph", w[1], strlen(w[1]));
  else
    c->exec = parse_name(ps, "exec", w[1], strlen(w[1]));
  c->node = parse_name(ps, "node", w[2], strlen(w[2]));
  size_t at = 3;
  if (op == RP_NODE && nw > 4 && !strcmp(w[3], "after")) {
    parse_deps(ps, w[4], c);
    at = 5;
  }
  parse_body(ps, w + at, nw - at, c);
  c->op = op;
}

/* capture-begin S [global|thread-local|relaxed] [to=G [after=N1,...]] */
static void parse_capture_begin(parser *ps, char **w, size_t nargs, rp_cmd *c) {
  c->stream = parse_name(ps, "stream", w[1], strlen(w[1]));
  c->mode = RP_CAPTURE_GLOBAL;
  for (size_t i = 2; i <= nargs; i++) {
    if (!strcmp(w[i], "global"))
      c->mode = RP_CAPTURE_GLOBAL;
    else if (!strcmp(w[i], "thread-local"))
      c->mode = RP_CAPTURE_THREAD_LOCAL;
    else if (!strcmp(w[i], "relaxed"))
      c->mode = RP_CAPTURE_RELAXED;
    else if (!strncmp(w[i], "to=", 3))
      c->graph = parse_name(ps, "graph", w[i] + 3, strlen(w[i] + 3));
    else if (!strncmp(w[i], "after=", 6) && !c->deps)
      parse_deps(ps, w[i] + 6, c);
    else
      rp_die(ps->path, ps->line,
             "unknown capture option '%s' (expected global, thread-local, relaxed, to=G or "
             "after=N1,...)",
             w[i]);
  }
  if (c->deps && !c->graph)
    rp_die(ps->path, ps->line, "after= needs to=G (the nodes of G the capture starts after)");
}

/* The words of one command (the command word is w[0]). */
static void parse_command(parser *ps, char **w, size_t nw, rp_cmd *c) {
  const rp_syntax *syn = NULL;
  for (size_t i = 0; i < sizeof(k_syntax) / sizeof(k_syntax[0]); i++)
    if (!strcmp(w[0], k_syntax[i].word))
      syn = &k_syntax[i];
  if (!syn)
    rp_die(ps->path, ps->line, "unknown command '%s'", w[0]);
  size_t nargs = nw - 1;
  if (nargs < syn->min_args || nargs > syn->max_args)
    rp_die(ps->path, ps->line, "wrong number of arguments for '%s' (usage: %s)", syn->word,
           syn->usage);
  c->op = syn->op;
  c->line = ps->line;
  switch (c->op) {
  case RP_STREAM:
    parse_stream(ps, w, nargs, c);
    break;
  case RP_DESTROY_STREAM:
  case RP_HOST_FUNC:
  case RP_SYNC_STREAM:
  case RP_QUERY_STREAM:
    c->stream = NAME("stream", 1);
    break;
  case RP_EVENT:
  case RP_DESTROY_EVENT:
  case RP_SYNC_EVENT:
  case RP_QUERY_EVENT:
    c->event = NAME("event", 1);
    break;
  case RP_ALLOC:
  case RP_ALLOC_ASYNC:
  case RP_FREE:
  case RP_FREE_ASYNC:
    parse_alloc(ps, w, c);
    break;
  case RP_LAUNCH:
    parse_launch(ps, w, nw, c);
    break;
  case RP_MEMSET:
  case RP_MEMCPY:
    parse_memop(ps, w, c);
    break;
  case RP_ADVANCE:
    c->stream = NAME("stream", 1);
    c->num = parse_num(ps, "an operation count", w[2]);
    if (c->num == 0 || c->num > UINT32_MAX)
      rp_die(ps->path, ps->line, "advance count must be in [1, %u]", UINT32_MAX);
    break;
  case RP_RECORD:
    c->event = NAME("event", 1);
    c->stream = NAME("stream", 2);
    break;
  case RP_WAIT:
    c->stream = NAME("stream", 1);
    c->event = NAME("event", 2);
    break;
  case RP_SYNC_DEVICE:
  case RP_END:
    break;
  case RP_REPEAT:
    c->num = parse_num(ps, "a repeat count", w[1]);
    if (c->num > UINT32_MAX)
      rp_die(ps->path, ps->line, "repeat count must be at most %u", UINT32_MAX);
    break;
  case RP_GRAPH:
    c->graph = NAME("graph", 1);
    break;
  case RP_NODE:
  case RP_EXEC_SET:
    parse_node(ps, w, nw, c);
    break;
  case RP_EDGE:
    c->graph = NAME("graph", 1);
    parse_deps(ps, w[2], c);
    if (c->ndeps != 1)
      rp_die(ps->path, ps->line, "edge takes one source node");
    c->node = NAME("node", 3);
    if (nargs == 4 && strcmp(w[4], "programmatic"))
      rp_die(ps->path, ps->line, "unknown edge option '%s' (expected programmatic)", w[4]);
    c->num = nargs == 4; /* a programmatic (PDL) dependency */
    break;
  case RP_CLONE:
    c->graph = NAME("graph", 1);
    c->graph2 = NAME("graph", 2);
    break;
  case RP_CAPTURE_BEGIN:
    parse_capture_begin(ps, w, nargs, c);
    break;
  case RP_CAPTURE_END:
    c->stream = NAME("stream", 1);
    c->graph = NAME("graph", 2);
    break;
  case RP_CAPTURE_DEPS: /* cudaStreamUpdateCaptureDependencies */
    c->stream = NAME("stream", 1);
    if (strcmp(w[2], "set") && strcmp(w[2], "add"))
      rp_die(ps->path, ps->line, "capture-deps takes 'set' or 'add', not '%s'", w[2]);
    c->set = !strcmp(w[2], "set");
    if (nargs == 3)
      parse_deps(ps, w[3], c);
    break;
  case RP_INSTANTIATE:
  case RP_EXEC_UPDATE:
    c->exec = NAME("exec", 1);
    c->graph = NAME("graph", 2);
    if (nargs == 3) {
      if (c->op != RP_INSTANTIATE || strcmp(w[3], "auto-free"))
        rp_die(ps->path, ps->line, "unknown instantiate option '%s' (expected auto-free)", w[3]);
      c->num = 1; /* cudaGraphInstantiateFlagAutoFreeOnLaunch */
    }
    break;
  case RP_GRAPH_LAUNCH:
    c->exec = NAME("exec", 1);
    c->stream = NAME("stream", 2);
    break;
  case RP_DESTROY_EXEC:
    c->exec = NAME("exec", 1);
    break;
  default:
    break;
  }
}
#undef NAME

/* A line `#VARIANT: text` (at the start of the line) is `text` when the
 * schedule runs as that variant (csan-replay --variant=VARIANT), and a
 * comment otherwise: one file holds a race and its fixed twin. */
static char *variant_line(char *p, const char *variant) {
  size_t n = variant ? strlen(variant) : 0;
  if (n && p[0] == '#' && !strncmp(p + 1, variant, n) && p[1 + n] == ':')
    return p + 2 + n;
  return p;
}

/* ---- Counting the work ------------------------------------------------------
 * Each command a run executes is a step, and so is each `repeat` and `end`
 * it passes: `repeat N` with a body of B steps runs 1 + N * (B + 1) steps,
 * `repeat 0` one. Both runs take that path, so the count bounds the work
 * before it starts. Sums saturate instead of wrapping. */

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static uint64_t sat_mul(uint64_t a, uint64_t b) {
  return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* n more steps where the parser is: in the innermost open loop's body, or
 * in the schedule itself. */
static void add_steps(parser *ps, uint64_t n) {
  if (ps->nopen) {
    ps->body[ps->nopen - 1] = sat_add(ps->body[ps->nopen - 1], n);
    return;
  }
  ps->prog->steps = sat_add(ps->prog->steps, n);
  if (ps->prog->steps > ps->prog->limits.max_steps)
    rp_die(ps->path, ps->line,
           "the schedule runs more than %llu commands in all (csan-replay's limit; each "
           "time a loop runs a line counts)",
           (unsigned long long)ps->prog->limits.max_steps);
}

/* The `end` of the innermost open loop: its steps go to the enclosing
 * body. A loop inside one that never runs is not limited (it never runs
 * either, and the dry run checks it once). */
static void end_loop(parser *ps) {
  const rp_cmd *r = &ps->prog->cmds[ps->open[--ps->nopen]];
  uint64_t steps = 1 + sat_mul(r->num, sat_add(ps->body[ps->nopen], 1));
  if (r->num == 0)
    ps->dead--;
  else if (!ps->dead && steps > ps->prog->limits.max_steps)
    rp_die(ps->path, r->line,
           "this loop runs more than %llu commands in all (csan-replay's limit; loops "
           "multiply)",
           (unsigned long long)ps->prog->limits.max_steps);
  add_steps(ps, steps);
}

/* ---- Lines ------------------------------------------------------------------ */

/* A new command slot, zeroed and counted in prog->ncmds at once, so that
 * rp_program_free frees what a failing command had allocated. */
static rp_cmd *new_cmd(parser *ps) {
  rp_program *prog = ps->prog;
  if (prog->ncmds == ps->cap) {
    size_t cap = ps->cap ? 2 * ps->cap : 64;
    rp_cmd *cmds = realloc(prog->cmds, cap * sizeof(*cmds));
    if (cmds)
      prog->cmds = cmds;
    size_t *open = realloc(ps->open, cap * sizeof(*open));
    if (open)
      ps->open = open;
    uint64_t *body = realloc(ps->body, cap * sizeof(*body));
    if (body)
      ps->body = body;
    if (!cmds || !open || !body)
      rp_die(ps->path, ps->line, "out of memory");
    ps->cap = cap;
  }
  rp_cmd *c = &prog->cmds[prog->ncmds++];
  memset(c, 0, sizeof(*c));
  return c;
}

/* Pairs repeat and end like brackets, and counts the steps. */
static void nest(parser *ps, rp_cmd *c) {
  rp_program *prog = ps->prog;
  size_t idx = (size_t)(c - prog->cmds);
  if (c->op == RP_REPEAT) {
    ps->open[ps->nopen] = idx;
    ps->body[ps->nopen++] = 0;
    if (c->num == 0)
      ps->dead++;
  } else if (c->op == RP_END) {
    if (ps->nopen == 0)
      rp_die(ps->path, ps->line, "'end' without 'repeat'");
    size_t r = ps->open[ps->nopen - 1];
    c->match = r;
    prog->cmds[r].match = idx;
    end_loop(ps);
  } else {
    add_steps(ps, 1);
  }
}

static void parse_lines(void *arg) {
  parser *ps = arg;
  rp_program *out = ps->prog;
  size_t len = ps->len;
  ps->copy = malloc(len + 1);
  if (!ps->copy)
    rp_die(ps->path, 0, "out of memory");
  char *copy = ps->copy;
  memcpy(copy, ps->text, len);
  copy[len] = '\0';
  char *p = copy;
  while (p < copy + len) {
    ps->line++;
    char *eol = memchr(p, '\n', (size_t)(copy + len - p));
    char *next = eol ? eol + 1 : copy + len;
    if (eol)
      *eol = '\0';
    if (memchr(p, '\0', (size_t)((eol ? eol : copy + len) - p)))
      rp_die(ps->path, ps->line, "NUL byte in the schedule");
    char *line = p;
    p = next;
    line = variant_line(line, ps->variant);
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    char *w[MAX_WORDS + 2];
    size_t nw = 0;
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r\f\v", &save); tok;
         tok = strtok_r(NULL, " \t\r\f\v", &save)) {
      if (nw == MAX_WORDS + 1)
        rp_die(ps->path, ps->line, "too many words (at most %d)", MAX_WORDS);
      w[nw++] = tok;
    }
    if (nw == 0)
      continue;
    rp_cmd *c = new_cmd(ps);
    parse_command(ps, w, nw, c);
    nest(ps, c);
  }
  if (ps->nopen)
    rp_die(ps->path, out->cmds[ps->open[ps->nopen - 1]].line, "'repeat' without 'end'");
}

int rp_parse(const char *path, const char *text, size_t len, const char *variant,
             const rp_limits *limits, rp_program *out, rp_error *err) {
  memset(out, 0, sizeof(*out));
  out->path = csan_intern(path);
  out->limits = limits ? *limits : (rp_limits){RP_MAX_STEPS, RP_MAX_BYTES};
  parser ps;
  memset(&ps, 0, sizeof(ps));
  ps.path = out->path;
  ps.prog = out;
  ps.text = text;
  ps.len = len;
  ps.variant = variant;
  int rc = rp_guarded(parse_lines, &ps, err);
  free(ps.open);
  free(ps.body);
  free(ps.copy);
  if (rc != 0)
    rp_program_free(out);
  return rc;
}

void rp_program_free(rp_program *p) {
  for (size_t i = 0; i < p->ncmds; i++) {
    free(p->cmds[i].ranges);
    free(p->cmds[i].deps);
  }
  free(p->cmds);
  memset(p, 0, sizeof(*p));
}
