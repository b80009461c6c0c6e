// cudaStreamSynchronize(A): the host observed A's work, so every operation
// issued afterwards, on any stream, is ordered after it; B's unsynchronized
// work is not. Work issued to A after the synchronize is not observed.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a), b1 = mt_op(m, b);
  MT_OK(csan_model_host_wait_stream(m, a));
  csan_op a2 = mt_op(m, a);
  csan_op c1 = mt_op(m, c);
  // CHECK: synced a1->c1 ordered 1
  printf("synced a1->c1 ordered %d\n", mt_ordered(&a1, &c1));
  // CHECK: unsynced b1->c1 ordered 0
  printf("unsynced b1->c1 ordered %d\n", mt_ordered(&b1, &c1));
  // CHECK: after-sync a2->c1 ordered 0
  printf("after-sync a2->c1 ordered %d\n", mt_ordered(&a2, &c1));
  // CHECK: host observed a1 1 b1 0 a2 0
  printf("host observed a1 %d b1 %d a2 %d\n", mt_host_observed(m, &a1),
         mt_host_observed(m, &b1), mt_host_observed(m, &a2));
  // CHECK: unknown stream rc EUNKNOWN_STREAM
  printf("unknown stream rc %s\n", mt_rc_name(csan_model_host_wait_stream(m, 0x999)));
  csan_model_destroy(m);
  return 0;
}
