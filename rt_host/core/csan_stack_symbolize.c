/* csan_stack_symbolize.c: turning return addresses into FUNC FILE:LINE:COL.
 *
 * llvm-symbolizer runs as a child process for the whole run. csan writes
 * `CODE "<module>" 0x<offset>` and reads back pairs of lines
 * (function, then file:line:column), one pair per inlined frame, ended by an
 * empty line. The child is spawned with posix_spawn on a socket pair (so a
 * write to a dead child fails with EPIPE instead of raising SIGPIPE), in its
 * own process group (so killing it kills whatever a wrapper script started),
 * with stderr sent to /dev/null (its complaints about unreadable modules
 * would land in the middle of a report).
 *
 * Any failure (spawn error, time-out, EOF, unparsable answer) kills the
 * child and switches to the fallback for good: dladdr gives the module,
 * the offset and, for exported symbols, a name. Answers are cached per
 * address, so a stack printed in many reports is symbolized once.
 */
#include "csan_stack.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

void csan_stack_set_depth_internal(int depth);

/* Most inlined frames csan keeps for one address. */
#define MAX_INLINE 8

typedef enum sym_state { SYM_OFF, SYM_NOT_STARTED, SYM_RUNNING, SYM_DEAD } sym_state;

static pthread_mutex_t g_sym_mu = PTHREAD_MUTEX_INITIALIZER;
static bool g_configured; /* false: configure from the default flags on first use */
static sym_state g_state = SYM_OFF;
static char *g_sym_path;
static int g_timeout_ms = 10000;
static pid_t g_child = -1;
static pid_t g_owner = -1; /* the process that started the child */
static int g_fd = -1;
static char g_rbuf[16384]; /* bytes read but not yet consumed */
static size_t g_rlen;

/* Cache: pc -> frames. */
typedef struct cache_entry {
  uintptr_t pc; /* 0 = empty */
  uint32_t n;
  csan_frame *frames;
} cache_entry;
static cache_entry *g_cache;
static size_t g_cache_cap, g_cache_used;

/* ------------------------------------------------------------------------
 * The child process.
 * ---------------------------------------------------------------------- */

static void sym_kill_nolock(void) {
  if (g_fd >= 0)
    close(g_fd);
  g_fd = -1;
  if (g_child > 0 && g_owner == getpid()) {
    kill(-g_child, SIGKILL);
    kill(g_child, SIGKILL);
    waitpid(g_child, NULL, 0);
  }
  g_child = -1;
  g_rlen = 0;
}

