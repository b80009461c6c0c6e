// PyTorch CSAN scenarios "device synchronize" and "device synchronization
// expired": after cudaDeviceSynchronize, a write on any stream is ordered
// after the earlier writes on all streams; the synchronization does not
// cover a read issued after it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

#define N 9

int main(void) {
  csan_model *m = mt_model();
  csan_key s0 = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_op writes[N + 1];
  for (int i = 1; i <= N; i++)
    writes[i] = mt_op(m, mt_stream(m, 0x100 + (csan_key)i, CSAN_STREAM_NONBLOCKING));
  csan_op early = mt_op(m, mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING));
  csan_op pre = mt_op(m, s0);
  // CHECK: before sync: write(s1)->s0 ordered 0
  printf("before sync: write(s1)->s0 ordered %d\n", mt_ordered(&writes[1], &pre));
  csan_model_host_wait_device(m);
  csan_op all = mt_op(m, s0);
  // CHECK: after sync: 1 1 1 1 1 1 1 1 1
  printf("after sync:");
  for (int i = 1; i <= N; i++)
    printf(" %d", mt_ordered(&writes[i], &all));
  printf("\n");
  // Expired: a read on s1 after the sync is not covered by it.
  csan_op read1 = mt_op(m, 0x101);
  csan_op write2 = mt_op(m, 0x102);
  // CHECK: synced read->write ordered 1
  printf("synced read->write ordered %d\n", mt_ordered(&early, &write2));
  // CHECK: read after sync->write ordered 0
  printf("read after sync->write ordered %d\n", mt_ordered(&read1, &write2));
  csan_model_destroy(m);
  return 0;
}
