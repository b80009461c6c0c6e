// A destroyed stream's slot is reused only once the host has observed all of
// its work. While any of it is unobserved and no never-used slot is left,
// creating a stream fails with ENOSLOT. The new owner continues the slot's
// epochs and is ordered after all of the old owner's work.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op a2 = mt_op(m, a);
  // Fill every other slot, so a new stream needs a's slot.
  for (csan_key k = 0x1000; k < 0x1000 + CSAN_HOST_SLOT - 2; k++)
    mt_stream(m, k, CSAN_STREAM_NONBLOCKING);
  MT_OK(csan_model_stream_destroy(m, a));
  // CHECK: unobserved: rc ENOSLOT
  printf("unobserved: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x200, CSAN_STREAM_NONBLOCKING)));
  MT_OK(csan_model_host_wait_stream(m, 0x1000));
  // CHECK: other stream observed: rc ENOSLOT
  printf("other stream observed: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x200, CSAN_STREAM_NONBLOCKING)));
  MT_OK(csan_model_host_wait_event(m, e)); // covers a1, not a2
  // CHECK: partly observed: rc ENOSLOT
  printf("partly observed: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x200, CSAN_STREAM_NONBLOCKING)));
  // CHECK: exists 0
  printf("exists %d\n", csan_model_stream_exists(m, 0x200));
  csan_model_host_wait_device(m);
  // CHECK: all observed: rc OK
  printf("all observed: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x200, CSAN_STREAM_NONBLOCKING)));
  csan_op x1 = mt_op(m, 0x200);
  // CHECK: same slot 1, epoch continues 1
  printf("same slot %d, epoch continues %d\n", x1.slot == a1.slot, x1.epoch == a2.epoch + 1);
  // CHECK: old owner a1->x1 ordered 1, a2->x1 ordered 1
  printf("old owner a1->x1 ordered %d, a2->x1 ordered %d\n", mt_ordered(&a1, &x1),
         mt_ordered(&a2, &x1));
  // The old key is gone; the new stream's next op is ordered after x1 only.
  // CHECK: old key op rc EUNKNOWN_STREAM
  csan_op tmp;
  printf("old key op rc %s\n", mt_rc_name(csan_model_op(m, a, &tmp)));
  csan_model_destroy(m);
  return 0;
}
