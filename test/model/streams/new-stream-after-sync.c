// A stream created after the host synchronized is ordered after the work the
// host observed; without the synchronization it is not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a);
  csan_key early = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op e1 = mt_op(m, early);
  // CHECK: no sync: a1->new ordered 0
  printf("no sync: a1->new ordered %d\n", mt_ordered(&a1, &e1));
  csan_model_host_wait_device(m);
  csan_key late = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  // The new stream's clock before any work (what an event recorded on it
  // would capture) covers what the host observed.
  csan_vc vc;
  MT_OK(csan_model_stream_clock(m, late, &vc));
  // CHECK: new stream clock covers a1 1
  printf("new stream clock covers a1 %d\n", csan_vc_orders(&vc, a1.slot, a1.epoch));
  csan_op l1 = mt_op(m, late);
  // CHECK: after sync: a1->new ordered 1
  printf("after sync: a1->new ordered %d\n", mt_ordered(&a1, &l1));
  csan_model_destroy(m);
  return 0;
}
