/* csan_ops.h: the operation registry.
 *
 * Every operation the host issues on a stream (a kernel launch, a memcpy, a
 * memset, a stream-ordered allocation or free, a host function, a
 * synchronous free on the host slot) is registered here under its
 * (slot, epoch), the name the shadow and the race table use for it. The
 * reporter looks operations up to say what raced: the kernel or API, the
 * stream, the host call site and stack, and the module whose site
 * descriptors the device sites are relative to.
 *
 * A shadow record can name an operation for the rest of the run, so every
 * operation is kept until the epochs restart (csan_model_rebase; then
 * csan_ops_clear()). Kept compactly: operations issued from the same place
 * share one interned description (what, stream, call site, stack, module,
 * length), and each operation costs 8 bytes (its description and its
 * number), in pages of consecutive epochs (csan_ops.c). Add and find are
 * O(1). An epoch far below the newest of its slot (epochs restarted without
 * csan_ops_clear) starts that slot over.
 *
 * Thread-safe: one mutex per slot, one for the descriptions. Strings are
 * interned (csan_intern), so an operation found stays valid.
 */
#ifndef CSAN_OPS_H
#define CSAN_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an operation is. The reporter prints `kernel <demangled name>` for
 * kernels and the API name for everything else. */
typedef enum csan_op_kind {
  CSAN_OPK_OTHER = 0,
  CSAN_OPK_KERNEL,    /* `what` is the kernel's mangled name */
  CSAN_OPK_COPY,      /* cudaMemcpy*, `bytes` = length */
  CSAN_OPK_SET,       /* cudaMemset*, `bytes` = length */
  CSAN_OPK_ALLOC,     /* stream-ordered allocation: its records are allocations */
  CSAN_OPK_FREE,      /* cudaFree*, `bytes` = size of the block */
  CSAN_OPK_HOST_FUNC, /* cudaLaunchHostFunc / cudaStreamAddCallback */
  CSAN_OPK_LIBRARY    /* a library call or an annotated operation: `what` is its name */
} csan_op_kind;

typedef struct csan_op_info {
  uint64_t op_id;          /* csan_op.op_id: "operation #N"; 0 = not known */
  uint32_t slot;           /* < CSAN_MAX_SLOTS */
  csan_epoch_t epoch;      /* >= 1 */
  csan_op_kind kind;
  const char *what;        /* kernel mangled name, or API name ("cudaMemcpyAsync") */
  uint64_t stream;         /* stream key (csan_key) */
  const char *stream_name; /* display name (csan-replay: the schedule's name), or null */
  csan_host_site site;     /* host call site; null strings when unknown */
  uint32_t stack;          /* csan_stack id of the issuing host stack, 0 = none */
  uint64_t bytes;          /* length of a range operation, 0 = not one */
  const void *module;      /* opaque: resolves the operation's device sites */
  /* Host code the operation ran (a host function's): the stack of its
   * first access that met another operation's record, which a report names
   * as the access; 0 = none (set with csan_ops_add again). */
  uint32_t access_stack;
} csan_op_info;

typedef struct csan_ops csan_ops;

/* Returns null when out of memory. */
csan_ops *csan_ops_create(void);
void csan_ops_destroy(csan_ops *ops);

/* Registers an operation (copied; what, stream_name and the site's strings
 * are interned). Re-adding a (slot, epoch) replaces it. Returns 0, or -1 for
 * a slot out of range, epoch 0, or out of memory. */
int csan_ops_add(csan_ops *ops, const csan_op_info *op);

/* csan_ops_add in two steps, for a caller that registers operations from
 * the same place again and again and keeps the description: the id of the
 * description of op (its slot, epoch and op_id are not part of it; 0 when
 * out of memory), and the registration of (slot, epoch, op_id) with it. */
uint32_t csan_ops_describe(csan_ops *ops, const csan_op_info *op);
int csan_ops_add_described(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, uint64_t op_id,
                           uint32_t desc);

/* Copies the operation registered as (slot, epoch) to *out. False when it
 * was never registered (or its epochs restarted since). */
bool csan_ops_find(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, csan_op_info *out);

/* Forgets every operation (after csan_model_rebase, which restarts epochs). */
void csan_ops_clear(csan_ops *ops);
/* Forgets one slot's operations (a recycled slot whose epochs restart). */
void csan_ops_clear_slot(csan_ops *ops, uint32_t slot);

/* What the registry holds: distinct descriptions, and bytes of memory. */
typedef struct csan_ops_stats {
  uint64_t descriptions;
  uint64_t bytes;
} csan_ops_stats;
void csan_ops_usage(csan_ops *ops, csan_ops_stats *out);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_OPS_H */
