// PyTorch CSAN scenario "new stream is synchronized": a read on stream 1,
// a device synchronization, then a new stream 2 writes: ordered. The twin
// without the synchronization races.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

static int run(int sync) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_op read = mt_op(m, s1);
  if (sync)
    csan_model_host_wait_device(m);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_op write = mt_op(m, s2);
  int ordered = mt_ordered(&read, &write);
  csan_model_destroy(m);
  return ordered;
}

int main(void) {
  // CHECK: synced: read->write(new stream) ordered 1
  printf("synced: read->write(new stream) ordered %d\n", run(1));
  // CHECK: not synced: read->write(new stream) ordered 0
  printf("not synced: read->write(new stream) ordered %d\n", run(0));
  return 0;
}
