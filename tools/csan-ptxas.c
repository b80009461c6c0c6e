/* csan-ptxas: the ptxas that csan-clang gives clang (--ptxas-path), so that csan's slow path is assembled once per
 * module instead of once per kernel (issue 14; DESIGN.md, "Device cost").
 *
 * In a whole-program compile ptxas gives every kernel a private copy of each
 * function it can call: every twin would carry the device runtime's
 * out-of-line functions (~60 KB of SASS on sm_90). Under -csan-runtime-object the
 * plugin gives those functions external names (csan_abi.h, CSAN_OOL_PREFIX)
 * and this program assembles the module in two parts and links them:
 *
 *   1. the module's PTX without the bodies of the CSAN_OOL_PREFIX functions
 *      (their definitions become .extern declarations), with the real ptxas,
 *      the options clang gave and -c, into a relocatable object (with
 *      CSAN_RAISE_TWIN_CAPS=1, again if a twin capped at 32 registers has an
 *      original that uses more: with the original's registers as the twin's
 *      cap, raise_twin_caps);
 *   2. <prefix>/lib/CSAN_RT_OBJECT_PTX_NAME, the same functions on their own,
 *      with ptxas -c -O3 --device-function-maxrregcount=<cap> (32, the twins'
 *      own cap, or the user's --maxrregcount when lower): a twin's registers
 *      are the most any function it calls uses;
 *   3. nvlink of the two into the executable cubin clang asked for.
 *
 * The PTX file itself is left as it is: clang embeds it in the fatbinary for
 * JIT on newer GPUs, and with the bodies it is a complete program.
 *
 * A relocatable compile (-c: -fgpu-rdc) is split the same way, the runtime's
 * functions made weak, and step 3 is a relocatable link (nvlink -r): each
 * object carries the capped runtime, and the device link keeps one copy.
 * Without it each object's runtime functions were internal and uncapped,
 * and a twin took their registers (212 and more: blocks above 256 threads
 * could not launch it).
 *
 * Anything else goes to the real ptxas unchanged (it then copies the runtime
 * into each kernel, as before): commands that compile no PTX file or in
 * another mode (-ewp, --entry, ...), modules with no CSAN_OOL_PREFIX
 * function, and whole-program modules that define device functions of their
 * own (-O0, or __noinline__): ptxas -c would compile such a function once,
 * without the register bounds of the kernels that call it, which a kernel
 * with launch bounds or a twin with its cap could then not link with. (Under
 * -fgpu-rdc that is how the user's functions are compiled anyway, and twins
 * have no cap.) With a warning, the same happens when nvlink is missing,
 * when a runtime function's end cannot be found, and when assembling the
 * runtime object or the link fails: the module's PTX is complete, so the
 * real ptxas can always build it as before. An error assembling the module
 * itself is the module's: it stays an error.
 *
 * The real ptxas is $CSAN_PTXAS (csan-clang sets it: the toolkit's, or the
 * user's own --ptxas-path), else the toolkit csan was built with; nvlink is
 * the one beside it, else $CSAN_NVLINK (csan-clang sets it: the toolkit's).
 * <prefix> is the parent of this executable's folder, as for csan-clang.
 * CSAN_PTXAS_VERBOSE=1, or ptxas's own -v, prints the commands.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "csan_abi.h"

#ifndef CSAN_CUDA_PATH_DEFAULT
#define CSAN_CUDA_PATH_DEFAULT "/usr/local/cuda"
#endif
/* The twins' register cap (csan-clang's -csan-twin-max-regs). */
#define CSAN_RT_MAX_REGS 32

static void die(const char *fmt, const char *arg) {
  fprintf(stderr, "csan-ptxas: error: ");
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  exit(1);
}