static bool sym_start_nolock(void) {
  if (!g_sym_path || access(g_sym_path, X_OK) != 0)
    return false;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return false;
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
  posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  /* Own process group; default signal dispositions and an empty mask, whatever
   * the application did to its own. */
  sigset_t none, dfl;
  sigemptyset(&none);
  sigemptyset(&dfl);
  sigaddset(&dfl, SIGPIPE);
  sigaddset(&dfl, SIGINT);
  sigaddset(&dfl, SIGTERM);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &dfl);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
  char *argv[] = {g_sym_path, (char *)"--inlines", (char *)"--demangle", NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, g_sym_path, &fa, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(sv[1]);
  if (rc != 0) {
    close(sv[0]);
    return false;
  }
  g_child = pid;
  g_owner = getpid();
  g_fd = sv[0];
  g_rlen = 0;
  return true;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool sym_send_nolock(const char *s, size_t n) {
  while (n > 0) {
    ssize_t w = send(g_fd, s, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    s += w;
    n -= (size_t)w;
  }
  return true;
}

/* Reads until the buffer holds a complete answer (ends with "\n\n"), within
 * the time limit. Returns the answer's length (including the empty line) or
 * 0 on failure. */
static size_t sym_read_answer_nolock(void) {
  long long deadline = now_ms() + g_timeout_ms;
  for (;;) {
    for (size_t i = 0; i + 1 < g_rlen; i++)
      if (g_rbuf[i] == '\n' && g_rbuf[i + 1] == '\n')
        return i + 2;
    if (g_rlen == sizeof(g_rbuf))
      return 0; /* an answer that large is not an answer */
    long long left = deadline - now_ms();
    if (left <= 0)
      return 0;
    struct pollfd pfd = {g_fd, POLLIN, 0};
    int pr = poll(&pfd, 1, (int)left);
    if (pr < 0 && errno == EINTR)
      continue;
    if (pr <= 0)
      return 0;
    ssize_t r = read(g_fd, g_rbuf + g_rlen, sizeof(g_rbuf) - g_rlen);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return 0;
    g_rlen += (size_t)r;
  }
}

static const char *unknown_to_null(const char *s) {
  return (!s[0] || !strcmp(s, "??")) ? NULL : csan_intern(s);
}

/* Parses "file:line:col" or "file:line" (file may itself contain ':'). */
static void parse_location(char *loc, csan_frame *f) {
  uint32_t nums[2] = {0, 0};
  int got = 0;
  for (int k = 0; k < 2; k++) {
    char *colon = strrchr(loc, ':');
    if (!colon || !colon[1])
      break;
    char *end;
    unsigned long v = strtoul(colon + 1, &end, 10);
    if (*end != '\0')
      break;
    nums[got++] = (uint32_t)v;
    *colon = '\0';
  }
  if (got == 2) {
    f->line = nums[1];
    f->column = nums[0];
  } else if (got == 1) {
    f->line = nums[0];
  }
  f->file = unknown_to_null(loc);
}

/* Asks the child about one address. Returns the number of frames, 0 on
 * failure (the caller then kills it). */
static size_t sym_query_nolock(const char *module, uintptr_t offset, csan_frame *out,
                               size_t max) {
  char req[4200];
  int len = snprintf(req, sizeof(req), "CODE \"%s\" 0x%llx\n", module,
                     (unsigned long long)offset);
  if (len <= 0 || (size_t)len >= sizeof(req) || strchr(module, '"') || strchr(module, '\n'))
    return 0;
  if (!sym_send_nolock(req, (size_t)len))
    return 0;
  size_t alen = sym_read_answer_nolock();
  if (alen == 0)
    return 0;
  /* Lines: function, location, function, location, ..., "" */
  char answer[sizeof(g_rbuf) + 1];
  memcpy(answer, g_rbuf, alen);
  answer[alen] = '\0';
  memmove(g_rbuf, g_rbuf + alen, g_rlen - alen);
  g_rlen -= alen;
  size_t n = 0;
  char *save = NULL;
  char *line = strtok_r(answer, "\n", &save);
  while (line && n < max) {
    char *loc = strtok_r(NULL, "\n", &save);
    if (!loc)
      return 0; /* a function without a location: not the protocol we know */
    csan_frame *f = &out[n++];
    f->function = unknown_to_null(line);
    parse_location(loc, f);
    line = strtok_r(NULL, "\n", &save);
  }
  return n;
}

/* ------------------------------------------------------------------------
 * Modules.
 * ---------------------------------------------------------------------- */

typedef struct module_query {
  uintptr_t pc;
  const char *name;
  uintptr_t base;
  bool found;
} module_query;

static int find_module_cb(struct dl_phdr_info *info, size_t size, void *arg) {
  module_query *q = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uintptr_t start = info->dlpi_addr + ph->p_vaddr;
    if (q->pc >= start && q->pc < start + ph->p_memsz) {
      q->name = info->dlpi_name;
      q->base = info->dlpi_addr;
      q->found = true;
      return 1;
    }
  }
  return 0;
}

static const char *main_program_path(void) {
  static const char *path;
  if (!path) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0)
      return NULL;
    buf[n] = '\0';
    path = csan_intern(buf);
  }
  return path;
}

/* The object file that holds pc and pc's offset in it (as llvm-symbolizer
 * wants it: the address the file's own headers give that instruction). */
static bool find_module(uintptr_t pc, const char **module, uintptr_t *offset) {
  module_query q = {pc, NULL, 0, false};
  dl_iterate_phdr(find_module_cb, &q);
  if (!q.found)
    return false;
  *module = (q.name && q.name[0]) ? csan_intern(q.name) : main_program_path();
  *offset = pc - q.base;
  return *module != NULL;
}

/* ------------------------------------------------------------------------
 * Symbolizing.
 * ---------------------------------------------------------------------- */

static cache_entry *cache_find_nolock(uintptr_t pc) {
  if (!g_cache_cap)
    return NULL;
  size_t mask = g_cache_cap - 1;
  for (size_t i = (pc * 0x9e3779b97f4a7c15ull >> 20) & mask; g_cache[i].pc;
       i = (i + 1) & mask)
    if (g_cache[i].pc == pc)
      return &g_cache[i];
  return NULL;
}

static void cache_put_raw_nolock(cache_entry e) {
  size_t mask = g_cache_cap - 1;
  size_t i = (e.pc * 0x9e3779b97f4a7c15ull >> 20) & mask;
  while (g_cache[i].pc)
    i = (i + 1) & mask;
  g_cache[i] = e;
  g_cache_used++;
}

