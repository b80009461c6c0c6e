/* csan_report_json.c: report_format=json, one object per report per line.
 *
 * {"type":"race","kind":"write-read","address":"0x...","size":4,"offset":16,"count":1,
 *  "allocation":{"base":"0x...","size":4096,"api":"cudaMalloc","name":null,
 *                "freed":false,"stack":[FRAME...],"free_api":null,"free_stack":[]},
 *  "access":SIDE,"previous":SIDE,"summary":"race.cu:20:7 in consume(float*, int)"}
 * SIDE = {"kind":"read","size":4,"what":"kernel consume(float*, int)",
 *         "kernel":"consume(float*, int)","stream":"0x...","slot":2,"epoch":5,
 *         "op":5,"known":true,"file":"race.cu","line":20,"column":7,
 *         "function":"consume(float*, int)","block":[0,0,0],"thread":[4,0,0],
 *         "stack":[FRAME...],"access_stack":[FRAME...]}
 * ("stack": where the operation was issued; "access_stack": host code the
 * operation ran, a host function's access, or [])
 * FRAME = {"pc":"0x...","function":"main","file":"race.cu","line":34,"column":3,
 *          "module":"/path/a.out","offset":"0x1234"}   (a host stack frame), or
 *         {"function":null,"file":"sched.replay","line":9,"column":0} (a call site)
 * Addresses are hex strings (JSON numbers lose 64-bit precision); unknown
 * values are null. Strings are valid JSON whatever bytes the names hold
 * (kernel and file names come from the program and are not checked
 * anywhere): control characters are escaped, well-formed UTF-8 is kept as
 * it is, and each byte that does not begin a well-formed UTF-8 sequence
 * becomes \ufffd, the replacement character.
 */
#include <string.h>

#include "csan_report_item.h"
#include "csan_stack.h"

/* The length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong
 * forms, no surrogates, nothing above U+10FFFF), or 0. p is NUL-terminated,
 * and NUL is no continuation byte, so the reads stop at the end. */
static size_t utf8_len(const unsigned char *p) {
  unsigned char c = p[0];
  size_t n;
  unsigned char lo = 0x80, hi = 0xbf; /* the second byte's range */
  if (c >= 0xc2 && c <= 0xdf)
    n = 2;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4;
  else
    return 0;
  if (c == 0xe0)
    lo = 0xa0; /* overlong */
  else if (c == 0xed)
    hi = 0x9f; /* surrogates */
  else if (c == 0xf0)
    lo = 0x90; /* overlong */
  else if (c == 0xf4)
    hi = 0x8f; /* above U+10FFFF */
  if (p[1] < lo || p[1] > hi)
    return 0;
  for (size_t i = 2; i < n; i++)
    if (p[i] < 0x80 || p[i] > 0xbf)
      return 0;
  return n;
}

static void json_str(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p >= 0x80) {
      size_t n = utf8_len(p);
      if (n == 0) {
        fputs("\\ufffd", out);
        continue;
      }
      fwrite(p, 1, n, out);
      p += n - 1;
      continue;
    }
    switch (*p) {
    case '"':
      fputs("\\\"", out);
      break;
    case '\\':
      fputs("\\\\", out);
      break;
    case '\n':
      fputs("\\n", out);
      break;
    case '\t':
      fputs("\\t", out);
      break;
    case '\r':
      fputs("\\r", out);
      break;
    default:
      if (*p < 0x20)
        fprintf(out, "\\u%04x", *p);
      else
        fputc(*p, out);
    }
  }
  fputc('"', out);
}

static void json_hex(FILE *out, uint64_t v) { fprintf(out, "\"0x%llx\"", (unsigned long long)v); }

static void json_stack(FILE *out, uint32_t stack, const csan_host_site *site) {
  csan_frame frames[CSAN_STACK_MAX_DEPTH * 2];
  size_t n =
      stack ? csan_stack_symbolize_at(stack, site, frames, sizeof(frames) / sizeof(frames[0])) : 0;
  fputc('[', out);
  for (size_t i = 0; i < n; i++) {
    const csan_frame *f = &frames[i];
    fprintf(out, "%s{\"pc\":", i ? "," : "");
    json_hex(out, f->pc);
    fputs(",\"function\":", out);
    json_str(out, f->function);
    fputs(",\"file\":", out);
    json_str(out, f->file);
    fprintf(out, ",\"line\":%u,\"column\":%u,\"module\":", f->line, f->column);
    json_str(out, f->module);
    fputs(",\"offset\":", out);
    json_hex(out, f->module_offset);
    fputc('}', out);
  }
  if (n == 0 && (site->file || site->function)) {
    fputs("{\"function\":", out);
    json_str(out, site->function ? csan_demangle(site->function) : NULL);
    fputs(",\"file\":", out);
    json_str(out, site->file);
    fprintf(out, ",\"line\":%u,\"column\":%u}", site->line, site->column);
  }
  fputc(']', out);
}

