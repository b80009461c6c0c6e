// report_format=json prints one valid JSON object per report per line (and
// a summary object at exit) with the race, the allocation and both accesses;
// the default text format prints no JSON.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=report_format=json %t 2>&1 | python3 -m json.tool --json-lines > /dev/null
// RUN: env CSAN_OPTIONS=report_format=json %t 2>&1 | FileCheck %s --check-prefix=LINES
// RUN: env CSAN_OPTIONS=report_format=json %t 2>&1 | python3 -m json.tool --json-lines | FileCheck %s --check-prefix=JSON
// RUN: %t 2>&1 | FileCheck %s --check-prefix=TEXT
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_init(&flags);
  flags.host_stack_depth = 0;
  csan_stack_configure_from_flags(&flags);
  csan_report_env env;
  env_init(&env, true);
  add_site(3, "race.cu", "_Z7producePf", 12, 5, CSAN_ACC_WRITE, 4);
  add_site(5, "dir/\"quoted\".cu", "_Z7consumePfi", 20, 7, CSAN_ACC_READ, 4);
  add_alloc(0x7f3a00000000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_Z7producePf", 0x55d0c0b0, NULL, "race.cu", "main", 33, 3,
         0, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePfi", 0x55d0c0a0, NULL, "race.cu", "main", 34, 3,
         0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e = make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 1, CSAN_TAG_WRITE, 3, 0x7f3a00000010,
                          0x7f3a00000014);
  e.block[1] = 2;
  e.thread[0] = 4;
  e.count = 7;
  csan_report_races(r, &e, 1);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// Two lines: the race and the summary, each one JSON object.
// LINES: {"type":"race",{{.*}}}{{$}}
// LINES-NEXT: {"type":"summary",{{.*}}}{{$}}
// LINES-NOT: {{.}}

// JSON:      "type": "race",
// JSON-NEXT: "kind": "write-read",
// JSON-NEXT: "address": "0x7f3a00000010",
// JSON-NEXT: "size": 4,
// JSON-NEXT: "offset": 16,
// JSON-NEXT: "count": 7,
// JSON-NEXT: "allocation": {
// JSON-NEXT:     "base": "0x7f3a00000000",
// JSON-NEXT:     "size": 4096,
// JSON-NEXT:     "api": "cudaMalloc",
// JSON-NEXT:     "name": null,
// JSON-NEXT:     "freed": false,
// JSON-NEXT:     "stack": [
// JSON-NEXT:         {
// JSON-NEXT:             "function": "main",
// JSON-NEXT:             "file": "race.cu",
// JSON-NEXT:             "line": 30,
// JSON-NEXT:             "column": 3
// JSON-NEXT:         }
// JSON-NEXT:     ],
// JSON-NEXT:     "free_api": null,
// JSON-NEXT:     "free_stack": []
// JSON-NEXT: },
// JSON-NEXT: "access": {
// JSON-NEXT:     "kind": "read",
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "what": "kernel consume(float*, int)",
// JSON-NEXT:     "kernel": "consume(float*, int)",
// JSON-NEXT:     "stream": "0x55d0c0a0",
// JSON-NEXT:     "slot": 2,
// JSON-NEXT:     "epoch": 1,
// JSON-NEXT:     "op": 5,
// JSON-NEXT:     "known": true,
// JSON-NEXT:     "file": "dir/\"quoted\".cu",
// JSON-NEXT:     "line": 20,
// JSON-NEXT:     "column": 7,
// JSON-NEXT:     "function": "consume(float*, int)",
// JSON-NEXT:     "block": [
// JSON-NEXT:         0,
// JSON-NEXT:         2,
// JSON-NEXT:         0
// JSON-NEXT:     ],
// JSON-NEXT:     "thread": [
// JSON-NEXT:         4,
// JSON:          "stack": [
// JSON-NEXT:         {
// JSON-NEXT:             "function": "main",
// JSON-NEXT:             "file": "race.cu",
// JSON-NEXT:             "line": 34,
// JSON:      "previous": {
// JSON-NEXT:     "kind": "write",
// JSON-NEXT:     "size": 4,
// JSON-NEXT:     "what": "kernel produce(float*)",
// JSON:          "op": 3,
// JSON:          "function": "produce(float*)",
// JSON-NEXT:     "block": null,
// JSON-NEXT:     "thread": null,
// JSON:      "summary": "dir/\"quoted\".cu:20:7 in consume(float*, int)"
// JSON:      "type": "summary",
// JSON-NEXT: "reported": 1,
// JSON:      "exit_status": 66

// TEXT-NOT: {
// TEXT: WARNING: csan: data race (write-read) on 4 bytes at 0x7f3a00000010
// TEXT-NOT: {
// TEXT: csan: reported 1 data race(s)