static void cache_put_nolock(uintptr_t pc, const csan_frame *frames, size_t n) {
  if ((g_cache_used + 1) * 2 > g_cache_cap) {
    size_t cap = g_cache_cap ? g_cache_cap * 2 : 256;
    cache_entry *tab = calloc(cap, sizeof(*tab));
    if (!tab)
      return;
    cache_entry *old = g_cache;
    size_t old_cap = g_cache_cap;
    g_cache = tab;
    g_cache_cap = cap;
    g_cache_used = 0;
    for (size_t i = 0; i < old_cap; i++)
      if (old[i].pc)
        cache_put_raw_nolock(old[i]);
    free(old);
  }
  csan_frame *copy = malloc(n * sizeof(*copy));
  if (!copy)
    return;
  memcpy(copy, frames, n * sizeof(*copy));
  cache_put_raw_nolock((cache_entry){pc, (uint32_t)n, copy});
}

static void cache_clear_nolock(void) {
  for (size_t i = 0; i < g_cache_cap; i++)
    free(g_cache[i].frames);
  free(g_cache);
  g_cache = NULL;
  g_cache_cap = g_cache_used = 0;
}

static void set_symbolizer_nolock(bool symbolize, const char *path) {
  sym_kill_nolock();
  free(g_sym_path);
  g_sym_path = (symbolize && path) ? strdup(path) : NULL;
  g_state = g_sym_path ? SYM_NOT_STARTED : SYM_OFF;
  cache_clear_nolock();
  g_configured = true;
}

/* Printing a stack before the runtime configured anything (a tool, a test)
 * behaves as with the default flags. */
static void configure_default_nolock(void) {
  csan_flags f;
  char path[CSAN_FLAG_STR_MAX];
  csan_flags_defaults(&f);
  set_symbolizer_nolock(f.symbolize, csan_flags_symbolizer(&f, path, sizeof(path)));
}

static size_t symbolize_uncached_nolock(uintptr_t pc, csan_frame *out, size_t max) {
  const char *module = NULL;
  uintptr_t offset = 0;
  bool have_module = find_module(pc, &module, &offset);
  size_t n = 0;
  if (have_module && g_owner != getpid() && g_state == SYM_RUNNING) {
    /* A forked child: the symbolizer belongs to the parent. Start our own. */
    if (g_fd >= 0)
      close(g_fd);
    g_fd = -1;
    g_child = -1;
    g_state = SYM_NOT_STARTED;
  }
  if (have_module && g_state == SYM_NOT_STARTED)
    g_state = sym_start_nolock() ? SYM_RUNNING : SYM_DEAD;
  if (have_module && g_state == SYM_RUNNING) {
    n = sym_query_nolock(module, offset, out, max);
    if (n == 0) {
      sym_kill_nolock();
      g_state = SYM_DEAD;
    }
  }
  if (n == 0) {
    /* Fallback: module + offset, and the nearest exported symbol. */
    Dl_info info;
    memset(&out[0], 0, sizeof(out[0]));
    if (dladdr((void *)pc, &info) && info.dli_sname && info.dli_saddr)
      out[0].function = csan_demangle(info.dli_sname);
    n = 1;
  }
  for (size_t i = 0; i < n; i++) {
    out[i].pc = pc;
    out[i].module = have_module ? module : NULL;
    out[i].module_offset = have_module ? offset : 0;
  }
  return n;
}

size_t csan_symbolize_pc(uintptr_t pc, csan_frame *out, size_t max) {
  if (max == 0)
    return 0;
  csan_frame frames[MAX_INLINE];
  pthread_mutex_lock(&g_sym_mu);
  if (!g_configured)
    configure_default_nolock();
  size_t n;
  cache_entry *e = cache_find_nolock(pc);
  if (e) {
    n = e->n;
    memcpy(frames, e->frames, n * sizeof(frames[0]));
  } else {
    memset(frames, 0, sizeof(frames));
    n = symbolize_uncached_nolock(pc, frames, MAX_INLINE);
    cache_put_nolock(pc, frames, n);
  }
  pthread_mutex_unlock(&g_sym_mu);
  if (n > max)
    n = max;
  memcpy(out, frames, n * sizeof(frames[0]));
  return n;
}

