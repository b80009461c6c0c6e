// cudaDeviceReset: every stream but the legacy stream and every event is
// gone, the host has observed all work, and the freed slots are reusable.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a), b1 = mt_op(m, b), l1 = mt_op(m, CSAN_STREAM_LEGACY);
  MT_OK(csan_model_event_record(m, e, a));
  csan_model_device_reset(m);
  // CHECK: exists a 0 b 0 legacy 1 live 1
  printf("exists a %d b %d legacy %d live %u\n", csan_model_stream_exists(m, a),
         csan_model_stream_exists(m, b), csan_model_stream_exists(m, CSAN_STREAM_LEGACY),
         csan_model_live_streams(m));
  csan_op tmp;
  // CHECK: op on a rc EUNKNOWN_STREAM
  printf("op on a rc %s\n", mt_rc_name(csan_model_op(m, a, &tmp)));
  // CHECK: event rc EUNKNOWN_EVENT recorded 0
  printf("event rc %s recorded %d\n", mt_rc_name(csan_model_event_destroy(m, e)),
         csan_model_event_recorded(m, e));
  csan_op l2 = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: a1->l2 ordered 1 b1->l2 ordered 1 l1->l2 ordered 1
  printf("a1->l2 ordered %d b1->l2 ordered %d l1->l2 ordered %d\n", mt_ordered(&a1, &l2),
         mt_ordered(&b1, &l2), mt_ordered(&l1, &l2));
  // Keys can be created again; a new stream is ordered after the old work.
  csan_key a_again = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  mt_event(m, 0xe1);
  csan_op x = mt_op(m, a_again);
  // CHECK: recreated: a1->x ordered 1, event recorded 0
  printf("recreated: a1->x ordered %d, event recorded %d\n", mt_ordered(&a1, &x),
         csan_model_event_recorded(m, 0xe1));
  csan_model_destroy(m);
  return 0;
}
