// PyTorch CSAN event handler scenario "simple error", as model facts: a
// write on stream 1 and a read on stream 2 with no synchronization are
// unordered (a race); the same read on stream 1 is ordered.
// PyTorch's streams are non-blocking here: its handler has no legacy rule.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_op write = mt_op(m, s1);
  csan_op read = mt_op(m, s2);
  // CHECK: write(s1)->read(s2) ordered 0
  printf("write(s1)->read(s2) ordered %d\n", mt_ordered(&write, &read));
  csan_op read_same = mt_op(m, s1);
  // CHECK: write(s1)->read(s1) ordered 1
  printf("write(s1)->read(s1) ordered %d\n", mt_ordered(&write, &read_same));
  csan_model_destroy(m);
  return 0;
}
