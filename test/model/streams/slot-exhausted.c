// With 254 streams alive (slots 1..254; 0 is the legacy stream, 255 the host)
// creating one more fails with ENOSLOT, also after a device synchronization;
// destroying one and letting the host observe it frees its slot.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  // CHECK: initially live 1
  printf("initially live %u\n", csan_model_live_streams(m));
  int created = 0;
  for (csan_key k = 0x1000; k < 0x1000 + 400; k++) {
    if (csan_model_stream_create(m, k, k % 2 ? CSAN_STREAM_BLOCKING : CSAN_STREAM_NONBLOCKING) != CSAN_MODEL_OK)
      break;
    mt_op(m, k);
    created++;
  }
  // CHECK: created 254 live 255
  printf("created %d live %u\n", created, csan_model_live_streams(m));
  // CHECK: full: rc ENOSLOT
  printf("full: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x9000, CSAN_STREAM_NONBLOCKING)));
  csan_model_host_wait_device(m);
  // CHECK: full after sync: rc ENOSLOT
  printf("full after sync: rc %s\n", mt_rc_name(csan_model_stream_create(m, 0x9000, CSAN_STREAM_NONBLOCKING)));
  MT_OK(csan_model_stream_destroy(m, 0x1010));
  // Its work was observed by the synchronization above.
  // CHECK: after destroy: rc OK live 255
  printf("after destroy: rc %s", mt_rc_name(csan_model_stream_create(m, 0x9000, CSAN_STREAM_NONBLOCKING)));
  printf(" live %u\n", csan_model_live_streams(m));
  csan_model_destroy(m);
  return 0;
}
