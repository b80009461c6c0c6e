/* csan_report_names.c: the words of a report that the reporter and both
 * printers use: access and race kinds, and the SUMMARY location. The
 * reporter (csan_report.c) and the printers (csan_report_text.c,
 * csan_report_json.c) call this file; it calls neither.
 */
#include "csan_report_item.h"

#include <stdio.h>

#include "csan_stack.h"

uint32_t csan_tag_access(csan_tag_t tag) {
  uint32_t acc = CSAN_ACC_READ;
  if (tag & CSAN_TAG_WRITE)
    acc |= CSAN_ACC_WRITE;
  if (tag & CSAN_TAG_ATOMIC)
    acc |= CSAN_ACC_ATOMIC;
  if (tag & CSAN_TAG_FREE)
    acc |= CSAN_ACC_FREE | CSAN_ACC_WRITE;
  return acc;
}

const char *csan_race_kind(uint32_t access, uint32_t previous) {
  if ((access | previous) & CSAN_ACC_FREE)
    return "use-after-free";
  bool w = access & CSAN_ACC_WRITE, pw = previous & CSAN_ACC_WRITE;
  if (pw)
    return w ? "write-write" : "write-read";
  return w ? "read-write" : "read-read";
}

const char *csan_access_name(uint32_t access, bool lower) {
  const char *upper_name, *lower_name;
  if (access & CSAN_ACC_FREE) {
    upper_name = "Free";
    lower_name = "free";
  } else if (access & CSAN_ACC_ALLOC) {
    upper_name = "Allocation";
    lower_name = "allocation";
  } else if (access & CSAN_ACC_ATOMIC) {
    bool w = access & CSAN_ACC_WRITE;
    upper_name = w ? "Atomic write" : "Atomic read";
    lower_name = w ? "atomic write" : "atomic read";
  } else if (access & CSAN_ACC_WRITE) {
    upper_name = "Write";
    lower_name = "write";
  } else {
    upper_name = "Read";
    lower_name = "read";
  }
  return lower ? lower_name : upper_name;
}

/* ------------------------------------------------------------------------
 * The SUMMARY location.
 * ---------------------------------------------------------------------- */

void csan_report_summary_location(const csan_report_item *it, char *buf, size_t n) {
  const csan_report_side *s = &it->cur;
  buf[0] = '\0';
  const char *file = NULL, *func = NULL;
  uint32_t line = 0, column = 0;
  if (s->have_site && s->site.file) {
    file = s->site.file;
    line = s->site.line;
    column = s->site.column;
    func = s->function;
  } else if (s->have_op) {
    file = s->op.site.file;
    line = s->op.site.line;
    column = s->op.site.column;
    func = s->op.site.function ? csan_demangle(s->op.site.function)
                               : (s->kernel ? s->kernel : s->op.what);
  }
  size_t used = 0;
#define APPEND(...)                                                                     \
  do {                                                                                  \
    if (used < n) {                                                                     \
      int w = snprintf(buf + used, n - used, __VA_ARGS__);                              \
      used += w > 0 ? (size_t)w : 0;                                                    \
    }                                                                                   \
  } while (0)
  if (file) {
    APPEND("%s", file);
    if (!line)
      APPEND(":?"); /* no line known: as the frame prints it */
    else if (column)
      APPEND(":%u:%u", line, column);
    else
      APPEND(":%u", line);
  }
  if (func)
    APPEND("%sin %s", file ? " " : "", func);
#undef APPEND
}
