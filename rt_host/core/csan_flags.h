/* csan_flags.h: run-time options from CSAN_OPTIONS.
 *
 * CSAN_OPTIONS holds `name=value` pairs separated by ':' or white space, as
 * ASAN_OPTIONS does: `CSAN_OPTIONS=exitcode=3:report_format=json`. A value
 * may be quoted with ' or " to hold separators
 * (`log_path='/tmp/my logs/csan'`). Later pairs override earlier ones.
 * The flags, their types, defaults, ranges and help text are listed once,
 * in csan_flags.inc.
 *
 * The runtime calls csan_flags_init() once at start-up; it exits the process
 * with status 1 and `csan: ERROR: CSAN_OPTIONS: <message>` on a bad option.
 * Tests and tools use the pure csan_flags_parse().
 */
#ifndef CSAN_FLAGS_H
#define CSAN_FLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* report_format values. */
typedef enum csan_report_format {
  CSAN_REPORT_TEXT = 0, /* the TSan-shaped text report */
  CSAN_REPORT_JSON = 1  /* one JSON object per line */
} csan_report_format;

/* String flags live in the struct, so csan_flags is a plain value that can
 * be copied and needs no freeing. */
#define CSAN_FLAG_STR_MAX 1024

#define CSAN_FLAG_CTYPE_BOOL bool
#define CSAN_FLAG_CTYPE_INT int
#define CSAN_FLAG_CTYPE_POW2 int
#define CSAN_FLAG_CTYPE_STR char
#define CSAN_FLAG_CTYPE_FORMAT csan_report_format
#define CSAN_FLAG_DIM_BOOL
#define CSAN_FLAG_DIM_INT
#define CSAN_FLAG_DIM_POW2
#define CSAN_FLAG_DIM_STR [CSAN_FLAG_STR_MAX]
#define CSAN_FLAG_DIM_FORMAT

/* One member per flag, named like the flag:
 *   int exitcode; bool halt_on_error; char log_path[CSAN_FLAG_STR_MAX]; ... */
typedef struct csan_flags {
#define CSAN_FLAG(type, name, def, min, max, desc)                             \
  CSAN_FLAG_CTYPE_##type name CSAN_FLAG_DIM_##type;
#include "csan_flags.inc"
#undef CSAN_FLAG
} csan_flags;

/* Sets every flag to its default. */
void csan_flags_defaults(csan_flags *f);

/* Parses `opts` (CSAN_OPTIONS syntax; null or empty: nothing) on top of the
 * current values of *f. Returns 0, or -1 with a message in err (always
 * NUL-terminated when errlen > 0) that names the option and the reason:
 *   unknown option 'foo'
 *   option 'exitcode' needs a value (exitcode=VALUE)
 *   bad value 'x' for exitcode: expected an integer
 *   bad value 'maybe' for halt_on_error: expected 0, 1, true or false
 *   exitcode=300 is out of range [0, 255]
 *   race_table_size=1000 is not a power of two
 *   bad value 'xml' for report_format: expected text or json
 * On error *f may hold the options that came before the bad one. */
int csan_flags_parse(csan_flags *f, const char *opts, char *err, size_t errlen);

/* Writes every flag with its type, default, current value and description. */
void csan_flags_print_help(FILE *out, const csan_flags *current);

/* Start-up: defaults, then getenv("CSAN_OPTIONS"). On an error prints
 * `csan: ERROR: CSAN_OPTIONS: <message>` to stderr and exits with status 1.
 * With help=1 prints the help to stderr and goes on. */
void csan_flags_init(csan_flags *f);

/* The symbolizer csan should run: symbolizer_path if set, else
 * $LLVM_SYMBOLIZER_PATH, else the first executable llvm-symbolizer on PATH.
 * Writes it to buf and returns buf, or returns null when there is none. Does
 * not check that a path given explicitly exists (the stack printer falls back
 * when it cannot start it). */
const char *csan_flags_symbolizer(const csan_flags *f, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_FLAGS_H */
