/* csan_flags.c: CSAN_OPTIONS parsing, generated from csan_flags.inc.
 *
 * The parser is a small tokenizer (separators ':' and white space, values
 * optionally quoted) and one table of flag descriptors built by the X-macro;
 * each descriptor knows its member's offset, so parsing, defaults and help
 * are one loop over the table each.
 */
#include "csan_flags.h"

#include "csan_errbuf.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum flag_type { FT_BOOL, FT_INT, FT_POW2, FT_STR, FT_FORMAT } flag_type;

typedef struct flag_desc {
  const char *name;
  flag_type type;
  size_t offset;
  long long min, max;
  const char *desc;
} flag_desc;

static const flag_desc kFlags[] = {
#define CSAN_FLAG(type, name, def, min, max, desc)                             \
  {#name, FT_##type, offsetof(csan_flags, name), (min), (max), desc},
#include "csan_flags.inc"
#undef CSAN_FLAG
};
#define NUM_FLAGS (sizeof(kFlags) / sizeof(kFlags[0]))

/* Defaults need the member's own type, so they are assigned member by
 * member rather than through the table. */
#define CSAN_SET_DEFAULT_BOOL(f, name, def) (f)->name = (def)
#define CSAN_SET_DEFAULT_INT(f, name, def) (f)->name = (def)
#define CSAN_SET_DEFAULT_POW2(f, name, def) (f)->name = (def)
#define CSAN_SET_DEFAULT_FORMAT(f, name, def) (f)->name = (def)
#define CSAN_SET_DEFAULT_STR(f, name, def)                                     \
  _Static_assert(sizeof(def) <= CSAN_FLAG_STR_MAX, "default too long");       \
  memcpy((f)->name, def, sizeof(def))

void csan_flags_defaults(csan_flags *f) {
  memset(f, 0, sizeof(*f));
#define CSAN_FLAG(type, name, def, min, max, desc) CSAN_SET_DEFAULT_##type(f, name, def);
#include "csan_flags.inc"
#undef CSAN_FLAG
}

static bool is_sep(char c) {
  return c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

static const flag_desc *find_flag(const char *name, size_t len) {
  for (size_t i = 0; i < NUM_FLAGS; i++)
    if (strlen(kFlags[i].name) == len && memcmp(kFlags[i].name, name, len) == 0)
      return &kFlags[i];
  return NULL;
}

static const char *format_name(csan_report_format v) {
  return v == CSAN_REPORT_JSON ? "json" : "text";
}

/* Stores `value` into the flag, or explains why it cannot. */
static int set_flag(csan_flags *f, const flag_desc *d, const char *value, char *err,
                    size_t errlen) {
  char *member = (char *)f + d->offset;
  switch (d->type) {
  case FT_BOOL: {
    bool v;
    if (!strcmp(value, "1") || !strcmp(value, "true"))
      v = true;
    else if (!strcmp(value, "0") || !strcmp(value, "false"))
      v = false;
    else {
      csan_set_err(err, errlen, "bad value '%s' for %s: expected 0, 1, true or false", value,
              d->name);
      return -1;
    }
    *(bool *)member = v;
    return 0;
  }
  case FT_INT:
  case FT_POW2: {
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (*value == '\0' || *end != '\0') {
      csan_set_err(err, errlen, "bad value '%s' for %s: expected an integer", value, d->name);
      return -1;
    }
    if (errno == ERANGE || v < d->min || v > d->max) {
      csan_set_err(err, errlen, "%s=%s is out of range [%lld, %lld]", d->name, value, d->min,
              d->max);
      return -1;
    }
    if (d->type == FT_POW2 && (v & (v - 1)) != 0) {
      csan_set_err(err, errlen, "%s=%s is not a power of two", d->name, value);
      return -1;
    }
    *(int *)member = (int)v;
    return 0;
  }
  case FT_STR: {
    size_t len = strlen(value);
    if (len >= CSAN_FLAG_STR_MAX) {
      csan_set_err(err, errlen, "value of %s is too long (%zu bytes, at most %d)", d->name, len,
              CSAN_FLAG_STR_MAX - 1);
      return -1;
    }
    memcpy(member, value, len + 1);
    return 0;
  }
  case FT_FORMAT:
    if (!strcmp(value, "text"))
      *(csan_report_format *)member = CSAN_REPORT_TEXT;
    else if (!strcmp(value, "json"))
      *(csan_report_format *)member = CSAN_REPORT_JSON;
    else {
      csan_set_err(err, errlen, "bad value '%s' for %s: expected text or json", value, d->name);
      return -1;
    }
    return 0;
  }
  return -1;
}

int csan_flags_parse(csan_flags *f, const char *opts, char *err, size_t errlen) {
  if (err && errlen)
    err[0] = '\0';
  if (!opts)
    return 0;
  /* Values are copied here before conversion; a value longer than a string
   * flag can hold is reported by set_flag, so one extra byte is enough. */
  char value[CSAN_FLAG_STR_MAX + 1];
  const char *p = opts;
  for (;;) {
    while (is_sep(*p))
      p++;
    if (*p == '\0')
      return 0;
    const char *name = p;
    while (*p && *p != '=' && !is_sep(*p))
      p++;
    size_t name_len = (size_t)(p - name);
    const flag_desc *d = find_flag(name, name_len);
    if (!d) {
      csan_set_err(err, errlen, "unknown option '%.*s'", (int)name_len, name);
      return -1;
    }
    if (*p != '=') {
      csan_set_err(err, errlen, "option '%s' needs a value (%s=VALUE)", d->name, d->name);
      return -1;
    }
    p++;
    /* A value runs to the next separator, or to its closing quote. Only
     * its first sizeof(value) - 1 bytes are kept; len counts them all. */
    char quote = (*p == '\'' || *p == '"') ? *p++ : '\0';
    size_t len = 0;
    for (; *p && (quote ? *p != quote : !is_sep(*p)); p++, len++)
      if (len < sizeof(value) - 1)
        value[len] = *p;
    if (quote) {
      if (*p != quote) {
        csan_set_err(err, errlen, "unterminated %c quote in the value of %s", quote, d->name);
        return -1;
      }
      p++;
      if (*p && !is_sep(*p)) {
        csan_set_err(err, errlen, "unexpected text after the quoted value of %s", d->name);
        return -1;
      }
    }
    if (len > sizeof(value) - 1) {
      csan_set_err(err, errlen, "value of %s is too long (%zu bytes, at most %d)", d->name, len,
                   CSAN_FLAG_STR_MAX - 1);
      return -1;
    }
    value[len] = '\0';
    if (set_flag(f, d, value, err, errlen) != 0)
      return -1;
  }
}

static void print_value(FILE *out, const flag_desc *d, const csan_flags *f) {
  const char *member = (const char *)f + d->offset;
  switch (d->type) {
  case FT_BOOL:
    fprintf(out, "%d", *(const bool *)member ? 1 : 0);
    break;
  case FT_INT:
  case FT_POW2:
    fprintf(out, "%d", *(const int *)member);
    break;
  case FT_STR:
    fprintf(out, "'%s'", member);
    break;
  case FT_FORMAT:
    fprintf(out, "%s", format_name(*(const csan_report_format *)member));
    break;
  }
}

void csan_flags_print_help(FILE *out, const csan_flags *current) {
  csan_flags defaults;
  csan_flags_defaults(&defaults);
  fprintf(out, "csan: CSAN_OPTIONS flags (name=value, separated by ':' or spaces):\n");
  for (size_t i = 0; i < NUM_FLAGS; i++) {
    const flag_desc *d = &kFlags[i];
    fprintf(out, "  %s (", d->name);
    switch (d->type) {
    case FT_BOOL:
      fprintf(out, "bool");
      break;
    case FT_INT:
      fprintf(out, "int in [%lld, %lld]", d->min, d->max);
      break;
    case FT_POW2:
      fprintf(out, "power of two in [%lld, %lld]", d->min, d->max);
      break;
    case FT_STR:
      fprintf(out, "string");
      break;
    case FT_FORMAT:
      fprintf(out, "text|json");
      break;
    }
    fprintf(out, ", default ");
    print_value(out, d, &defaults);
    fprintf(out, ", now ");
    print_value(out, d, current);
    fprintf(out, ")\n      %s\n", d->desc);
  }
}

void csan_flags_init(csan_flags *f) {
  char err[2 * CSAN_FLAG_STR_MAX];
  csan_flags_defaults(f);
  if (csan_flags_parse(f, getenv("CSAN_OPTIONS"), err, sizeof(err)) != 0) {
    fprintf(stderr, "csan: ERROR: CSAN_OPTIONS: %s\n", err);
    exit(1);
  }
  if (f->help)
    csan_flags_print_help(stderr, f);
}

static bool executable(const char *path) { return path[0] && access(path, X_OK) == 0; }

const char *csan_flags_symbolizer(const csan_flags *f, char *buf, size_t n) {
  if (n == 0)
    return NULL;
  const char *explicit_path = f->symbolizer_path[0] ? f->symbolizer_path
                                                    : getenv("LLVM_SYMBOLIZER_PATH");
  if (explicit_path && explicit_path[0]) {
    if (strlen(explicit_path) >= n)
      return NULL;
    strcpy(buf, explicit_path);
    return buf;
  }
  const char *path = getenv("PATH");
  if (!path)
    return NULL;
  for (const char *dir = path; *dir;) {
    const char *end = strchr(dir, ':');
    size_t len = end ? (size_t)(end - dir) : strlen(dir);
    if (len > 0 && (size_t)snprintf(buf, n, "%.*s/llvm-symbolizer", (int)len, dir) < n &&
        executable(buf))
      return buf;
    if (!end)
      break;
    dir = end + 1;
  }
  return NULL;
}
