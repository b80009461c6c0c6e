/* fuzz_suppress: suppression files and glob matching
 * (rt_host/core/csan_suppress.c).
 *
 * Oracles: a parsed file's rules each match their own pattern (every glob
 * matches itself: `*` matches `*`, `?` matches `?`); csan_glob_match agrees
 * with a plain dynamic-programming matcher on the input cut in two
 * (pattern, name); matching, counting and printing work on what parsed.
 */
#include <stdbool.h>

#include "csan_suppress.h"
#include "fuzz_common.h"

/* The reference: dp[j] says whether the pattern so far matches s[0, j). */
static bool glob_reference(const char *p, const char *s) {
  size_t n = strlen(s);
  bool *dp = calloc(n + 1, sizeof(*dp));
  bool *next = calloc(n + 1, sizeof(*next));
  if (!dp || !next)
    abort();
  dp[0] = true;
  for (; *p; p++) {
    memset(next, 0, (n + 1) * sizeof(*next));
    for (size_t j = 0; j <= n; j++) {
      if (*p == '*')
        next[j] = dp[j] || (j > 0 && next[j - 1]);
      else if (j > 0)
        next[j] = dp[j - 1] && (*p == '?' || *p == s[j - 1]);
    }
    bool *t = dp;
    dp = next;
    next = t;
  }
  bool r = dp[n];
  free(dp);
  free(next);
  return r;
}

static void check_rules(csan_suppressions *s) {
  for (size_t i = 0; i < csan_suppressions_count(s); i++) {
    const csan_suppression *r = csan_suppressions_rule(s, i);
    if (!r || !r->pattern || !csan_glob_match(r->pattern, r->pattern))
      fuzz_fail("rule %zu does not match its own pattern", i);
    csan_supp_access a = {r->pattern, r->pattern, r->pattern, r->pattern, r->pattern};
    if (!csan_suppressions_match(s, &a, NULL))
      fuzz_fail("no rule matches an access named by rule %zu's pattern", i);
  }
  csan_supp_access fixed = {"produce(float*)", "_Z7producePf", "helper(int)", "_Z6helperi",
                            "/src/dir/race.cu"};
  csan_suppressions_match(s, &fixed, &fixed);
  (void)csan_suppressions_total_hits(s);
  csan_suppressions_print_stats(fuzz_devnull(), s);
}

/* Pattern and name: the input cut at its first newline. */
static void check_glob(const char *text) {
  const char *nl = strchr(text, '\n');
  if (!nl || strlen(text) > 512)
    return;
  char *pattern = strndup(text, (size_t)(nl - text));
  if (!pattern)
    abort();
  bool got = csan_glob_match(pattern, nl + 1), want = glob_reference(pattern, nl + 1);
  if (got != want)
    fuzz_fail("glob '%s' on '%s': %d, the reference says %d", pattern, nl + 1, got, want);
  free(pattern);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  char *text = fuzz_cstr(data, size);
  check_glob(text);
  csan_suppressions *s = NULL;
  char err[256];
  if (csan_suppressions_parse(text, "fuzz.supp", &s, err, sizeof(err)) == 0) {
    if (!s)
      fuzz_fail("a parse that succeeded returned no set");
    check_rules(s);
    csan_suppressions_free(s);
  } else if (s || !memchr(err, '\0', sizeof(err)) || !err[0]) {
    fuzz_fail("a failed parse must return no set and a message");
  }
  free(text);
  return 0;
}
