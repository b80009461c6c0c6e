/* fuzz_flags: CSAN_OPTIONS parsing (rt_host/core/csan_flags.c).
 *
 * Oracles: the error message is NUL-terminated in a buffer of any size
 * (zero, one and small buffers included); after a successful parse every
 * string flag is NUL-terminated within CSAN_FLAG_STR_MAX, the help prints,
 * and parsing the same text again gives the same flags; the symbolizer
 * look-up stays within any buffer.
 */
#include "csan_flags.h"
#include "fuzz_common.h"

static void check_strings(const csan_flags *f) {
  const char *s[] = {f->log_path, f->suppressions, f->symbolizer_path};
  for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++)
    if (strnlen(s[i], CSAN_FLAG_STR_MAX) == CSAN_FLAG_STR_MAX)
      fuzz_fail("string flag %zu is not NUL-terminated", i);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
  /* The first byte picks the size of the error buffer. */
  size_t errlen = size ? data[0] % 48 : 32;
  char *opts = fuzz_cstr(data + (size ? 1 : 0), size ? size - 1 : 0);
  char err[48];
  memset(err, 'x', sizeof(err));
  csan_flags f;
  csan_flags_defaults(&f);
  int rc = csan_flags_parse(&f, opts, errlen ? err : NULL, errlen);
  if (errlen && !memchr(err, '\0', errlen))
    fuzz_fail("the error message is not NUL-terminated in %zu bytes", errlen);
  if (errlen < sizeof(err) && err[errlen] != 'x')
    fuzz_fail("the error message was written past %zu bytes", errlen);
  if (rc == 0) {
    check_strings(&f);
    csan_flags again;
    csan_flags_defaults(&again);
    char err2[256];
    if (csan_flags_parse(&again, opts, err2, sizeof(err2)) != 0 ||
        memcmp(&again, &f, sizeof(f)) != 0)
      fuzz_fail("a second parse of the same options differs");
    csan_flags_print_help(fuzz_devnull(), &f);
    char buf[16];
    const char *sym = csan_flags_symbolizer(&f, buf, (size_t)(size % sizeof(buf)));
    if (sym && strnlen(sym, sizeof(buf)) == sizeof(buf))
      fuzz_fail("the symbolizer path overflows its buffer");
  }
  free(opts);
  return 0;
}
