/* fuzz_common.h: what the harnesses share.
 *
 * Each harness is a libFuzzer target (LLVMFuzzerTestOneInput) built with
 * -fsanitize=fuzzer,address,undefined (fuzz/CMakeLists.txt), so a crash, an
 * out-of-bounds access, a leak or undefined behaviour ends the run with the
 * input that caused it. Harnesses add their own oracles and call
 * fuzz_fail() when one does not hold.
 */
#ifndef CSAN_FUZZ_COMMON_H
#define CSAN_FUZZ_COMMON_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The input as a C string (the parsers take NUL-terminated text; an input
 * with a NUL in it is cut there, as getenv or a text file would be). */
static inline char *fuzz_cstr(const unsigned char *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s)
    abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* Where csan's reports and messages go while fuzzing: stdout is sent to
 * /dev/null (libFuzzer writes to stderr). */
static inline void fuzz_quiet_stdout(void) {
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0 || dup2(fd, 1) < 0)
    abort();
  close(fd);
}

static inline FILE *fuzz_devnull(void) {
  static FILE *f;
  if (!f)
    f = fopen("/dev/null", "w");
  if (!f)
    abort();
  return f;
}

/* An oracle failed: say which, and abort (libFuzzer keeps the input). */
#define fuzz_fail(...)                                                                         \
  do {                                                                                         \
    fprintf(stderr, "fuzz: " __VA_ARGS__);                                                     \
    fputc('\n', stderr);                                                                       \
    abort();                                                                                   \
  } while (0)

#endif /* CSAN_FUZZ_COMMON_H */
