/* csan_report_text.c: the text report, in the shape of a TSan report.
 *
 *   ==================
 *   WARNING: csan: data race (KIND) on N bytes at ADDR
 *     <Access> of size S at ADDR by WHAT on stream X:     (the reporting access)
 *       #0 FUNC FILE:LINE:COL                             (device site)
 *       #0 0xPC in FUNC FILE:LINE:COL       (or: a host function's access, its stack)
 *       block (x,y,z), thread (x,y,z); operation #N on slot S
 *       issued at:
 *         #0 0xPC in FUNC FILE:LINE:COL                   (host stack or call site)
 *     Previous <access> of size S by WHAT on stream X:
 *       ...
 *     Location: bytes [OFF, END) of a SIZE-byte allocation at BASE made by API at:
 *         #0 ...
 *   SUMMARY: csan: data race (KIND) FILE:LINE:COL in FUNC
 *   ==================
 */
#include <stdlib.h>
#include <string.h>

#include "csan_report_item.h"
#include "csan_stack.h"

#define FENCE "==================\n"
#define STACK_INDENT "      "

/* FILE:LINE:COL, or FILE:? for line 0: debug info that had no line for the
 * code (the pass finds one wherever the module has it), said explicitly
 * rather than printed as a bare file that reads like a complete place. */
static void print_loc(FILE *out, const char *file, uint32_t line, uint32_t column) {
  fputs(file, out);
  if (!line) {
    fputs(":?", out);
    return;
  }
  fprintf(out, ":%u", line);
  if (column)
    fprintf(out, ":%u", column);
}

/* A host call site as a one-frame stack: `#0 FUNC FILE:LINE:COL`. */
static bool print_host_site(FILE *out, const csan_host_site *site) {
  if (!site->file && !site->function)
    return false;
  fputs(STACK_INDENT "#0", out);
  if (site->function)
    fprintf(out, " %s", csan_demangle(site->function));
  if (site->file) {
    fputc(' ', out);
    print_loc(out, site->file, site->line, site->column);
  }
  fputc('\n', out);
  return true;
}

/* `<header> at:` and the stack, or `<header>` alone when nothing is known.
 * The header is written by the caller without its line end. */
static void print_origin(FILE *out, uint32_t stack, const csan_host_site *site) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  bool any = false;
  if (m) {
    any = stack && csan_stack_print_at(m, stack, site, STACK_INDENT) > 0;
    if (!any)
      any = print_host_site(m, site);
    fclose(m);
  }
  if (any) {
    fputs(" at:\n", out);
    fwrite(buf, 1, len, out);
  } else {
    fputc('\n', out);
  }
  free(buf);
}

static void print_side(FILE *out, const csan_report_item *it, const csan_report_side *s) {
  fprintf(out, "  %s%s", s->previous ? "Previous " : "",
          csan_access_name(s->access, s->previous));
  if (s->size)
    fprintf(out, " of size %llu", (unsigned long long)s->size);
  if (!s->previous)
    fprintf(out, " at 0x%llx", (unsigned long long)it->addr);
  if (!s->have_op) {
    fprintf(out, " by an unknown operation on slot %u:\n", s->slot);
    if (s->epoch == 0) /* a FREE marker kept across a restart of the clocks */
      fputs("    operation from before csan's clocks restarted (the epoch window)\n", out);
    else
      fprintf(out, "    operation (epoch %u on slot %u) was never registered\n", s->epoch,
              s->slot);
    return;
  }
  fprintf(out, " by %s", s->what);
  if (s->stream)
    fprintf(out, " on stream %s:\n", s->stream);
  else
    fputs(" on the host:\n", out);
  if (s->have_site) {
    fprintf(out, "    #0 %s", s->function ? s->function : "??");
    if (s->site.file) {
      fputc(' ', out);
      print_loc(out, s->site.file, s->site.line, s->site.column);
    }
    fputc('\n', out);
  }
  /* Host code the operation ran (a host function): where the access was. */
  if (s->op.access_stack)
    csan_stack_print(out, s->op.access_stack, "    ");
  fputs("    ", out);
  if (s->have_thread)
    fprintf(out, "block (%u,%u,%u), thread (%u,%u,%u); ", s->block[0], s->block[1],
            s->block[2], s->thread[0], s->thread[1], s->thread[2]);
  fprintf(out, "operation #%llu on slot %u\n", (unsigned long long)s->op.op_id, s->slot);
  fputs("    issued", out);
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (m) {
    print_origin(m, s->op.stack, &s->op.site);
    fclose(m);
    /* Nothing known about where it was issued: drop the line. */
    if (len > 1)
      fwrite(buf, 1, len, out);
    else
      fputs(" from an unknown place\n", out);
    free(buf);
  }
}

static void print_location(FILE *out, const csan_report_item *it) {
  if (!it->have_alloc) {
    fprintf(out, "  Location: %llu bytes at 0x%llx, in no allocation csan knows of\n",
            (unsigned long long)it->len, (unsigned long long)it->addr);
    return;
  }
  const csan_alloc_info *a = &it->alloc;
  uint64_t off = it->addr - a->base;
  fprintf(out, "  Location: bytes [%llu, %llu) of ", (unsigned long long)off,
          (unsigned long long)(off + it->len));
  if (a->name)
    fprintf(out, "allocation %s (%llu bytes) at 0x%llx", a->name, (unsigned long long)a->size,
            (unsigned long long)a->base);
  else
    fprintf(out, "a %llu-byte allocation at 0x%llx", (unsigned long long)a->size,
            (unsigned long long)a->base);
  fprintf(out, " made by %s", a->made.api ? a->made.api : "an unknown call");
  print_origin(out, a->made.stack, &a->made.site);
  if (a->flags & CSAN_ALLOC_FREED) {
    fprintf(out, "  Freed by %s", a->freed.api ? a->freed.api : "an unknown call");
    print_origin(out, a->freed.stack, &a->freed.site);
  }
}

void csan_report_print_text(FILE *out, const csan_report_item *it) {
  fputs(FENCE, out);
  fprintf(out, "WARNING: csan: data race (%s) on %llu bytes at 0x%llx\n", it->kind,
          (unsigned long long)it->len, (unsigned long long)it->addr);
  print_side(out, it, &it->cur);
  print_side(out, it, &it->prev);
  print_location(out, it);
  if (it->note)
    fprintf(out, "  Note: %s\n", it->note);
  char loc[8192];
  csan_report_summary_location(it, loc, sizeof(loc));
  fprintf(out, "SUMMARY: csan: data race (%s)%s%s\n", it->kind, loc[0] ? " " : "", loc);
  fputs(FENCE, out);
}
