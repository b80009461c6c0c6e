/* csan_report_item.h: what csan_report.c hands the text and JSON printers.
 * Private to the reporter. */
#ifndef CSAN_REPORT_ITEM_H
#define CSAN_REPORT_ITEM_H

#include <stdio.h>

#include "csan_report.h"

/* One side of a race: the reporting access or the previous one. */
typedef struct csan_report_side {
  bool previous;
  uint32_t access;         /* CSAN_ACC_* */
  uint32_t slot;
  csan_epoch_t epoch;
  bool have_op;
  csan_op_info op;         /* valid when have_op */
  bool have_site;
  csan_site_info site;     /* valid when have_site */
  uint64_t size;           /* bytes, 0 = unknown */
  bool have_thread;        /* block/thread are meaningful */
  uint32_t block[3], thread[3];
  const char *kernel;      /* demangled kernel name, or null */
  const char *what;        /* "kernel NAME", an API name, or null (unknown op) */
  const char *function;    /* demangled function of the device site, or null */
  const char *stream;      /* display name; null = host slot */
  char stream_buf[32];
} csan_report_side;

/* One report: a race entry restricted to one allocation. */
typedef struct csan_report_item {
  const char *kind;        /* csan_race_kind() */
  uint64_t addr, len;      /* the racing bytes in this allocation */
  bool have_alloc;
  csan_alloc_info alloc;
  uint64_t count;          /* racing accesses folded into the entry */
  const char *note;        /* the environment's note, or null */
  csan_report_side cur, prev;
} csan_report_item;

/* The SUMMARY location: "FILE:LINE[:COL] in FUNC", "in NAME", or "". */
void csan_report_summary_location(const csan_report_item *it, char *buf, size_t n);

void csan_report_print_text(FILE *out, const csan_report_item *it);
void csan_report_print_json(FILE *out, const csan_report_item *it);

/* JSON pieces for other reports (csan_faults.c): a string (null -> null)
 * and a host stack as FRAME objects. */
void csan_report_json_string(FILE *out, const char *s);
void csan_report_json_stack(FILE *out, uint32_t stack, const csan_host_site *site);

#endif /* CSAN_REPORT_ITEM_H */
