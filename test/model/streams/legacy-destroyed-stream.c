// A destroyed blocking stream is no longer one of "all blocking streams":
// a later legacy action does not wait for its pending work (CUDA does not
// document that it would, so csan reports rather than assumes). Work of a
// live blocking stream is waited for.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key gone = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key alive = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_op g = mt_op(m, gone), a = mt_op(m, alive);
  MT_OK(csan_model_stream_destroy(m, gone));
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: destroyed->legacy ordered 0
  printf("destroyed->legacy ordered %d\n", mt_ordered(&g, &l));
  // CHECK: live->legacy ordered 1
  printf("live->legacy ordered %d\n", mt_ordered(&a, &l));
  csan_model_destroy(m);
  return 0;
}
