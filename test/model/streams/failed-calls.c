// Every call that fails returns its error code and changes nothing.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

static csan_model *m;
static csan_key streams[] = {0x100, 0x200, CSAN_STREAM_LEGACY};
static csan_key events[] = {0xe1, 0xe2};
static mt_state before;

static void check(const char *what, int rc) {
  mt_state after;
  mt_snapshot(m, streams, 3, events, 2, &after);
  printf("%s: rc %s unchanged %d\n", what, mt_rc_name(rc), mt_same_state(&before, &after));
}

int main(void) {
  m = mt_model();
  mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  mt_event(m, 0xe1);
  mt_event(m, 0xe2);
  mt_op(m, 0x100);
  mt_op(m, 0x200);
  MT_OK(csan_model_event_record(m, 0xe1, 0x100));
  mt_op(m, CSAN_STREAM_LEGACY);
  mt_snapshot(m, streams, 3, events, 2, &before);
  csan_op op;
  csan_vc vc;
  // CHECK: create duplicate: rc EEXISTS unchanged 1
  check("create duplicate", csan_model_stream_create(m, 0x100, CSAN_STREAM_NONBLOCKING));
  // CHECK: create legacy key: rc EEXISTS unchanged 1
  check("create legacy key", csan_model_stream_create(m, CSAN_STREAM_LEGACY, CSAN_STREAM_BLOCKING));
  // CHECK: create key 0: rc EINVAL unchanged 1
  check("create key 0", csan_model_stream_create(m, 0, CSAN_STREAM_BLOCKING));
  // CHECK: create bad kind: rc EINVAL unchanged 1
  check("create bad kind", csan_model_stream_create(m, 0x300, (csan_stream_kind)7));
  // CHECK: destroy legacy: rc EINVAL unchanged 1
  check("destroy legacy", csan_model_stream_destroy(m, CSAN_STREAM_LEGACY));
  // CHECK: destroy unknown: rc EUNKNOWN_STREAM unchanged 1
  check("destroy unknown", csan_model_stream_destroy(m, 0x300));
  // CHECK: op unknown: rc EUNKNOWN_STREAM unchanged 1
  check("op unknown", csan_model_op(m, 0x300, &op));
  // CHECK: op key 0: rc EUNKNOWN_STREAM unchanged 1
  check("op key 0", csan_model_op(m, 0, &op));
  // CHECK: advance 0: rc EINVAL unchanged 1
  check("advance 0", csan_model_advance(m, 0x100, 0));
  // CHECK: advance unknown: rc EUNKNOWN_STREAM unchanged 1
  check("advance unknown", csan_model_advance(m, 0x300, 5));
  // CHECK: advance overflow: rc EEPOCH unchanged 1
  check("advance overflow", csan_model_advance(m, 0x100, UINT32_MAX));
  // CHECK: record unknown event: rc EUNKNOWN_EVENT unchanged 1
  check("record unknown event", csan_model_event_record(m, 0xe3, 0x100));
  // CHECK: record unknown stream: rc EUNKNOWN_STREAM unchanged 1
  check("record unknown stream", csan_model_event_record(m, 0xe2, 0x300));
  // CHECK: wait unknown event: rc EUNKNOWN_EVENT unchanged 1
  check("wait unknown event", csan_model_stream_wait_event(m, 0x200, 0xe3));
  // CHECK: wait unknown stream: rc EUNKNOWN_STREAM unchanged 1
  check("wait unknown stream", csan_model_stream_wait_event(m, 0x300, 0xe1));
  // CHECK: destroy unknown event: rc EUNKNOWN_EVENT unchanged 1
  check("destroy unknown event", csan_model_event_destroy(m, 0xe3));
  // CHECK: create event 0: rc EINVAL unchanged 1
  check("create event 0", csan_model_event_create(m, 0));
  // CHECK: host wait unknown stream: rc EUNKNOWN_STREAM unchanged 1
  check("host wait unknown stream", csan_model_host_wait_stream(m, 0x300));
  // CHECK: host wait unknown event: rc EUNKNOWN_EVENT unchanged 1
  check("host wait unknown event", csan_model_host_wait_event(m, 0xe3));
  // CHECK: stream clock unknown: rc EUNKNOWN_STREAM unchanged 1
  check("stream clock unknown", csan_model_stream_clock(m, 0x300, &vc));
  // CHECK: event clock unknown: rc EUNKNOWN_EVENT unchanged 1
  check("event clock unknown", csan_model_event_clock(m, 0xe3, &vc, NULL));
  uint32_t slot;
  // CHECK: slot unknown: rc EUNKNOWN_STREAM unchanged 1
  check("slot unknown", csan_model_stream_slot(m, 0x300, &slot));
  // CHECK: rebase unobserved: rc EINVAL unchanged 1
  check("rebase unobserved", csan_model_rebase(m, NULL, 0, NULL));
  // The positive twin: a successful call does change the state.
  // CHECK: op: rc OK unchanged 0
  check("op", csan_model_op(m, 0x200, &op));
  csan_model_destroy(m);
  return 0;
}
