// PyTorch CSAN scenario "chain sync": a read on stream 0, then a chain of
// record on stream i / wait on stream i+1 for ten streams; a write on the
// last stream is ordered after the read. The twin with one link missing is
// a race.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

#define LINKS 10

static int chain(int broken_link) {
  csan_model *m = mt_model();
  for (int i = 0; i <= LINKS; i++) {
    mt_stream(m, 0x100 + (csan_key)i, CSAN_STREAM_NONBLOCKING);
    mt_event(m, 0xe00 + (csan_key)i);
  }
  csan_op read = mt_op(m, 0x100);
  for (int i = 0; i < LINKS; i++) {
    MT_OK(csan_model_event_record(m, 0xe00 + (csan_key)i, 0x100 + (csan_key)i));
    if (i != broken_link)
      MT_OK(csan_model_stream_wait_event(m, 0x100 + (csan_key)i + 1, 0xe00 + (csan_key)i));
  }
  csan_op write = mt_op(m, 0x100 + LINKS);
  int ordered = mt_ordered(&read, &write);
  csan_model_destroy(m);
  return ordered;
}

int main(void) {
  // CHECK: full chain: read->write ordered 1
  printf("full chain: read->write ordered %d\n", chain(-1));
  // CHECK: broken chain: read->write ordered 0
  printf("broken chain: read->write ordered %d\n", chain(4));
  return 0;
}
