// PyTorch CSAN scenario "expired record": read, record on stream 1, another
// read on stream 1, stream 2 waits, write on stream 2: the first read is
// ordered before the write, the second (after the record) races.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op read1 = mt_op(m, s1);
  MT_OK(csan_model_event_record(m, e, s1));
  csan_op read2 = mt_op(m, s1);
  MT_OK(csan_model_stream_wait_event(m, s2, e));
  csan_op write = mt_op(m, s2);
  // CHECK: recorded read->write ordered 1
  printf("recorded read->write ordered %d\n", mt_ordered(&read1, &write));
  // CHECK: expired read->write ordered 0
  printf("expired read->write ordered %d\n", mt_ordered(&read2, &write));
  csan_model_destroy(m);
  return 0;
}
