// The snapshot for cudaDeviceSynchronize (csan_model_device_clock) covers
// all work issued before the call, on every slot, and nothing issued while
// the call blocks; csan_model_host_wait_device is the snapshot and the join
// in one step.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a), b1 = mt_op(m, b);
  csan_op h1 = mt_host_op(m);
  csan_vc snap;
  csan_model_device_clock(m, &snap);
  // CHECK: snapshot covers a1 1 b1 1 host 1
  printf("snapshot covers a1 %d b1 %d host %d\n", csan_vc_orders(&snap, a1.slot, a1.epoch),
         csan_vc_orders(&snap, b1.slot, b1.epoch), csan_vc_orders(&snap, h1.slot, h1.epoch));
  csan_op b2 = mt_op(m, b); // another thread, while the synchronize blocks
  csan_model_host_join(m, &snap);
  csan_op c1 = mt_op(m, c);
  // CHECK: a1->c1 ordered 1, b1->c1 ordered 1, b2->c1 ordered 0
  printf("a1->c1 ordered %d, b1->c1 ordered %d, b2->c1 ordered %d\n", mt_ordered(&a1, &c1),
         mt_ordered(&b1, &c1), mt_ordered(&b2, &c1));
  // A snapshot never exceeds the work issued: joining one from before a
  // rebase cannot make the host claim unissued work.
  csan_model_host_wait_device(m);
  MT_OK(csan_model_rebase(m, NULL, 0, NULL));
  csan_model_host_join(m, &snap);
  csan_vc host;
  csan_model_host_clock(m, &host);
  // CHECK: stale snapshot clamped: host[a] 0 host[b] 0
  printf("stale snapshot clamped: host[a] %u host[b] %u\n", host.c[a1.slot], host.c[b1.slot]);
  csan_model_destroy(m);
  return 0;
}
