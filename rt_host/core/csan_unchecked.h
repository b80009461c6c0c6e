/* csan_unchecked.h: calls csan let through without checking what they
 * access, counted by kind, for the exit summary (CUDA-free).
 *
 * A kind is a name (a library function csan has no model of, or
 * "cuLaunchKernel of saxpy" for a kernel without an instrumented twin) and a
 * reason. Each kind is printed once at exit with its count and the first
 * place it was called from, so no call goes unchecked silently.
 * Thread-safe.
 */
#ifndef CSAN_UNCHECKED_H
#define CSAN_UNCHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counts one call of kind `name` (copied). `reason` must outlive the run (a
 * string literal, or interned); the reason of the first call of a kind
 * stands. site may be null. Returns true for the first call of the kind. */
bool csan_unchecked_add(const char *name, const char *reason, const csan_host_site *site);
/* Kinds counted so far, and calls in all. */
size_t csan_unchecked_kinds(void);
uint64_t csan_unchecked_calls(void);
/* The count of one kind (0: never). */
uint64_t csan_unchecked_count(const char *name);
/* Adds the gap table of one loaded module (CSAN_MODULE_GAPS_NAME: lines
 * "<count>\t<reason>"); accesses are summed per reason over modules.
 * Returns false when a line was malformed (the others still count). */
bool csan_unchecked_add_device_gaps(const char *table);
/* Device accesses without a check for `reason` (null: all reasons). */
uint64_t csan_unchecked_device_gaps(const char *reason);
/* Prints the summary (nothing when no call was let through and no device
 * access lacks a check) with csan_log_printf: device gaps by reason, then
 * call kinds in the order they first occurred. */
void csan_unchecked_print(void);
/* Forgets everything (tests). */
void csan_unchecked_reset(void);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_UNCHECKED_H */
