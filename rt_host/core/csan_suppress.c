/* csan_suppress.c: parsing and matching suppression rules. */
#include "csan_suppress.h"

#include "csan_errbuf.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct csan_suppressions {
  pthread_mutex_t mu; /* guards hits */
  csan_suppression *rules;
  size_t n;
  char *filename;
};

bool csan_glob_match(const char *p, const char *s) {
  /* Iterative: on a mismatch, retry from the last '*' one character later. */
  const char *star = NULL, *resume = NULL;
  while (*s) {
    if (*p == '*') {
      star = p++;
      resume = s;
    } else if (*p == '?' || *p == *s) {
      p++;
      s++;
    } else if (star) {
      p = star + 1;
      s = ++resume;
    } else {
      return false;
    }
  }
  while (*p == '*')
    p++;
  return *p == '\0';
}

static const struct {
  const char *name;
  csan_supp_type type;
} kTypes[] = {{"race", CSAN_SUPP_RACE},
              {"kernel", CSAN_SUPP_KERNEL},
              {"function", CSAN_SUPP_FUNCTION},
              {"file", CSAN_SUPP_FILE}};

static const char *type_name(csan_supp_type t) {
  for (size_t i = 0; i < sizeof(kTypes) / sizeof(kTypes[0]); i++)
    if (kTypes[i].type == t)
      return kTypes[i].name;
  return "?";
}

void csan_suppressions_free(csan_suppressions *s) {
  if (!s)
    return;
  for (size_t i = 0; i < s->n; i++)
    free((char *)s->rules[i].pattern);
  free(s->rules);
  free(s->filename);
  pthread_mutex_destroy(&s->mu);
  free(s);
}

static char *trim(char *b, char *e) {
  while (b < e && isspace((unsigned char)*b))
    b++;
  while (e > b && isspace((unsigned char)e[-1]))
    e--;
  *e = '\0';
  return b;
}

int csan_suppressions_parse(const char *text, const char *filename, csan_suppressions **out,
                            char *err, size_t errlen) {
  *out = NULL;
  csan_suppressions *s = calloc(1, sizeof(*s));
  char *copy = strdup(text ? text : "");
  if (!s || !copy) {
    free(s);
    free(copy);
    csan_set_err(err, errlen, "out of memory reading suppressions");
    return -1;
  }
  pthread_mutex_init(&s->mu, NULL);
  s->filename = strdup(filename ? filename : "<suppressions>");
  size_t cap = 0;
  unsigned lineno = 0;
  for (char *line = copy; line;) {
    char *nl = strchr(line, '\n');
    char *end = nl ? nl : line + strlen(line);
    char *next = nl ? nl + 1 : NULL;
    lineno++;
    char *l = trim(line, end);
    line = next;
    if (*l == '\0' || *l == '#')
      continue;
    char *colon = strchr(l, ':');
    if (!colon) {
      csan_set_err(err, errlen, "%s:%u: expected TYPE:GLOB, got '%s'", s->filename, lineno, l);
      goto fail;
    }
    *colon = '\0';
    char *type = trim(l, colon);
    char *pattern = trim(colon + 1, colon + 1 + strlen(colon + 1));
    int t = -1;
    for (size_t i = 0; i < sizeof(kTypes) / sizeof(kTypes[0]); i++)
      if (!strcmp(type, kTypes[i].name))
        t = (int)kTypes[i].type;
    if (t < 0) {
      csan_set_err(err, errlen,
              "%s:%u: unknown suppression type '%s' (expected race, kernel, function or file)",
              s->filename, lineno, type);
      goto fail;
    }
    if (*pattern == '\0') {
      csan_set_err(err, errlen, "%s:%u: empty pattern after '%s:'", s->filename, lineno, type);
      goto fail;
    }
    if (s->n == cap) {
      cap = cap ? cap * 2 : 8;
      csan_suppression *r = realloc(s->rules, cap * sizeof(*r));
      if (!r) {
        csan_set_err(err, errlen, "out of memory reading suppressions");
        goto fail;
      }
      s->rules = r;
    }
    s->rules[s->n++] = (csan_suppression){(csan_supp_type)t, strdup(pattern), lineno, 0};
  }
  free(copy);
  *out = s;
  return 0;
fail:
  free(copy);
  csan_suppressions_free(s);
  return -1;
}