size_t csan_stack_symbolize(uint32_t id, csan_frame *out, size_t max) {
  const uintptr_t *pcs;
  size_t npcs = csan_stack_get(id, &pcs);
  size_t n = 0;
  for (size_t i = 0; i < npcs && n < max; i++) {
    /* Return addresses point after the call; pc - 1 is inside it. */
    uintptr_t pc = pcs[i] ? pcs[i] - 1 : 0;
    n += csan_symbolize_pc(pc, out + n, max - n);
  }
  return n;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

bool csan_host_site_in_cuda_glue(const csan_host_site *site) {
  if (!site)
    return false;
  if (site->function && strstr(site->function, "__device_stub__"))
    return true;
  return site->file &&
         (ends_with(site->file, "/cuda_runtime.h") || ends_with(site->file, "/cuda_runtime_api.h"));
}

void csan_host_site_print_user(FILE *out, const csan_host_site *site, uint32_t stack) {
  const char *file = site->file;
  uint32_t line = site->line, column = site->column;
  if (stack && csan_host_site_in_cuda_glue(site)) {
    csan_frame f[16];
    size_t n = csan_stack_symbolize(stack, f, sizeof f / sizeof f[0]);
    for (size_t i = 0; i < n; i++)
      if (f[i].file && f[i].line) {
        file = f[i].file;
        line = f[i].line;
        column = f[i].column;
        break;
      }
  }
  if (file)
    fprintf(out, "%s:%u:%u", file, line, column);
  else
    fputs("an unknown line", out);
}

size_t csan_stack_symbolize_at(uint32_t id, const csan_host_site *site, csan_frame *out,
                               size_t max) {
  size_t n = csan_stack_symbolize(id, out, max);
  /* Without a symbolizer (or debug info) the innermost frame has no source
   * location; the compiler embedded the call's own, which is that frame's
   * unless it is in CUDA's glue (then the runtime dropped the glue frame
   * and frame 0 is its caller). */
  if (n && !out[0].file && site && site->file && !csan_host_site_in_cuda_glue(site)) {
    out[0].file = csan_intern(site->file);
    out[0].line = site->line;
    out[0].column = site->column;
    if (site->function)
      out[0].function = csan_demangle(site->function);
  }
  return n;
}

size_t csan_stack_print(FILE *out, uint32_t id, const char *indent) {
  return csan_stack_print_at(out, id, NULL, indent);
}

size_t csan_stack_print_at(FILE *out, uint32_t id, const csan_host_site *site,
                           const char *indent) {
  csan_frame frames[CSAN_STACK_MAX_DEPTH * 2];
  size_t n = csan_stack_symbolize_at(id, site, frames, sizeof(frames) / sizeof(frames[0]));
  for (size_t i = 0; i < n; i++) {
    const csan_frame *f = &frames[i];
    fprintf(out, "%s#%zu 0x%llx", indent ? indent : "", i, (unsigned long long)f->pc);
    if (f->function)
      fprintf(out, " in %s", f->function);
    if (f->file) {
      fprintf(out, " %s", f->file);
      if (f->line) {
        fprintf(out, ":%u", f->line);
        if (f->column)
          fprintf(out, ":%u", f->column);
      }
    } else if (f->module) {
      fprintf(out, " (%s+0x%llx)", f->module, (unsigned long long)f->module_offset);
    }
    fputc('\n', out);
  }
  return n;
}

/* ------------------------------------------------------------------------
 * Configuration.
 * ---------------------------------------------------------------------- */

void csan_stack_configure(int depth, bool symbolize, const char *symbolizer_path) {
  csan_stack_set_depth_internal(depth);
  pthread_mutex_lock(&g_sym_mu);
  set_symbolizer_nolock(symbolize, symbolizer_path);
  pthread_mutex_unlock(&g_sym_mu);
}

void csan_stack_configure_from_flags(const csan_flags *f) {
  char path[CSAN_FLAG_STR_MAX];
  const char *sym = f->symbolize ? csan_flags_symbolizer(f, path, sizeof(path)) : NULL;
  csan_stack_configure(f->host_stack_depth, f->symbolize, sym);
  csan_stack_set_fast_unwind(f->fast_unwind);
}

void csan_stack_set_symbolizer_timeout(int milliseconds) {
  pthread_mutex_lock(&g_sym_mu);
  g_timeout_ms = milliseconds > 0 ? milliseconds : 1;
  pthread_mutex_unlock(&g_sym_mu);
}

bool csan_symbolizer_alive(void) {
  pthread_mutex_lock(&g_sym_mu);
  bool alive = g_state == SYM_RUNNING;
  pthread_mutex_unlock(&g_sym_mu);
  return alive;
}
