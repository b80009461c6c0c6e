/* csan_suppress.h: suppressions (CSAN_OPTIONS=suppressions=FILE).
 *
 * A suppressions file has one rule per line:
 *   race:GLOB      either access's kernel, function or source file matches
 *   kernel:GLOB    either access's kernel matches
 *   function:GLOB  either access's device function matches
 *   file:GLOB      either access's source file matches
 * GLOB uses `*` (any run of characters, '/' included) and `?` (one
 * character) and must match the whole name. Names are tried demangled and
 * mangled (`kernel:produce*` and `kernel:_Z7produce*` both work); files are
 * tried as the full path and as the file's last path component. `#` starts
 * a comment line; blank lines and surrounding white space are ignored. Any
 * other line is an error that names the file and line.
 *
 * For an access without a device site (a memcpy, or csan-replay) the
 * function and file are those of the operation's host call site.
 *
 * A suppressed race is counted per rule (csan_suppressions_print_stats) but
 * not reported and does not change the exit status.
 */
#ifndef CSAN_SUPPRESS_H
#define CSAN_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum csan_supp_type {
  CSAN_SUPP_RACE,
  CSAN_SUPP_KERNEL,
  CSAN_SUPP_FUNCTION,
  CSAN_SUPP_FILE
} csan_supp_type;

/* The names of one access that rules are matched against; null = unknown. */
typedef struct csan_supp_access {
  const char *kernel;           /* demangled kernel name (kernels only) */
  const char *kernel_mangled;
  const char *function;         /* demangled device function (or host site's) */
  const char *function_mangled;
  const char *file;             /* device source file (or host site's) */
} csan_supp_access;

typedef struct csan_suppression {
  csan_supp_type type;
  const char *pattern;
  unsigned line;   /* in its file */
  uint64_t hits;   /* races it suppressed */
} csan_suppression;

typedef struct csan_suppressions csan_suppressions;

/* Parses suppressions from text; `filename` is used in messages. Returns 0
 * and a set in *out, or -1 with a message in err such as
 *   supp.txt:3: unknown suppression type 'foo' (expected race, kernel, function or file)
 *   supp.txt:4: expected TYPE:GLOB, got 'kernel produce'
 *   supp.txt:5: empty pattern after 'kernel:' */
int csan_suppressions_parse(const char *text, const char *filename, csan_suppressions **out,
                            char *err, size_t errlen);
/* Reads and parses a file. Also fails if the file cannot be read:
 *   cannot read suppressions file 'x.supp': No such file or directory */
int csan_suppressions_load(const char *path, csan_suppressions **out, char *err,
                           size_t errlen);
/* Start-up: loads path (null or empty: returns null, no suppressions), or
 * prints `csan: ERROR: <message>` to stderr and exits with status 1. */
csan_suppressions *csan_suppressions_init(const char *path);
void csan_suppressions_free(csan_suppressions *s);

/* The first rule that matches access a or b (b may be null), with its hit
 * count incremented; null when none does (or s is null). Thread-safe. */
const csan_suppression *csan_suppressions_match(csan_suppressions *s,
                                                const csan_supp_access *a,
                                                const csan_supp_access *b);

/* Number of rules, and rule i (for tests and statistics). */
size_t csan_suppressions_count(const csan_suppressions *s);
const csan_suppression *csan_suppressions_rule(const csan_suppressions *s, size_t i);
/* Races suppressed by all rules together. */
uint64_t csan_suppressions_total_hits(const csan_suppressions *s);
/* One line per rule that suppressed something:
 *   csan: suppressed 3 race(s) by kernel:produce* (supp.txt:2) */
void csan_suppressions_print_stats(FILE *out, const csan_suppressions *s);

/* Whole-string glob match with `*` and `?`. */
bool csan_glob_match(const char *pattern, const char *s);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_SUPPRESS_H */