int csan_suppressions_load(const char *path, csan_suppressions **out, char *err,
                           size_t errlen) {
  *out = NULL;
  FILE *f = fopen(path, "r");
  if (!f) {
    csan_set_err(err, errlen, "cannot read suppressions file '%s': %s", path, strerror(errno));
    return -1;
  }
  char *text = NULL;
  size_t len = 0, cap = 0;
  char chunk[4096];
  size_t r;
  while ((r = fread(chunk, 1, sizeof(chunk), f)) > 0) {
    if (len + r + 1 > cap) {
      cap = (len + r + 1) * 2;
      char *t = realloc(text, cap);
      if (!t) {
        free(text);
        fclose(f);
        csan_set_err(err, errlen, "out of memory reading suppressions file '%s'", path);
        return -1;
      }
      text = t;
    }
    memcpy(text + len, chunk, r);
    len += r;
  }
  bool failed = ferror(f);
  fclose(f);
  if (failed) {
    free(text);
    csan_set_err(err, errlen, "cannot read suppressions file '%s'", path);
    return -1;
  }
  if (text)
    text[len] = '\0';
  if (text && memchr(text, '\0', len)) {
    free(text);
    csan_set_err(err, errlen, "suppressions file '%s' is not a text file", path);
    return -1;
  }
  int rc = csan_suppressions_parse(text ? text : "", path, out, err, errlen);
  free(text);
  return rc;
}

csan_suppressions *csan_suppressions_init(const char *path) {
  if (!path || !path[0])
    return NULL;
  char err[1024];
  csan_suppressions *s;
  if (csan_suppressions_load(path, &s, err, sizeof(err)) != 0) {
    fprintf(stderr, "csan: ERROR: %s\n", err);
    exit(1);
  }
  return s;
}

static bool match_name(const char *pat, const char *a, const char *b) {
  return (a && csan_glob_match(pat, a)) || (b && csan_glob_match(pat, b));
}

static bool match_file(const char *pat, const char *file) {
  if (!file)
    return false;
  if (csan_glob_match(pat, file))
    return true;
  const char *base = strrchr(file, '/');
  return base && csan_glob_match(pat, base + 1);
}

static bool rule_matches(const csan_suppression *r, const csan_supp_access *a) {
  if (!a)
    return false;
  bool kernel = match_name(r->pattern, a->kernel, a->kernel_mangled);
  bool function = match_name(r->pattern, a->function, a->function_mangled);
  bool file = match_file(r->pattern, a->file);
  switch (r->type) {
  case CSAN_SUPP_RACE:
    return kernel || function || file;
  case CSAN_SUPP_KERNEL:
    return kernel;
  case CSAN_SUPP_FUNCTION:
    return function;
  case CSAN_SUPP_FILE:
    return file;
  }
  return false;
}

const csan_suppression *csan_suppressions_match(csan_suppressions *s,
                                                const csan_supp_access *a,
                                                const csan_supp_access *b) {
  if (!s)
    return NULL;
  for (size_t i = 0; i < s->n; i++)
    if (rule_matches(&s->rules[i], a) || rule_matches(&s->rules[i], b)) {
      pthread_mutex_lock(&s->mu);
      s->rules[i].hits++;
      pthread_mutex_unlock(&s->mu);
      return &s->rules[i];
    }
  return NULL;
}

size_t csan_suppressions_count(const csan_suppressions *s) { return s ? s->n : 0; }

const csan_suppression *csan_suppressions_rule(const csan_suppressions *s, size_t i) {
  return (s && i < s->n) ? &s->rules[i] : NULL;
}

/* The hit counters change under matches from other threads; the mutex is
 * the only mutable part of a const set. */
static pthread_mutex_t *hits_mu(const csan_suppressions *s) {
  return (pthread_mutex_t *)&s->mu;
}

uint64_t csan_suppressions_total_hits(const csan_suppressions *s) {
  if (!s)
    return 0;
  uint64_t total = 0;
  pthread_mutex_lock(hits_mu(s));
  for (size_t i = 0; i < s->n; i++)
    total += s->rules[i].hits;
  pthread_mutex_unlock(hits_mu(s));
  return total;
}

void csan_suppressions_print_stats(FILE *out, const csan_suppressions *s) {
  if (!s)
    return;
  pthread_mutex_lock(hits_mu(s));
  for (size_t i = 0; i < s->n; i++)
    if (s->rules[i].hits)
      fprintf(out, "csan: suppressed %llu race(s) by %s:%s (%s:%u)\n",
              (unsigned long long)s->rules[i].hits, type_name(s->rules[i].type),
              s->rules[i].pattern, s->filename, s->rules[i].line);
  pthread_mutex_unlock(hits_mu(s));
}
