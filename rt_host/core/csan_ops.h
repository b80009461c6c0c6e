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
 * Each slot keeps a ring indexed by epoch: add and find are O(1). A ring
 * starts small and doubles up to `keep` entries (at least the newest `keep`
 * epochs of each slot are kept; older ones are "not found", and the report
 * says the operation is too old to describe). When a slot's epochs restart
 * (csan_model_rebase, or a recycled slot that restarts at 1) an epoch far
 * below the newest one seen clears that slot's ring; csan_ops_clear() does
 * it for every slot explicitly.
 *
 * Thread-safe: one mutex per slot. Strings are interned (csan_intern), so an
 * operation found stays valid after the registry forgets it.
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

/* Default and minimum useful number of operations kept per slot. */
#define CSAN_OPS_KEEP_DEFAULT 65536u

/* What an operation is. The reporter prints `kernel <demangled name>` for
 * kernels and the API name for everything else. */
typedef enum csan_op_kind {
  CSAN_OPK_OTHER = 0,
  CSAN_OPK_KERNEL,    /* `what` is the kernel's mangled name */
  CSAN_OPK_COPY,      /* cudaMemcpy*, `bytes` = length */
  CSAN_OPK_SET,       /* cudaMemset*, `bytes` = length */
  CSAN_OPK_ALLOC,     /* stream-ordered allocation: its records are allocations */
  CSAN_OPK_FREE,      /* cudaFree*, `bytes` = size of the block */
  CSAN_OPK_HOST_FUNC  /* cudaLaunchHostFunc / cudaStreamAddCallback */
} csan_op_kind;

typedef struct csan_op_info {
  uint64_t op_id;          /* csan_op.op_id: "operation #N" */
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
} csan_op_info;

typedef struct csan_ops csan_ops;

/* keep: operations kept per slot, rounded up to a power of two; 0 means
 * CSAN_OPS_KEEP_DEFAULT. Returns null when out of memory. */
csan_ops *csan_ops_create(uint32_t keep);
void csan_ops_destroy(csan_ops *ops);

/* Registers an operation (copied; what, stream_name and the site's strings
 * are interned). Re-adding a (slot, epoch) replaces it. Returns 0, or -1 for
 * a slot out of range, epoch 0, or out of memory. */
int csan_ops_add(csan_ops *ops, const csan_op_info *op);

/* Copies the operation registered as (slot, epoch) to *out. False when it
 * was never registered or is too old to be kept. */
bool csan_ops_find(csan_ops *ops, uint32_t slot, csan_epoch_t epoch, csan_op_info *out);

/* Forgets every operation (after csan_model_rebase, which restarts epochs). */
void csan_ops_clear(csan_ops *ops);
/* Forgets one slot's operations (a recycled slot whose epochs restart). */
void csan_ops_clear_slot(csan_ops *ops, uint32_t slot);

/* The number of operations kept per slot (keep rounded up). */
uint32_t csan_ops_keep(const csan_ops *ops);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_OPS_H */
