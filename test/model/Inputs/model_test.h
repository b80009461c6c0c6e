/* model_test.h: helpers for the C unit tests of the happens-before model
 * (the .c files of test/model). Each test prints one line per fact it checks and
 * FileCheck compares the lines, so a wrong model prints a wrong line.
 * A call that must succeed and fails stops the test with exit status 2. */
#ifndef CSAN_MODEL_TEST_H
#define CSAN_MODEL_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_model.h"

#define MT_OK(call)                                                                \
  do {                                                                             \
    int mt_rc_ = (call);                                                           \
    if (mt_rc_ != CSAN_MODEL_OK) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,         \
              mt_rc_name(mt_rc_));                                                 \
      exit(2);                                                                     \
    }                                                                              \
  } while (0)

static inline const char *mt_rc_name(int rc) {
  switch (rc) {
  case CSAN_MODEL_OK: return "OK";
  case CSAN_MODEL_EUNKNOWN_STREAM: return "EUNKNOWN_STREAM";
  case CSAN_MODEL_EUNKNOWN_EVENT: return "EUNKNOWN_EVENT";
  case CSAN_MODEL_EEXISTS: return "EEXISTS";
  case CSAN_MODEL_ENOSLOT: return "ENOSLOT";
  case CSAN_MODEL_ENOMEM: return "ENOMEM";
  case CSAN_MODEL_EINVAL: return "EINVAL";
  case CSAN_MODEL_EEPOCH: return "EEPOCH";
  default: return "unknown-rc";
  }
}

static inline csan_model *mt_model(void) {
  csan_model *m = csan_model_create();
  if (!m) {
    fprintf(stderr, "csan_model_create failed\n");
    exit(2);
  }
  return m;
}

static inline csan_key mt_stream(csan_model *m, csan_key key, csan_stream_kind kind) {
  MT_OK(csan_model_stream_create(m, key, kind));
  return key;
}

static inline csan_key mt_event(csan_model *m, csan_key key) {
  MT_OK(csan_model_event_create(m, key));
  return key;
}

/* One operation on a stream (a kernel launch, a memcpy, ...). */
static inline csan_op mt_op(csan_model *m, csan_key stream) {
  csan_op op;
  MT_OK(csan_model_op(m, stream, &op));
  return op;
}

static inline csan_op mt_host_op(csan_model *m) {
  csan_op op;
  MT_OK(csan_model_host_op(m, &op));
  return op;
}

/* 1 if `a` happens before `b` (b's clock covers a's epoch on a's slot). */
static inline int mt_ordered(const csan_op *a, const csan_op *b) {
  return csan_vc_orders(&b->vc, a->slot, a->epoch) ? 1 : 0;
}

/* 1 if the host has observed `a`. */
static inline int mt_host_observed(csan_model *m, const csan_op *a) {
  csan_vc h;
  csan_model_host_clock(m, &h);
  return csan_vc_orders(&h, a->slot, a->epoch) ? 1 : 0;
}

static inline uint32_t mt_slot(csan_model *m, csan_key stream) {
  uint32_t slot = 0;
  MT_OK(csan_model_stream_slot(m, stream, &slot));
  return slot;
}

/* Everything observable about a model, for "a failed call changes nothing":
 * the clocks of the given streams and events, the host and device clocks,
 * the stream count, and the operation each given stream would get next
 * (found by prepare + abort, which must itself change nothing). */
#define MT_MAX_KEYS 8
typedef struct mt_state {
  csan_vc host, device;
  csan_vc stream[MT_MAX_KEYS];
  int stream_rc[MT_MAX_KEYS];
  csan_op next[MT_MAX_KEYS];
  csan_vc event[MT_MAX_KEYS];
  int event_rc[MT_MAX_KEYS];
  bool recorded[MT_MAX_KEYS];
  uint32_t live;
  bool needs_rebase;
} mt_state;

static inline void mt_snapshot(csan_model *m, const csan_key *streams, int ns,
                               const csan_key *events, int ne, mt_state *st) {
  memset(st, 0, sizeof *st);
  csan_model_host_clock(m, &st->host);
  csan_model_device_clock(m, &st->device);
  for (int i = 0; i < ns && i < MT_MAX_KEYS; i++) {
    st->stream_rc[i] = csan_model_stream_clock(m, streams[i], &st->stream[i]);
    if (csan_model_op_prepare(m, streams[i], &st->next[i]) == CSAN_MODEL_OK)
      csan_model_op_abort(m, &st->next[i]);
  }
  for (int i = 0; i < ne && i < MT_MAX_KEYS; i++)
    st->event_rc[i] = csan_model_event_clock(m, events[i], &st->event[i], &st->recorded[i]);
  st->live = csan_model_live_streams(m);
  st->needs_rebase = csan_model_needs_rebase(m);
}

static inline int mt_same_state(const mt_state *a, const mt_state *b) {
  return memcmp(a, b, sizeof *a) == 0;
}

#endif /* CSAN_MODEL_TEST_H */
