/* csan_report_log.c: the one writer behind every line csan prints.
 *
 * Reports are formatted into memory first and written with one write(2), so
 * two threads reporting at once (or the application writing to the same
 * stderr) cannot split a report in the middle of a line. The descriptor is
 * opened once at start-up; a prefix gets the pid appended, as ASan does, so
 * the processes of one job do not overwrite each other's reports.
 */
#include "csan_report.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t g_log_mu = PTHREAD_MUTEX_INITIALIZER;
static int g_log_fd = 2;
static bool g_log_owned; /* g_log_fd is a file we opened */
static char g_log_file[CSAN_FLAG_STR_MAX + 32];

int csan_log_open(const char *log_path, char *err, size_t errlen) {
  int fd;
  bool owned = false;
  char file[sizeof(g_log_file)] = "";
  if (!log_path || !log_path[0] || !strcmp(log_path, "stderr")) {
    fd = 2;
  } else if (!strcmp(log_path, "stdout")) {
    fd = 1;
  } else {
    if ((size_t)snprintf(file, sizeof(file), "%s.%d", log_path, (int)getpid()) >=
        sizeof(file)) {
      if (err && errlen)
        snprintf(err, errlen, "log_path=%s: path too long", log_path);
      return -1;
    }
    fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_APPEND, 0644);
    if (fd < 0) {
      if (err && errlen)
        snprintf(err, errlen, "log_path=%s: cannot open '%s': %s", log_path, file,
                 strerror(errno));
      return -1;
    }
    owned = true;
  }
  pthread_mutex_lock(&g_log_mu);
  if (g_log_owned)
    close(g_log_fd);
  g_log_fd = fd;
  g_log_owned = owned;
  strcpy(g_log_file, file);
  pthread_mutex_unlock(&g_log_mu);
  return 0;
}

void csan_log_init(const csan_flags *f) {
  char err[2 * CSAN_FLAG_STR_MAX];
  if (csan_log_open(f->log_path, err, sizeof(err)) != 0) {
    fprintf(stderr, "csan: ERROR: %s\n", err);
    exit(1);
  }
}

const char *csan_log_file(void) { return g_log_file[0] ? g_log_file : NULL; }

void csan_log_write(const char *s, size_t n) {
  pthread_mutex_lock(&g_log_mu);
  /* Interleaving with the application's own stdio: flush what it buffered
   * on the same stream first, so lines appear in the order they were made. */
  if (g_log_fd == 1)
    fflush(stdout);
  else if (g_log_fd == 2)
    fflush(stderr);
  while (n > 0) {
    ssize_t w = write(g_log_fd, s, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    s += w;
    n -= (size_t)w;
  }
  pthread_mutex_unlock(&g_log_mu);
}

void csan_log_printf(const char *fmt, ...) {
  char stack_buf[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(stack_buf, sizeof(stack_buf), fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof(stack_buf)) {
    csan_log_write(stack_buf, (size_t)n);
    return;
  }
  char *heap = malloc((size_t)n + 1);
  if (!heap) {
    csan_log_write(stack_buf, sizeof(stack_buf) - 1);
    return;
  }
  va_start(ap, fmt);
  vsnprintf(heap, (size_t)n + 1, fmt, ap);
  va_end(ap);
  csan_log_write(heap, (size_t)n);
  free(heap);
}

void csan_log_close(void) {
  pthread_mutex_lock(&g_log_mu);
  if (g_log_owned)
    close(g_log_fd);
  g_log_fd = 2;
  g_log_owned = false;
  g_log_file[0] = '\0';
  pthread_mutex_unlock(&g_log_mu);
}

void csan_log_checking_cut(const char *why, const char *stream, bool more) {
  csan_log_printf("csan: WARNING: %s: races between work stream %s issued before this point "
                  "(work the program never waited for) and later work are not reported%s\n",
                  why, stream, more ? " (further streams are only counted)" : "");
}
