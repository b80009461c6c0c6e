// Slot choice: never-used slots first (even when a retired slot is already
// observed), then the retired-and-observed slot that was retired first.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  mt_op(m, a);
  // CHECK: first slot 1
  printf("first slot %u\n", mt_slot(m, a));
  MT_OK(csan_model_stream_destroy(m, a));
  csan_model_host_wait_device(m);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  // CHECK: fresh preferred: slot 2
  printf("fresh preferred: slot %u\n", mt_slot(m, b));
  // Use up the never-used slots 3..254.
  for (csan_key k = 0x1000; k < 0x1000 + CSAN_HOST_SLOT - 3; k++)
    mt_stream(m, k, CSAN_STREAM_NONBLOCKING);
  // CHECK: live 254
  printf("live %u\n", csan_model_live_streams(m));
  // Retire slot 7 (stream 0x1004), then slot 5 (0x1002); slot 1 is retired
  // earliest of all.
  uint32_t s7 = mt_slot(m, 0x1004), s5 = mt_slot(m, 0x1002);
  // CHECK: slots 7 5
  printf("slots %u %u\n", s7, s5);
  MT_OK(csan_model_stream_destroy(m, 0x1004));
  MT_OK(csan_model_stream_destroy(m, 0x1002));
  csan_model_host_wait_device(m);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key d = mt_stream(m, 0x400, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_stream(m, 0x500, CSAN_STREAM_NONBLOCKING);
  // CHECK: reuse order 1 7 5
  printf("reuse order %u %u %u\n", mt_slot(m, c), mt_slot(m, d), mt_slot(m, e));
  csan_model_destroy(m);
  return 0;
}
