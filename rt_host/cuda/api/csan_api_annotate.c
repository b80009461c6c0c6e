/* csan_api_annotate.c: the annotation API of include/csan/csan.h, and the
 * two entry points csan-host emits for library calls: the registration of
 * the real library functions a module calls, and the count of a call of a
 * library function csan has no model of.
 *
 * An annotation is a bracket on one host thread: csan_annotate_begin names
 * the operation, its stream and the caller's line; csan_annotate_read/write
 * declare its ranges (classified at once: ranges outside tracked device
 * memory are dropped); csan_annotate_end issues it as one operation on the
 * stream whose declared ranges csan's range kernel checks, like a copy's
 * (csan_rt_xfer.c). While the bracket is open, calls that would be counted
 * as unchecked are not (csan_rt_lib_unchecked): the annotation covers them.
 */
#include "csan_lib_api.h"
#include "csan_rt_device.h"
#include "csan_rt_lib.h"

#include <csan/csan.h>

#include <string.h>

static _Atomic bool g_warned_nested, g_warned_stray_range, g_warned_stray_end;

/* Closes the calling thread's bracket: issues its operation when csan
 * checks its stream. */
static void annot_close(csan_rt_annot *a) {
  a->open = false;
  if (!csan_rt_lib_active(a->stream, a->pt)) {
    csan_rt_xfer_free(&a->x);
    return;
  }
  csan_rt_op o;
  if (!csan_rt_xfer_begin(&a->x, &o, &a->site, NULL)) {
    csan_rt_xfer_free(&a->x);
    return;
  }
  csan_rt_xfer_end(&a->x, &o, true);
}

CSAN_EXPORT void __csan_annotate_begin(void *stream, const char *name, const char *file,
                                       const char *function, unsigned line) {
  csan_rt_init();
  csan_rt_annot *a = csan_rt_annot_self();
  if (a->open) {
    csan_rt_warn_once(&g_warned_nested,
                      "csan_annotate_begin at %s:%u while the bracket opened at %s:%u is still "
                      "open: brackets do not nest; the earlier one ends here",
                      file ? file : "?", line, a->site.file ? a->site.file : "?", a->site.line);
    annot_close(a);
  }
  memset(a, 0, sizeof *a);
  a->open = true;
  a->stream = (cudaStream_t)stream;
  a->name = csan_intern(name && name[0] ? name : "annotated operation");
  a->site.file = file;
  a->site.function = function;
  a->site.line = line;
  csan_rt_xfer_init(&a->x, a->name, false, false, a->stream);
  a->x.kind = CSAN_OPK_LIBRARY;
  if (csan_rt_active())
    a->x.stack = csan_rt_stack(__builtin_return_address(0), &a->site);
}

CSAN_EXPORT void __csan_annotate_range(const void *p, unsigned long long width,
                                       unsigned long long rows, unsigned long long pitch,
                                       int write) {
  csan_rt_annot *a = csan_rt_annot_self();
  if (!a->open) {
    csan_rt_warn_once(&g_warned_stray_range,
                      "csan_annotate_read/write outside a csan_annotate_begin/end bracket: "
                      "ignored");
    return;
  }
  a->ranges++;
  if (!p || !width || !rows || !csan_rt_active())
    return;
  csan_region r = {(uint64_t)(uintptr_t)p, width, rows, rows > 1 ? pitch : width, 1, 0};
  csan_rt_xfer_region(&a->x, csan_rt_mem_class(p), r, write ? CSAN_ACC_WRITE : CSAN_ACC_READ);
}

CSAN_EXPORT void __csan_annotate_end(void) {
  csan_rt_annot *a = csan_rt_annot_self();
  if (!a->open) {
    csan_rt_warn_once(&g_warned_stray_end,
                      "csan_annotate_end without csan_annotate_begin: ignored");
    return;
  }
  annot_close(a);
}

/* ------------------------------------------------------------------------
 * csan-host's entry points for library calls.
 * ---------------------------------------------------------------------- */

/* A module's table of the library functions it calls (csan-host's
 * constructor, before main). */
CSAN_EXPORT void __csan_lib_register(const void *fns, uint32_t n) {
  csan_rt_lib_register((const csan_lib_fn *)fns, n);
}

/* Precedes each call of a library function csan has no model of. */
CSAN_EXPORT void __csan_lib_unchecked(const char *name, const csan_host_site *site) {
  csan_rt_init();
  csan_rt_lib_unchecked(name,
                        "csan has no model of what this library function accesses (declare it "
                        "with csan_annotate_begin/read/write/end, include/csan/csan.h)",
                        site);
}
