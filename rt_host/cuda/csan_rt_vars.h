/* csan_rt_vars.h: __device__ variables, registered by module constructors
 * and resolved to device addresses lazily (csan_rt_vars.c). */
#ifndef CSAN_RT_VARS_H
#define CSAN_RT_VARS_H

#include "csan_rt.h"

/* Registers a variable by its host symbol (no CUDA call: module
 * constructors run before the program may use CUDA). __constant__
 * variables (CSAN_VAR_F_CONSTANT) are not tracked. */
void csan_rt_var_add(const void *host, const char *name, uint64_t size, uint32_t flags,
                     const csan_host_site *site);
/* __device__ variables registered since the last call get their device
 * addresses and shadow (first launch or memory operation after
 * registration). */
void csan_rt_vars_resolve(void);
/* The device address of a registered variable, or 0. */
uint64_t csan_rt_var_address(const void *symbol);
/* cudaDeviceReset: variables are resolved again. */
void csan_rt_vars_forget(void);

#endif /* CSAN_RT_VARS_H */