static bool starts(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool ends(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* ------------------------------------------------------------------------
 * The command line clang gave. */

typedef struct command {
  const char *input;  /* the PTX file (last argument ending in .s or .ptx) */
  const char *output; /* -o / --output-file */
  const char *arch;   /* --gpu-name / -arch */
  int input_at, output_at; /* their argv indices (output: of the value) */
  bool output_joined;      /* --output-file=X */
  bool relocatable;        /* -c / --compile-only */
  bool other_mode;         /* -ewp, --input-as-string, --entry: as before */
  bool debug, verbose;
  long maxrreg; /* the user's --maxrregcount, 0 if none */
} command;

/* `-x value`, `-x=value` or `--xx value`, `--xx=value`: the value, or NULL. */
static const char *value_of(int argc, char **argv, int *i, const char *const *names, bool *joined) {
  for (const char *const *n = names; *n; n++) {
    size_t len = strlen(*n);
    if (strncmp(argv[*i], *n, len) != 0)
      continue;
    if (argv[*i][len] == '=') {
      if (joined)
        *joined = true;
      return argv[*i] + len + 1;
    }
    if (argv[*i][len] == '\0' && *i + 1 < argc) {
      if (joined)
        *joined = false;
      return argv[++*i];
    }
  }
  return NULL;
}

static void parse(int argc, char **argv, command *c) {
  static const char *const kOutput[] = {"--output-file", "-o", NULL};
  static const char *const kArch[] = {"--gpu-name", "-arch", NULL};
  static const char *const kMaxReg[] = {"--maxrregcount", "-maxrregcount", NULL};
  memset(c, 0, sizeof *c);
  c->input_at = c->output_at = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v;
    bool joined = false;
    int at = i;
    if ((v = value_of(argc, argv, &i, kOutput, &joined))) {
      c->output = v;
      c->output_at = joined ? at : i;
      c->output_joined = joined;
    } else if ((v = value_of(argc, argv, &i, kArch, NULL))) {
      c->arch = v;
    } else if ((v = value_of(argc, argv, &i, kMaxReg, NULL))) {
      c->maxrreg = strtol(v, NULL, 10);
    } else if (!strcmp(a, "-c") || !strcmp(a, "--compile-only")) {
      c->relocatable = true;
    } else if (!strcmp(a, "-ewp") || starts(a, "--extensible-whole-program") ||
               starts(a, "--input-as-string") || starts(a, "-ias") || starts(a, "--entry") ||
               !strcmp(a, "-e") || starts(a, "--options-file") || starts(a, "-optf")) {
      c->other_mode = true;
    } else if (!strcmp(a, "-g") || starts(a, "--device-debug")) {
      c->debug = true;
    } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
      c->verbose = true;
    } else if (a[0] != '-' && (ends(a, ".s") || ends(a, ".ptx"))) {
      c->input = a;
      c->input_at = i;
    }
  }
}

/* ------------------------------------------------------------------------
 * The module's PTX without the runtime's bodies. */

typedef struct text {
  char *p;
  size_t n, cap;
} text;

static void put(text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    t->cap = (t->n + n + 1) * 2;
    t->p = realloc(t->p, t->cap);
    if (!t->p)
      die("out of memory%s", "");
  }
  memcpy(t->p + t->n, s, n);
  t->n += n;
  t->p[t->n] = '\0';
}

/* The line at p: *eol is its end (its newline, or end); returns where the
 * next line starts. */
static const char *line_at(const char *p, const char *end, const char **eol) {
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *eol = nl ? nl : end;
  return nl ? nl + 1 : end;
}

static char *read_file(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  text t = {0};
  char buf[65536];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0)
    put(&t, buf, got);
  bool bad = ferror(f);
  fclose(f);
  if (bad) {
    free(t.p);
    return NULL;
  }
  if (!t.p)
    put(&t, "", 0);
  *n = t.n;
  return t.p;
}

/* The name a function header line declares: after ".func", past the return
 * parameter "(...)" if any, up to "(", a blank or the end of the line. */
