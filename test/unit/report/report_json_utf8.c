// JSON reports are valid UTF-8 and valid JSON whatever bytes the names
// hold: a kernel, function or file name comes from the program. Well-formed
// UTF-8 is kept as it is; each byte that does not begin a well-formed
// sequence (0xff, a lone continuation byte, an overlong form, a surrogate, a
// sequence cut short) becomes \ufffd; control characters are escaped.
// Python's strict UTF-8 decoder and json module read every line.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=report_format=json %t > %t.out 2>&1
// RUN: %python -c "import json, sys; [print(ascii(json.loads(l.decode('utf-8', 'strict')).get('access', {}).get(k))) for l in open(sys.argv[1], 'rb') for k in ('kernel', 'function', 'file')]" %t.out | FileCheck %s --check-prefix=PARSED
// RUN: FileCheck %s --check-prefix=RAW < %t.out
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_init(&flags);
  flags.host_stack_depth = 0;
  csan_stack_configure_from_flags(&flags);
  csan_report_env env;
  env_init(&env, true);
  // Kernel: 0xff 0xfe, then ñ € 😀 (2, 3 and 4 bytes), then an overlong '/'
  // (c0 af), a surrogate (ed a0 80) and a lone continuation byte (80).
  const char *kernel = "k\xff\xfe\xc3\xb1\xe2\x82\xac\xf0\x9f\x98\x80\xc0\xaf\xed\xa0\x80\x80";
  // Device function: a 3-byte sequence cut short at the end, then one
  // above U+10FFFF (f4 90 80 80) and a byte that never begins one (f5).
  add_site(5, "dir/\x01\x1f\x7f\t\"q\".cu", "fn\xe2\x82", 20, 7, CSAN_ACC_READ, 4);
  add_site(3, "race.cu", "_Z7producePf\xf4\x90\x80\x80\xf5", 12, 5, CSAN_ACC_WRITE, 4);
  add_alloc(0x7f3a00000000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_Z7producePf", 0x55d0c0b0, NULL, "race.cu", "main", 33, 3,
         0, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, kernel, 0x55d0c0a0, NULL, "race.cu", "main", 34, 3, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e = make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 1, CSAN_TAG_WRITE, 3, 0x7f3a00000010,
                          0x7f3a00000014);
  csan_report_races(r, &e, 1);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// PARSED:      'k\ufffd\ufffd\xf1\u20ac\U0001f600\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd'
// PARSED-NEXT: 'fn\ufffd\ufffd'
// PARSED-NEXT: 'dir/\x01\x1f\x7f\t"q".cu'
// The summary line has no access.
// PARSED-NEXT: None
// PARSED-NEXT: None
// PARSED-NEXT: None
// PARSED-NOT:  {{.}}

// The valid sequences are written as they are, the rest escaped.
// RAW: "kernel":"k\ufffd\ufffdñ€😀\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd"
// RAW: "file":"dir/\u0001\u001f{{.}}\t\"q\".cu"
