// PyTorch CSAN scenario "stream synchronize": reads on streams 0 and 1, the
// host synchronizes stream 0: a write on stream 2 is ordered after stream
// 0's read, a write on stream 3 races with stream 1's.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s0 = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key s3 = mt_stream(m, 0x103, CSAN_STREAM_NONBLOCKING);
  csan_op read0 = mt_op(m, s0), read1 = mt_op(m, s1);
  MT_OK(csan_model_host_wait_stream(m, s0));
  csan_op write2 = mt_op(m, s2), write3 = mt_op(m, s3);
  // CHECK: synced read(s0)->write(s2) ordered 1
  printf("synced read(s0)->write(s2) ordered %d\n", mt_ordered(&read0, &write2));
  // CHECK: unsynced read(s1)->write(s3) ordered 0
  printf("unsynced read(s1)->write(s3) ordered %d\n", mt_ordered(&read1, &write3));
  csan_model_destroy(m);
  return 0;
}