static void json_triple(FILE *out, const uint32_t v[3]) {
  fprintf(out, "[%u,%u,%u]", v[0], v[1], v[2]);
}

static void json_side(FILE *out, const csan_report_side *s) {
  fputs("{\"kind\":", out);
  char kind[32];
  snprintf(kind, sizeof(kind), "%s", csan_access_name(s->access, true));
  json_str(out, kind);
  if (s->size)
    fprintf(out, ",\"size\":%llu", (unsigned long long)s->size);
  else
    fputs(",\"size\":null", out);
  fputs(",\"what\":", out);
  json_str(out, s->what);
  fputs(",\"kernel\":", out);
  json_str(out, s->kernel);
  fputs(",\"stream\":", out);
  json_str(out, s->have_op ? (s->stream ? s->stream : "host") : NULL);
  fprintf(out, ",\"slot\":%u,\"epoch\":%u,\"op\":", s->slot, s->epoch);
  if (s->have_op)
    fprintf(out, "%llu", (unsigned long long)s->op.op_id);
  else
    fputs("null", out);
  fprintf(out, ",\"known\":%s,\"file\":", s->have_op ? "true" : "false");
  json_str(out, s->have_site ? s->site.file : NULL);
  fprintf(out, ",\"line\":%u,\"column\":%u,\"function\":", s->have_site ? s->site.line : 0,
          s->have_site ? s->site.column : 0);
  json_str(out, s->function);
  fputs(",\"block\":", out);
  if (s->have_thread)
    json_triple(out, s->block);
  else
    fputs("null", out);
  fputs(",\"thread\":", out);
  if (s->have_thread)
    json_triple(out, s->thread);
  else
    fputs("null", out);
  fputs(",\"stack\":", out);
  if (s->have_op)
    json_stack(out, s->op.stack, &s->op.site);
  else
    fputs("[]", out);
  fputs(",\"access_stack\":", out);
  if (s->have_op && s->op.access_stack)
    json_stack(out, s->op.access_stack, NULL);
  else
    fputs("[]", out);
  fputc('}', out);
}

void csan_report_print_json(FILE *out, const csan_report_item *it) {
  fputs("{\"type\":\"race\",\"kind\":", out);
  json_str(out, it->kind);
  fputs(",\"address\":", out);
  json_hex(out, it->addr);
  fprintf(out, ",\"size\":%llu,\"offset\":", (unsigned long long)it->len);
  if (it->have_alloc)
    fprintf(out, "%llu", (unsigned long long)(it->addr - it->alloc.base));
  else
    fputs("null", out);
  fprintf(out, ",\"count\":%llu,\"allocation\":", (unsigned long long)it->count);
  if (it->have_alloc) {
    const csan_alloc_info *a = &it->alloc;
    fputs("{\"base\":", out);
    json_hex(out, a->base);
    fprintf(out, ",\"size\":%llu,\"api\":", (unsigned long long)a->size);
    json_str(out, a->made.api);
    fputs(",\"name\":", out);
    json_str(out, a->name);
    fprintf(out, ",\"freed\":%s,\"stack\":", (a->flags & CSAN_ALLOC_FREED) ? "true" : "false");
    json_stack(out, a->made.stack, &a->made.site);
    fputs(",\"free_api\":", out);
    bool freed = a->flags & CSAN_ALLOC_FREED;
    json_str(out, freed ? a->freed.api : NULL);
    fputs(",\"free_stack\":", out);
    if (freed)
      json_stack(out, a->freed.stack, &a->freed.site);
    else
      fputs("[]", out);
    fputc('}', out);
  } else {
    fputs("null", out);
  }
  fputs(",\"access\":", out);
  json_side(out, &it->cur);
  fputs(",\"previous\":", out);
  json_side(out, &it->prev);
  char loc[8192];
  csan_report_summary_location(it, loc, sizeof(loc));
  fputs(",\"summary\":", out);
  json_str(out, loc);
  if (it->note) {
    fputs(",\"note\":", out);
    json_str(out, it->note);
  }
  fputs("}\n", out);
}

void csan_report_json_string(FILE *out, const char *s) { json_str(out, s); }

void csan_report_json_stack(FILE *out, uint32_t stack, const csan_host_site *site) {
  json_stack(out, stack, site);
}
