/* csan_errbuf.h: the (err, errlen) convention of csan's parsers: a function
 * that fails writes a message into the caller's buffer, if it gave one. */
#ifndef CSAN_ERRBUF_H
#define CSAN_ERRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

static inline void csan_set_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void csan_set_err(char *err, size_t errlen, const char *fmt, ...) {
  if (!err || errlen == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

#endif /* CSAN_ERRBUF_H */
