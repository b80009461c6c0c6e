// An operation the registry does not know (never registered: the registry
// keeps every registered one for the whole run) is reported as such, with
// its slot and epoch; a registered operation on the same slot, however old,
// is described in full.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  csan_report_env env;
  env_init(&env, true);
  add_site(3, "race.cu", "_Z7producePf", 12, 5, CSAN_ACC_WRITE, 4);
  add_site(5, "race.cu", "_Z7consumePfi", 20, 7, CSAN_ACC_READ, 4);
  add_alloc(0x1000, 64, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  for (uint32_t e = 1; e <= 9; e++)
    if (e != 2)
      add_op(e, 1, e, CSAN_OPK_KERNEL, "_Z7producePf", 0xb0, NULL, "race.cu", "main", 33, 3, 0, 0);
  add_op(20, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePfi", 0xa0, NULL, "race.cu", "main", 34, 3, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e[] = {
      // Epoch 2 of slot 1 was never registered; epoch 1, the oldest, is.
      make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 2, CSAN_TAG_WRITE, 3, 0x1000, 0x1004),
      make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 1, CSAN_TAG_WRITE, 3, 0x1010, 0x1014),
      // The reporting operation itself unknown (slot 3 never registered).
      make_race(3, 7, CSAN_ACC_WRITE, 8, 5, 1, 9, CSAN_TAG_WRITE, 0, 0x1020, 0x1028),
  };
  csan_report_races(r, e, 3);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK:==================
// CHECK-NEXT:WARNING: csan: data race (write-read) on 4 bytes at 0x1000
// CHECK-NEXT:  Read of size 4 at 0x1000 by kernel consume(float*, int) on stream 0xa0:
// CHECK-NEXT:    #0 consume(float*, int) race.cu:20:7
// CHECK-NEXT:    block (0,0,0), thread (0,0,0); operation #20 on slot 2
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:34:3
// CHECK-NEXT:  Previous write by an unknown operation on slot 1:
// CHECK-NEXT:    operation (epoch 2 on slot 1) was never registered
// CHECK-NEXT:  Location: bytes [0, 4) of a 64-byte allocation at 0x1000 made by cudaMalloc at:
// CHECK-NEXT:      #0 main race.cu:30:3
// CHECK-NEXT:SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(float*, int)
// CHECK-NEXT:==================
// CHECK-NEXT:==================
// CHECK-NEXT:WARNING: csan: data race (write-read) on 4 bytes at 0x1010
// CHECK-NEXT:  Read of size 4 at 0x1010 by kernel consume(float*, int) on stream 0xa0:
// CHECK:  Previous write of size 4 by kernel produce(float*) on stream 0xb0:
// CHECK-NEXT:    #0 produce(float*) race.cu:12:5
// CHECK-NEXT:    operation #1 on slot 1
// CHECK:SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(float*, int)
// CHECK-NEXT:==================
// CHECK-NEXT:==================
// CHECK-NEXT:WARNING: csan: data race (write-write) on 8 bytes at 0x1020
// CHECK-NEXT:  Write of size 8 at 0x1020 by an unknown operation on slot 3:
// CHECK-NEXT:    operation (epoch 7 on slot 3) was never registered
// CHECK-NEXT:  Previous write by kernel produce(float*) on stream 0xb0:
// CHECK-NEXT:    operation #9 on slot 1
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:33:3
// CHECK-NEXT:  Location: bytes [32, 40) of a 64-byte allocation at 0x1000 made by cudaMalloc at:
// CHECK-NEXT:      #0 main race.cu:30:3
// CHECK-NEXT:SUMMARY: csan: data race (write-write)
// CHECK-NEXT:==================
// CHECK-NEXT:csan: reported 3 data race(s)