static bool func_name(const char *line, const char *eol, const char **name, size_t *len) {
  const char *f = strstr(line, ".func");
  if (!f || f >= eol)
    return false;
  const char *s = f + strlen(".func");
  while (s < eol && (*s == ' ' || *s == '\t'))
    s++;
  if (s < eol && *s == '(') {
    while (s < eol && *s != ')')
      s++;
    if (s < eol)
      s++;
    while (s < eol && (*s == ' ' || *s == '\t'))
      s++;
  }
  const char *e = s;
  while (e < eol && *e != '(' && *e != ' ' && *e != '\t' && *e != ';')
    e++;
  *name = s;
  *len = (size_t)(e - s);
  return e > s;
}

/* Whether a line, without a trailing // comment and blanks, ends in c. */
static bool code_ends_with(const char *line, const char *eol, char c) {
  const char *cm = line;
  for (; cm + 1 < eol; cm++)
    if (cm[0] == '/' && cm[1] == '/')
      break;
  const char *e = cm + 1 < eol ? cm : eol;
  while (e > line && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  return e > line && e[-1] == c;
}

typedef enum { SPLIT_OK, SPLIT_NO_RUNTIME, SPLIT_USER_FUNCTIONS, SPLIT_UNKNOWN_LAYOUT } split_result;

/* Writes to *out the PTX in with each CSAN_OOL_PREFIX function made a
 * declaration; unless keep_user_functions, *own_fn names the first device
 * function the module defines itself (SPLIT_USER_FUNCTIONS). Relies on the
 * layout of LLVM's NVPTX printer, which made the file: a function's header starts its line with
 * its linkage and ".func"; a definition's body opens with "{" at the start
 * of a line after the parameters and closes with "}" alone on the line
 * after "// -- End function" (else SPLIT_UNKNOWN_LAYOUT, *own_fn naming the
 * runtime function). */
static split_result split_module(const char *in, size_t n, bool keep_user_functions, text *out,
                                  char *own_fn, size_t own_len) {
  const char *p = in, *end = in + n;
  int ool = 0;
  while (p < end) {
    const char *eol;
    const char *next = line_at(p, end, &eol);
    bool header = starts(p, ".visible .func") || starts(p, ".func") || starts(p, ".weak .func") ||
                  starts(p, ".extern .func");
    const char *name;
    size_t len;
    if (!header || !func_name(p, eol, &name, &len)) {
      put(out, p, (size_t)(next - p));
      p = next;
      continue;
    }
    bool runtime = len > strlen(CSAN_OOL_PREFIX) && starts(name, CSAN_OOL_PREFIX);
    /* The header's lines: up to a ";" (a declaration) or a "{" (a body). */
    const char *q = p;
    const char *body = NULL, *decl_end = NULL;
    while (q < end) {
      const char *qe;
      const char *qn = line_at(q, end, &qe);
      if (q != p && *q == '{') {
        body = q;
        break;
      }
      if (code_ends_with(q, qe, ';')) {
        decl_end = qn;
        break;
      }
      q = qn;
    }
    if (!body && !decl_end)
      decl_end = end;
    if (!runtime) {
      if (body && !starts(p, ".extern") && !keep_user_functions) {
        snprintf(own_fn, own_len, "%.*s", (int)len, name);
        return SPLIT_USER_FUNCTIONS;
      }
      const char *stop = body ? body : decl_end;
      put(out, p, (size_t)(stop - p));
      p = stop;
      continue;
    }
    ool += body != NULL; /* declarations alone: already split, nothing to do */
    /* ".visible .func ..." -> ".extern .func ...", the header kept. */
    const char *func = strstr(p, ".func");
    put(out, ".extern ", strlen(".extern "));
    put(out, func, (size_t)((body ? body : decl_end) - func));
    if (!body) {
      p = decl_end;
      continue;
    }
    put(out, ";\n", 2);
    /* Skip the body: up to the "}" alone on its line right after the
     * printer's "// -- End function" (a "}" of inline assembly cannot end
     * it). Not found: not a layout this program knows; whole program. */
    q = body;
    bool closed = false, after_end_comment = false;
    while (q < end && !closed) {
      const char *qe;
      const char *qn = line_at(q, end, &qe);
      closed = after_end_comment && *q == '}' && (q + 1 == qe || q[1] == '\r');
      after_end_comment = memmem(q, (size_t)(qe - q), "// -- End function", 18) != NULL;
      q = qn;
    }
    if (!closed) {
      snprintf(own_fn, own_len, "%.*s", (int)len, name);
      return SPLIT_UNKNOWN_LAYOUT;
    }
    p = q;
  }
  return ool ? SPLIT_OK : SPLIT_NO_RUNTIME;
}

/* ------------------------------------------------------------------------
 * Twins' register caps.
 *
 * The plugin caps a twin without bounds of its own at CSAN_RT_MAX_REGS
 * registers (-csan-twin-max-regs): in a whole-program cubin the slow path
 * inside it would otherwise give it ~120. Split, the runtime object has its
 * own cap, and a twin needs only its own code's registers: where its
 * original uses more than the cap (a CUB reduction: 78), the cap made the
 * twin spill in its loops (184 bytes) to run at more warps than the
 * original ever does. Such a twin can get the original's registers instead:
 * the same warps per SM, no spill. It costs a second assembly of the module
 * (CUB's radix sort and reduce, thrust's sort: -O2 compile time 2.2x plain
 * -> 3.2x, 1.8x -> 2.6x), and what the spills cost a twin at run time needs
 * a GPU to weigh: so only with CSAN_RAISE_TWIN_CAPS=1 (bench/RESULTS.md). */

#define EIATTR_REGCOUNT 0x2f
#define EIFMT_SVAL 4

/* Registers of the function `name` in the relocatable cubin `obj`
 * (EIATTR_REGCOUNT of .nv.info), or -1. */
static int regcount(const char *obj, size_t n, const char *name, size_t name_len) {
#define U16(o) ((uint32_t)(unsigned char)obj[o] | (uint32_t)(unsigned char)obj[(o) + 1] << 8)
#define U32(o) (U16(o) | U16((o) + 2) << 16)
#define U64(o) ((uint64_t)U32(o) | (uint64_t)U32((o) + 4) << 32)
  if (n < 64 || memcmp(obj, "\x7f" "ELF", 4) != 0 || obj[4] != 2)
    return -1;
  uint64_t shoff = U64(0x28);
  uint32_t shentsize = U16(0x3a), shnum = U16(0x3c), shstrndx = U16(0x3e);
  if (shentsize < 64 || shoff + (uint64_t)shnum * shentsize > n || shstrndx >= shnum)
    return -1;
#define SH(i, f) (shoff + (uint64_t)(i) * shentsize + (f))
  uint64_t shstr = U64(SH(shstrndx, 24));
  uint64_t info_off = 0, info_size = 0, sym_off = 0, sym_size = 0, str_off = 0, str_size = 0;
  for (uint32_t i = 0; i < shnum; i++) {
    uint64_t nm = shstr + U32(SH(i, 0));
    if (nm >= n)
      continue;
    uint32_t type = U32(SH(i, 4));
    if (type == 2 /* SHT_SYMTAB */ && U32(SH(i, 40)) < shnum) {
      sym_off = U64(SH(i, 24));
      sym_size = U64(SH(i, 32));
      str_off = U64(SH(U32(SH(i, 40)), 24));
      str_size = U64(SH(U32(SH(i, 40)), 32));
    } else if (n - nm > 8 && !strcmp(obj + nm, ".nv.info")) {
      info_off = U64(SH(i, 24));
      info_size = U64(SH(i, 32));
    }
  }
  if (!info_size || !sym_size || info_off + info_size > n || sym_off + sym_size > n ||
      str_off + str_size > n)
    return -1;
  for (uint64_t i = info_off; i + 4 <= info_off + info_size;) {
    uint32_t fmt = (unsigned char)obj[i], attr = (unsigned char)obj[i + 1];
    uint32_t size = fmt == EIFMT_SVAL ? U16(i + 2) : 0;
    if (fmt == EIFMT_SVAL && attr == EIATTR_REGCOUNT && size >= 8 &&
        i + 12 <= info_off + info_size) {
      uint64_t sym = U32(i + 4);
      if ((sym + 1) * 24 <= sym_size) {
        uint64_t nm = str_off + U32(sym_off + sym * 24);
        if (nm + name_len < str_off + str_size && !memcmp(obj + nm, name, name_len) &&
            obj[nm + name_len] == '\0')
          return (int)U32(i + 8);
      }
    }
    i += 4 + size;
  }
  return -1;
#undef SH
#undef U64
#undef U32
#undef U16
}

/* An entry of the module: its name and its .maxnreg line, if any. */
typedef struct entry {
  const char *name;
  size_t len;
  const char *maxnreg; /* start of its ".maxnreg N" line, or NULL */
  int regs;            /* N */
} entry;

/* Rewrites *ptx with the caps of the twins whose original uses more than
 * CSAN_RT_MAX_REGS registers in the cubin `obj` (step 1's). Returns how
 * many changed. */
static int raise_twin_caps(text *ptx, const char *obj, size_t obj_n, bool echo) {
  entry *e = NULL;
  size_t ne = 0, cap = 0;
  const char *end = ptx->p + ptx->n;
  for (const char *p = ptx->p, *eol, *next; p < end; p = next) {
    next = line_at(p, end, &eol);
    const char *ent = NULL;
    if (starts(p, ".visible .entry ") || starts(p, ".weak .entry ") || starts(p, ".entry "))
      ent = strstr(p, ".entry ") + strlen(".entry ");
    if (ent && ent < eol) {
      const char *ne_end = ent;
      while (ne_end < eol && *ne_end != '(' && *ne_end != ' ' && *ne_end != '\t')
        ne_end++;
      if (ne == cap) {
        cap = cap ? 2 * cap : 64;
        e = realloc(e, cap * sizeof *e);
        if (!e)
          die("out of memory%s", "");
      }
      e[ne++] = (entry){ent, (size_t)(ne_end - ent), NULL, 0};
    } else if (ne && starts(p, ".maxnreg ") && !e[ne - 1].maxnreg) {
      e[ne - 1].maxnreg = p;
      e[ne - 1].regs = atoi(p + strlen(".maxnreg "));
    }
  }
  /* Each twin capped by the plugin, its original uncapped and above it. */
  const char **line = calloc(ne + 1, sizeof *line);
  int *regs = calloc(ne + 1, sizeof *regs);
  if (!line || !regs)
    die("out of memory%s", "");
  size_t nl = 0;
  size_t suffix = strlen(CSAN_KERNEL_SUFFIX);
  for (size_t t = 0; t < ne; t++) {
    if (e[t].len <= suffix || memcmp(e[t].name + e[t].len - suffix, CSAN_KERNEL_SUFFIX, suffix) ||
        !e[t].maxnreg || e[t].regs != CSAN_RT_MAX_REGS)
      continue;
    for (size_t o = 0; o < ne; o++) {
      if (e[o].len != e[t].len - suffix || memcmp(e[o].name, e[t].name, e[o].len) ||
          e[o].maxnreg)
        continue;
      int r = regcount(obj, obj_n, e[o].name, e[o].len);
      if (r > CSAN_RT_MAX_REGS) {
        line[nl] = e[t].maxnreg;
        regs[nl++] = r;
        if (echo)
          fprintf(stderr, "csan-ptxas: %.*s: .maxnreg %d, its original's registers\n",
                  (int)e[t].len, e[t].name, r);
      }
      break;
    }
  }
  if (nl) {
    text out = {0};
    const char *p = ptx->p;
    for (const char *q = ptx->p, *eol, *next; q < end; q = next) {
      next = line_at(q, end, &eol);
      for (size_t i = 0; i < nl; i++) {
        if (line[i] != q)
          continue;
        char buf[32];
        int k = snprintf(buf, sizeof buf, ".maxnreg %d", regs[i]);
        put(&out, p, (size_t)(q - p));
        put(&out, buf, (size_t)k);
        p = eol; /* the rest of the line (a comment) and its newline */
      }
    }
    put(&out, p, (size_t)(end - p));
    free(ptx->p);
    *ptx = out;
  }
  free(line);
  free(regs);
  free(e);
  return (int)nl;
}

/* ------------------------------------------------------------------------
 * Running the tools. */

/* The temporary files, removed at exit, on SIGINT/SIGTERM/SIGHUP, and when
 * a tool dies of a signal (which csan-ptxas then dies of too, so that clang
 * reports a crash, not an exit status). */
static char *tmp_paths[4];

static void remove_temps(void) {
  for (size_t i = 0; i < sizeof tmp_paths / sizeof *tmp_paths; i++)
    if (tmp_paths[i])
      unlink(tmp_paths[i]);
}

static void die_of(int sig) {
  remove_temps();
  signal(sig, SIG_DFL);
  raise(sig);
  _exit(128 + sig);
}

static void on_signal(int sig) { die_of(sig); }

static int run(char **argv, bool echo) {
  if (echo) {
    fprintf(stderr, "csan-ptxas:");
    for (char **a = argv; *a; a++)
      fprintf(stderr, " %s", *a);
    fputc('\n', stderr);
  }
  pid_t pid = fork();
  if (pid < 0)
    die("fork failed: %s", strerror(errno));
  if (pid == 0) {
    execv(argv[0], argv);
    fprintf(stderr, "csan-ptxas: error: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      die("waitpid failed: %s", strerror(errno));
  if (WIFSIGNALED(status))
    die_of(WTERMSIG(status));
  return WEXITSTATUS(status);
}

static bool is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *temp_file(const char *suffix) {
  const char *dir = getenv("TMPDIR");
  char *path = malloc(PATH_MAX);
  if (!path)
    die("out of memory%s", "");
  snprintf(path, PATH_MAX, "%s/csan-ptxas-XXXXXX%s", dir && *dir ? dir : "/tmp", suffix);
  int fd = mkstemps(path, (int)strlen(suffix));
  if (fd < 0)
    die("cannot make a temporary file: %s", strerror(errno));
  close(fd);
  return path;
}

static void write_file(const char *path, const text *t) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(t->p, 1, t->n, f) != t->n || fclose(f) != 0)
    die("cannot write %s", path);
}

/* Writes the runtime object's PTX with its functions weak. */
static void make_weak(const char *from, const char *to) {
  size_t n;
  char *ptx = read_file(from, &n);
  if (!ptx)
    die("cannot read %s", from);
  text out = {0};
  for (const char *p = ptx, *end = ptx + n, *eol, *next; p < end; p = next) {
    next = line_at(p, end, &eol);
    if (starts(p, ".visible .func")) {
      put(&out, ".weak", 5);
      p += strlen(".visible");
    }
    put(&out, p, (size_t)(next - p));
  }
  free(ptx);
  write_file(to, &out);
  free(out.p);
}

/* The real ptxas with clang's arguments, unchanged. */
static int pass_through(const char *ptxas, char **argv) {
  remove_temps(); /* exec runs no atexit handler */
  argv[0] = (char *)ptxas;
  execv(ptxas, argv);
  fprintf(stderr, "csan-ptxas: error: cannot run %s: %s\n", ptxas, strerror(errno));
  return 127;
}

int main(int argc, char **argv) {
  const char *ptxas = getenv("CSAN_PTXAS");
  char fallback[PATH_MAX];
  if (!ptxas || !*ptxas) {
    snprintf(fallback, sizeof fallback, "%s/bin/ptxas", CSAN_CUDA_PATH_DEFAULT);
    ptxas = fallback;
  }
  if (!is_file(ptxas))
    die("the real ptxas is missing: %s (set CSAN_PTXAS, or --cuda-path for csan-clang)", ptxas);
  /* CSAN_PTXAS naming this program would run it again and again. */
  char self[PATH_MAX], real[PATH_MAX];
  if (!realpath("/proc/self/exe", self))
    die("cannot find my own location (/proc/self/exe)%s", "");
  if (realpath(ptxas, real) && !strcmp(self, real))
    die("CSAN_PTXAS is csan-ptxas itself (%s): it must name NVIDIA's ptxas", ptxas);

  command c;
  parse(argc, argv, &c);
  const char *verbose_env = getenv("CSAN_PTXAS_VERBOSE");
  bool echo = c.verbose || (verbose_env && *verbose_env && strcmp(verbose_env, "0") != 0);
  if (c.other_mode || !c.input || !c.output || !c.arch)
    return pass_through(ptxas, argv);

  size_t n;
  char *ptx = read_file(c.input, &n);
  if (!ptx)
    die("cannot read %s", c.input);
  text user = {0};
  char own_fn[1024];
  split_result r = split_module(ptx, n, c.relocatable, &user, own_fn, sizeof own_fn);
  free(ptx);
  if (r != SPLIT_OK) {
    if (echo && r == SPLIT_USER_FUNCTIONS)
      fprintf(stderr, "csan-ptxas: the module defines device function %s: whole program, "
                      "the runtime in each kernel\n", own_fn);
    if (r == SPLIT_UNKNOWN_LAYOUT)
      fprintf(stderr, "csan-ptxas: warning: cannot find the end of %s in %s: whole program, "
                      "the runtime in each kernel\n", own_fn, c.input);
    free(user.p);
    return pass_through(ptxas, argv);
  }

  /* <prefix>/lib/csan_rt_device.ptx; self is <prefix>/bin/csan-ptxas. */
  char rt_ptx[PATH_MAX + 64];
  snprintf(rt_ptx, sizeof rt_ptx, "%s/lib/" CSAN_RT_OBJECT_PTX_NAME, dirname(dirname(self)));
  if (!is_file(rt_ptx))
    die("the csan runtime object is missing: %s; build csan or reinstall it", rt_ptx);
  char nvlink[PATH_MAX + 16], ptxas_copy[PATH_MAX];
  snprintf(ptxas_copy, sizeof ptxas_copy, "%s", ptxas);
  snprintf(nvlink, sizeof nvlink, "%s/nvlink", dirname(ptxas_copy));
  const char *toolkit_nvlink = getenv("CSAN_NVLINK");
  if (!is_file(nvlink) && toolkit_nvlink && *toolkit_nvlink)
    snprintf(nvlink, sizeof nvlink, "%s", toolkit_nvlink);
  if (!is_file(nvlink)) {
    fprintf(stderr, "csan-ptxas: warning: nvlink is missing: %s (beside ptxas, or CSAN_NVLINK): "
                    "whole program, the runtime in each kernel\n", nvlink);
    free(user.p);
    return pass_through(ptxas, argv);
  }

  atexit(remove_temps);
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  signal(SIGHUP, on_signal);
  char *user_ptx = tmp_paths[0] = temp_file(".ptx");
  char *user_obj = tmp_paths[1] = temp_file(".o");
  char *rt_obj = tmp_paths[2] = temp_file(".o");
  char *rt_weak = NULL;
  write_file(user_ptx, &user);

  /* 1. The module without the runtime: clang's arguments, -c, the new
   * input and output. */
  char **a = calloc((size_t)argc + 4, sizeof *a);
  if (!a)
    die("out of memory%s", "");
  int k = 0;
  a[k++] = (char *)ptxas;
  char out_joined[PATH_MAX + 32];
  for (int i = 1; i < argc; i++) {
    if (i == c.input_at)
      a[k++] = user_ptx;
    else if (i == c.output_at) {
      if (c.output_joined) {
        snprintf(out_joined, sizeof out_joined, "--output-file=%s", user_obj);
        a[k++] = out_joined;
      } else {
        a[k++] = user_obj;
      }
    } else {
      a[k++] = argv[i];
    }
  }
  if (!c.relocatable)
    a[k++] = "-c";
  a[k] = NULL;
  int rc = run(a, echo);
  /* Twins whose original needs more registers than the cap: again, with
   * the original's (whole-program twins only; -fgpu-rdc's have no cap). */
  size_t obj_n;
  const char *raise_env = getenv("CSAN_RAISE_TWIN_CAPS");
  bool raise = raise_env && *raise_env && strcmp(raise_env, "0") != 0;
  char *obj = rc || c.relocatable || !raise ? NULL : read_file(user_obj, &obj_n);
  if (obj && raise_twin_caps(&user, obj, obj_n, echo)) {
    write_file(user_ptx, &user);
    rc = run(a, echo);
  }
  free(obj);
  free(user.p);
  free(a);
  if (rc) {
    tmp_paths[0] = NULL; /* kept, for the line numbers of ptxas's messages */
    fprintf(stderr, "csan-ptxas: note: %s is %s without csan's runtime functions\n", user_ptx,
            c.input);
    return rc;
  }

  /* 2. The runtime object, under the twins' register cap; weak in a
   * relocatable object, which other objects of the program also carry. */
  if (c.relocatable) {
    rt_weak = tmp_paths[3] = temp_file(".ptx");
    make_weak(rt_ptx, rt_weak);
  }
  long cap = c.maxrreg > 0 && c.maxrreg < CSAN_RT_MAX_REGS ? c.maxrreg : CSAN_RT_MAX_REGS;
  char cap_arg[64], arch_arg[128];
  snprintf(cap_arg, sizeof cap_arg, "--device-function-maxrregcount=%ld", cap);
  snprintf(arch_arg, sizeof arch_arg, "--gpu-name=%s", c.arch);
  char *rt[10];
  k = 0;
  rt[k++] = (char *)ptxas;
  rt[k++] = "-c";
  rt[k++] = "-O3";
  rt[k++] = arch_arg;
  rt[k++] = cap_arg;
  if (c.verbose)
    rt[k++] = "-v";
  rt[k++] = "--output-file";
  rt[k++] = rt_obj;
  rt[k++] = rt_weak ? rt_weak : rt_ptx;
  rt[k] = NULL;
  rc = run(rt, echo);
  if (rc) {
    fprintf(stderr, "csan-ptxas: warning: assembling %s failed: whole program, the runtime in "
                    "each kernel\n", rt_ptx);
    return pass_through(ptxas, argv);
  }

  /* 3. One executable cubin (or relocatable object), where clang expects
   * it. */
  char link_arch[128];
  snprintf(link_arch, sizeof link_arch, "-arch=%s", c.arch);
  char *link[10];
  k = 0;
  link[k++] = nvlink;
  link[k++] = link_arch;
  if (c.relocatable)
    link[k++] = "-r";
  if (c.debug)
    link[k++] = "-g";
  if (c.verbose)
    link[k++] = "-v";
  link[k++] = user_obj;
  link[k++] = rt_obj;
  link[k++] = "-o";
  link[k++] = (char *)c.output;
  link[k] = NULL;
  rc = run(link, echo);
  if (rc) {
    fprintf(stderr, "csan-ptxas: warning: nvlink failed: whole program, the runtime in each "
                    "kernel\n");
    return pass_through(ptxas, argv);
  }
  return 0;
}
