// The text report has exactly the shape README.md shows: fences, the WARNING
// line, the reporting access (device frame, block/thread and operation, host
// issue stack), the previous access, the Location with the allocation's
// stack, and SUMMARY. Host stacks are real (captured here) and symbolized.
// The fixed twin (the read ordered after the write, so no entry) prints
// nothing.
// RUN: %cc_core -o %t
// RUN: %t race 2>&1 | FileCheck %s --check-prefix=RACE --strict-whitespace --match-full-lines
// RUN: %t fixed 2>&1 | FileCheck %s --check-prefix=FIXED --strict-whitespace --match-full-lines
#include "../Inputs/report_env.h"

int main(int argc, char **argv) {
  bool race = argc > 1 && !strcmp(argv[1], "race");
  csan_flags flags;
  csan_flags_defaults(&flags);
  // One frame per stack: main's (the rest is libc's start-up code).
  flags.host_stack_depth = 1;
  csan_stack_configure_from_flags(&flags);
  csan_report_env env;
  env_init(&env, true);

  uint32_t alloc_stack = csan_stack_capture(NULL, 0); int alloc_line = __LINE__;
  uint32_t produce_stack = csan_stack_capture(NULL, 0); int produce_line = __LINE__;
  uint32_t consume_stack = csan_stack_capture(NULL, 0); int consume_line = __LINE__;
  fprintf(stderr, "lines %d %d %d\n", alloc_line, produce_line, consume_line);
  // RACE:lines [[#ALLOC:]] [[#PRODUCE:]] [[#CONSUME:]]
  // FIXED:lines {{.*}}

  add_site(3, "race.cu", "_Z7producePf", 12, 5, CSAN_ACC_WRITE, 4);
  add_site(5, "race.cu", "_Z7consumePfi", 20, 7, CSAN_ACC_READ, 4);
  add_alloc(0x7f3a00000000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, alloc_stack);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_Z7producePf", 0x55d0c0b0, NULL, "race.cu", "main", 33, 3,
         produce_stack, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePfi", 0x55d0c0a0, NULL, "race.cu", "main", 34, 3,
         consume_stack, 0);

  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e = make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 1, CSAN_TAG_WRITE, 3, 0x7f3a00000010,
                          0x7f3a00000014);
  e.thread[0] = 4;
  if (race)
    csan_report_races(r, &e, 1);
  int status = csan_report_finish(r, 0, NULL);
  fprintf(stderr, "status %d\n", status);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// RACE-NEXT:==================
// RACE-NEXT:WARNING: csan: data race (write-read) on 4 bytes at 0x7f3a00000010
// RACE-NEXT:  Read of size 4 at 0x7f3a00000010 by kernel consume(float*, int) on stream 0x55d0c0a0:
// RACE-NEXT:    #0 consume(float*, int) race.cu:20:7
// RACE-NEXT:    block (0,0,0), thread (4,0,0); operation #5 on slot 2
// RACE-NEXT:    issued at:
// RACE-NEXT:      #0 0x{{[0-9a-f]+}} in main {{.*}}report_text_format.c:[[#CONSUME]]:{{[0-9]+}}
// RACE-NEXT:  Previous write of size 4 by kernel produce(float*) on stream 0x55d0c0b0:
// RACE-NEXT:    #0 produce(float*) race.cu:12:5
// RACE-NEXT:    operation #3 on slot 1
// RACE-NEXT:    issued at:
// RACE-NEXT:      #0 0x{{[0-9a-f]+}} in main {{.*}}report_text_format.c:[[#PRODUCE]]:{{[0-9]+}}
// RACE-NEXT:  Location: bytes [16, 20) of a 4096-byte allocation at 0x7f3a00000000 made by cudaMalloc at:
// RACE-NEXT:      #0 0x{{[0-9a-f]+}} in main {{.*}}report_text_format.c:[[#ALLOC]]:{{[0-9]+}}
// RACE-NEXT:SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(float*, int)
// RACE-NEXT:==================
// RACE-NEXT:csan: reported 1 data race(s)
// RACE-NEXT:status 66

// FIXED-NOT:WARNING
// FIXED-NOT:csan: reported
// FIXED:status 0
