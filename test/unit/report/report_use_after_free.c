// use-after-free: an access meeting freed bytes, and a free meeting an
// unordered access, both describe the freed block with its free. Side by
// side, an ordinary race on the same address after the range was reused
// describes the live block and is not called use-after-free.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  csan_report_env env;
  env_init(&env, true);
  add_site(3, "race.cu", "_Z7producePf", 12, 5, CSAN_ACC_WRITE, 4);
  add_site(5, "race.cu", "_Z7consumePfi", 20, 7, CSAN_ACC_READ, 4);
  // The first life of 0x1000: made by cudaMallocAsync, freed by op #4.
  add_alloc(0x1000, 4096, "cudaMallocAsync", NULL, "race.cu", "main", 30, 3, 0);
  csan_alloc_event fr;
  memset(&fr, 0, sizeof(fr));
  fr.api = "cudaFreeAsync";
  fr.op_id = 4;
  fr.site = (csan_host_site){"race.cu", "main", 33, 3};
  csan_allocs_remove(g_allocs, 0x1000, &fr, NULL);
  add_op(4, 1, 2, CSAN_OPK_FREE, "cudaFreeAsync", 0xb0, NULL, "race.cu", "main", 33, 3, 0, 4096);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePfi", 0xa0, NULL, "race.cu", "main", 34, 3, 0, 0);
  // 0x2000: a block whose synchronous free on the host met a kernel's write.
  add_alloc(0x2000, 256, "cudaMallocAsync", NULL, "race.cu", "main", 40, 3, 0);
  add_op(6, 1, 3, CSAN_OPK_KERNEL, "_Z7producePf", 0xb0, NULL, "race.cu", "main", 41, 3, 0, 0);
  fr.api = "cudaFree";
  fr.op_id = 7;
  fr.site = (csan_host_site){"race.cu", "main", 42, 3};
  csan_allocs_remove(g_allocs, 0x2000, &fr, NULL);
  add_op(7, CSAN_HOST_SLOT, 1, CSAN_OPK_FREE, "cudaFree", 0, NULL, "race.cu", "main", 42, 3, 0,
         256);

  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race uaf = make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 2, CSAN_TAG_WRITE | CSAN_TAG_FREE, 0,
                            0x1010, 0x1014);
  csan_race free_meets = make_race(CSAN_HOST_SLOT, 1, CSAN_ACC_FREE | CSAN_ACC_WRITE, 0, 0, 1, 3,
                                   CSAN_TAG_WRITE, 3, 0x2000, 0x2010);
  csan_report_races(r, &uaf, 1);
  csan_report_races(r, &free_meets, 1);

  // The range 0x1000 is handed out again; a plain race there is about the
  // new block.
  add_alloc(0x1000, 64, "cudaMalloc", NULL, "race.cu", "main", 50, 3, 0);
  add_op(8, 1, 4, CSAN_OPK_KERNEL, "_Z7producePf", 0xb0, NULL, "race.cu", "main", 51, 3, 0, 0);
  add_op(9, 2, 2, CSAN_OPK_KERNEL, "_Z7consumePfi", 0xa0, NULL, "race.cu", "main", 52, 3, 0, 0);
  csan_race plain = make_race(2, 2, CSAN_ACC_READ, 4, 5, 1, 4, CSAN_TAG_WRITE, 3, 0x1010, 0x1014);
  csan_report_races(r, &plain, 1);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK:==================
// CHECK-NEXT:WARNING: csan: data race (use-after-free) on 4 bytes at 0x1010
// CHECK-NEXT:  Read of size 4 at 0x1010 by kernel consume(float*, int) on stream 0xa0:
// CHECK-NEXT:    #0 consume(float*, int) race.cu:20:7
// CHECK-NEXT:    block (0,0,0), thread (0,0,0); operation #5 on slot 2
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:34:3
// CHECK-NEXT:  Previous free of size 4096 by cudaFreeAsync on stream 0xb0:
// CHECK-NEXT:    operation #4 on slot 1
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:33:3
// CHECK-NEXT:  Location: bytes [16, 20) of a 4096-byte allocation at 0x1000 made by cudaMallocAsync at:
// CHECK-NEXT:      #0 main race.cu:30:3
// CHECK-NEXT:  Freed by cudaFreeAsync at:
// CHECK-NEXT:      #0 main race.cu:33:3
// CHECK-NEXT:SUMMARY: csan: data race (use-after-free) race.cu:20:7 in consume(float*, int)
// CHECK-NEXT:==================
// CHECK-NEXT:==================
// CHECK-NEXT:WARNING: csan: data race (use-after-free) on 16 bytes at 0x2000
// CHECK-NEXT:  Free of size 256 at 0x2000 by cudaFree on the host:
// CHECK-NEXT:    operation #7 on slot 255
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:42:3
// CHECK-NEXT:  Previous write of size 4 by kernel produce(float*) on stream 0xb0:
// CHECK-NEXT:    #0 produce(float*) race.cu:12:5
// CHECK-NEXT:    operation #6 on slot 1
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 main race.cu:41:3
// CHECK-NEXT:  Location: bytes [0, 16) of a 256-byte allocation at 0x2000 made by cudaMallocAsync at:
// CHECK-NEXT:      #0 main race.cu:40:3
// CHECK-NEXT:  Freed by cudaFree at:
// CHECK-NEXT:      #0 main race.cu:42:3
// CHECK-NEXT:SUMMARY: csan: data race (use-after-free) race.cu:42:3 in main
// CHECK-NEXT:==================
// CHECK-NEXT:==================
// CHECK-NEXT:WARNING: csan: data race (write-read) on 4 bytes at 0x1010
// CHECK:  Location: bytes [16, 20) of a 64-byte allocation at 0x1000 made by cudaMalloc at:
// CHECK-NEXT:      #0 main race.cu:50:3
// CHECK-NEXT:SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(float*, int)
// CHECK-NEXT:==================
// CHECK-NEXT:csan: reported 3 data race(s)
