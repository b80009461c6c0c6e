/* csan_memerr.h: memory errors (README, "Memory errors"; DESIGN.md,
 * decision 21): a bad address classified against the allocation registry,
 * and the report.
 *
 * CUDA-free. The host runtime classifies the byte ranges of the copies and
 * sets it checks on the host; the device runtime will send the accesses its
 * checks find outside every live allocation (the record is described in
 * DESIGN.md) and the host classifies them here the same way.
 */
#ifndef CSAN_MEMERR_H
#define CSAN_MEMERR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"
#include "csan_alloc.h"
#include "csan_flags.h"
#include "csan_vc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum csan_memerr_kind {
  CSAN_MEMERR_NONE = 0,
  CSAN_MEMERR_OUT_OF_BOUNDS,   /* outside every live allocation, near one */
  CSAN_MEMERR_USE_AFTER_FREE,  /* in a freed allocation, after the free */
  CSAN_MEMERR_NOT_DEVICE,      /* host memory, or an address far from every allocation */
  CSAN_MEMERR_UNORDERED_ALLOC, /* stream-ordered memory before its allocation is ordered */
  CSAN_MEMERR_DOUBLE_FREE,     /* a free of a block already freed */
  CSAN_MEMERR_INVALID_FREE,    /* a free of a pointer that starts no allocation */
} csan_memerr_kind;

/* An address far from every allocation is "not device memory" rather than
 * out of bounds of the nearest one: farther than this, or than the
 * nearest allocation's own size if that is larger. */
#define CSAN_MEMERR_NEAR_BYTES (64u * 1024u)
/* Not device memory: the nearest allocation is named only this close. */
#define CSAN_MEMERR_FAR_BYTES (16ull << 20)

/* One access (or a range an operation reads or writes). */
typedef struct csan_memerr_access {
  uint64_t addr, size;
  bool write;
  bool host_memory;   /* the caller knows it is host memory CUDA does not map */
  const csan_vc *vc;  /* the accessing operation's clock; null: ordered after all */
} csan_memerr_access;

typedef struct csan_memerr {
  csan_memerr_kind kind;
  uint64_t addr, size; /* the access */
  bool write;
  bool is_free;        /* the access is a free of addr (size 0) */
  uint64_t bad;        /* its first bad byte */
  bool have_alloc;     /* the allocation it is in, was in, or is nearest */
  csan_alloc_info alloc;
} csan_memerr;

/* Classifies an access. In order:
 *  - in a live allocation: out of bounds if it runs past the end (bad byte:
 *    the end); stream-ordered memory whose allocation the access is not
 *    ordered after (vc) is used before it exists; else no error;
 *  - in a freed allocation (the registry's quarantine) whose free the access
 *    is ordered after: use after free (an unordered stream-ordered free is a
 *    race, the race detector's to report: no error here);
 *  - host memory the caller knows of: not device memory;
 *  - near a live allocation (CSAN_MEMERR_NEAR_BYTES): out of bounds of the
 *    nearest; else not device memory (the nearest is still named when it
 *    is within CSAN_MEMERR_FAR_BYTES, as for host memory).
 * Returns e->kind. */
csan_memerr_kind csan_memerr_classify(csan_allocs *a, const csan_memerr_access *acc,
                                      csan_memerr *e);

/* A free of addr that the allocator rejects (the caller knows): a double
 * free when a freed block (the registry's quarantine) starts at addr and no
 * live allocation contains it (alloc: that block, with its free), else an
 * invalid free (alloc: the live or freed allocation containing addr, or the
 * nearest live one within CSAN_MEMERR_NEAR_BYTES, or none). The report
 * names the free as the access (size 0). Returns e->kind. */
csan_memerr_kind csan_memerr_classify_free(csan_allocs *a, uint64_t addr, csan_memerr *e);

/* "out-of-bounds", "use-after-free", "not-device-memory", "unordered-allocation",
 * "double-free", "invalid-free". */
const char *csan_memerr_kind_name(csan_memerr_kind k);

/* Who made the access. */
typedef struct csan_memerr_who {
  const char *what;        /* "cudaMemcpy", or a kernel's mangled name */
  bool kernel;
  csan_host_site site;     /* the host call site (a launch's, for a kernel) */
  uint32_t stack;          /* its host stack */
  const char *device_file; /* a kernel's device line, or null */
  uint32_t device_line;
  bool have_thread;
  uint32_t block[3], thread[3];
} csan_memerr_who;

/* Prints the report (report_format), once per (kind, site): returns true
 * when it printed, false for a duplicate. */
bool csan_memerr_report(const csan_flags *flags, const csan_memerr *e,
                        const csan_memerr_who *who);
/* Memory errors found (duplicates included), for the exit status. */
uint64_t csan_memerr_count(void);
/* Forgets the duplicates (tests). */
void csan_memerr_reset(void);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_MEMERR_H */
