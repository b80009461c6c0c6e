// csan_model_rebase requires all work to have completed (the program or csan
// waited for it; else EINVAL, nothing changed); it restarts every epoch
// counter and clears every clock, keeps streams, slots and events (recorded
// events stay recorded with an empty capture: their work is complete and
// ordered before everything later), and op ids keep counting. Streams with
// work the program never waited for (only csan's own synchronization saw
// it finish) are named: their checking is cut there.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_key gone = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1), unrec = mt_event(m, 0xe2);
  mt_op(m, a);
  mt_op(m, b);
  csan_op last = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  mt_host_op(m);
  mt_op(m, gone);
  MT_OK(csan_model_stream_destroy(m, gone));
  MT_OK(csan_model_host_wait_stream(m, a));
  MT_OK(csan_model_host_wait_stream(m, b));
  // CHECK: destroyed stream unobserved: rc EINVAL
  printf("destroyed stream unobserved: rc %s\n", mt_rc_name(csan_model_rebase(m, NULL, 0, NULL)));
  csan_model_host_wait_device(m);
  csan_op pending = mt_op(m, b);
  // CHECK: new work unobserved: rc EINVAL
  printf("new work unobserved: rc %s\n", mt_rc_name(csan_model_rebase(m, NULL, 0, NULL)));
  // CHECK: not rebased: next epoch on b 3
  csan_op p;
  MT_OK(csan_model_op_prepare(m, b, &p));
  csan_model_op_abort(m, &p);
  printf("not rebased: next epoch on b %u\n", p.epoch);
  MT_OK(csan_model_host_wait_stream(m, b));
  // CHECK: all observed: rc OK
  printf("all observed: rc %s\n", mt_rc_name(csan_model_rebase(m, NULL, 0, NULL)));

  csan_vc host, dev, sa, ev;
  bool rec = false;
  csan_model_host_clock(m, &host);
  csan_model_device_clock(m, &dev);
  MT_OK(csan_model_stream_clock(m, a, &sa));
  MT_OK(csan_model_event_clock(m, e, &ev, &rec));
  csan_vc zero;
  csan_vc_clear(&zero);
  // CHECK: zero: host 1 device 1 stream 1 event 1
  printf("zero: host %d device %d stream %d event %d\n", !memcmp(&host, &zero, sizeof zero),
         !memcmp(&dev, &zero, sizeof zero), !memcmp(&sa, &zero, sizeof zero),
         !memcmp(&ev, &zero, sizeof zero));
  // CHECK: kept: a 1 b 1 gone 0 e recorded 1 unrec recorded 0 live 3
  printf("kept: a %d b %d gone %d e recorded %d unrec recorded %d live %u\n",
         csan_model_stream_exists(m, a), csan_model_stream_exists(m, b),
         csan_model_stream_exists(m, gone), rec, csan_model_event_recorded(m, unrec),
         csan_model_live_streams(m));
  uint32_t slot_a_before = last.slot;
  csan_op a1 = mt_op(m, a);
  // CHECK: restart: same slot 1 epoch 1 vc[slot] 0 op id continues 1
  printf("restart: same slot %d epoch %u vc[slot] %u op id continues %d\n",
         a1.slot == slot_a_before, a1.epoch, a1.vc.c[a1.slot], a1.op_id > pending.op_id);
  csan_op h = mt_host_op(m);
  // CHECK: host op epoch 1
  printf("host op epoch %u\n", h.epoch);
  // Ordering works as before in the new window.
  csan_op b1 = mt_op(m, b);
  // CHECK: a1->b1 ordered 0
  printf("a1->b1 ordered %d\n", mt_ordered(&a1, &b1));
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op b2 = mt_op(m, b);
  // CHECK: a1->record->b2 ordered 1
  printf("a1->record->b2 ordered %d\n", mt_ordered(&a1, &b2));

  // Work complete for csan but never waited for by the program.
  csan_op c1 = mt_op(m, b);
  (void)c1;
  csan_vc issued;
  csan_model_device_clock(m, &issued);
  // CHECK: complete, unobserved: rc EINVAL
  printf("complete, unobserved: rc %s\n", mt_rc_name(csan_model_rebase(m, NULL, 0, NULL)));
  csan_model_complete(m, &issued);
  csan_model_host_clock(m, &host);
  // CHECK: host clock untouched by csan's completion: 1
  printf("host clock untouched by csan's completion: %d\n", host.c[c1.slot] < c1.epoch);
  csan_key cut[4];
  size_t ncut = 0;
  int rc = csan_model_rebase(m, cut, 4, &ncut);
  // CHECK: rebase: rc OK, cut 2: 0x100 0x200
  printf("rebase: rc %s, cut %zu:", mt_rc_name(rc), ncut);
  for (size_t i = 0; i < ncut; i++)
    printf(" 0x%llx", (unsigned long long)cut[i]);
  printf("\n");
  csan_model_destroy(m);
  return 0;
}
