/* csan_rt_twins.h: the instrumented twin K__csan of each kernel K, found and
 * cached per kernel and context, with K's function attributes
 * (csan_rt_twins.c). */
#ifndef CSAN_RT_TWINS_H
#define CSAN_RT_TWINS_H

#include "csan_pairtab.h"
#include "csan_rt.h"

/* Function attributes a program can set that are copied from K to its twin. */
#define CSAN_TWIN_COPIED_ATTRS 7

/* What csan keeps about a kernel besides its handles (one allocation per
 * kernel, so copies of the table entry share it). */
typedef struct twin_state {
  pthread_mutex_t mu;
  bool copied[CSAN_TWIN_COPIED_ATTRS]; /* value[i] is what the twin was given (or refused) */
  int value[CSAN_TWIN_COPIED_ATTRS];
  _Atomic bool warned;  /* a failed twin launch was reported */
  _Atomic bool warned_event; /* launch attributes */
} twin_state;

typedef struct twin_entry {
  csan_pair_key key;  /* the host stub and the context it was looked up in */
  CUfunction kernel;  /* K, or null when cudaGetFuncBySymbol failed */
  CUfunction twin;    /* K__csan, or null: launch K unchecked */
  twin_state *state;  /* null only when out of memory */
  CUmodule module;
  const char *name;   /* mangled, interned */
  uint32_t nparams;   /* of K */
  bool ctx_pair;      /* the twin takes two contexts (it waits on its grid
                         dependencies: csan_abi.h, CSAN_CTX_F_PDL_PAIR) */
} twin_entry;
_Static_assert(offsetof(twin_entry, key) == 0, "a csan_pairtab entry begins with its key");

/* The twin of kernel stub func in the current context (csan's: launches for
 * another device are not checked), looked up at the first launch. */
twin_entry csan_rt_twin_get(const void *func);
/* Gives the twin the attributes the program set on K since the last launch.
 * A value the twin refuses (a cluster shape fixed at compile time) is not
 * tried again until K's changes; the launch then says whether it matters. */
void csan_rt_twin_copy_attributes(const twin_entry *t);
/* Whether a twin's last parameter of `bytes` is csan's: one context, or a
 * pair (*pair set). */
bool csan_rt_twin_ctx_size_ok(size_t bytes, bool *pair);
/* Launches that ran K unchecked because its twin failed to launch. */
void csan_rt_count_unchecked_launch(void);
uint64_t csan_rt_unchecked_launches(void);
/* cudaDeviceReset: every CUfunction is stale. */
void csan_rt_twins_forget(void);

#endif /* CSAN_RT_TWINS_H */
