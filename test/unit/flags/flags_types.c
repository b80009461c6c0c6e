// Each flag type parses: ints, booleans (0/1/true/false), powers of two,
// strings (also quoted, holding separators), the report format; pairs are
// separated by ':' or white space and later pairs win. Each good string sits
// beside one that the same type rejects.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_flags.h"

static void try(const char *opts) {
  csan_flags f;
  char err[256];
  csan_flags_defaults(&f);
  if (csan_flags_parse(&f, opts, err, sizeof(err)) != 0) {
    printf("[%s] error: %s\n", opts, err);
    return;
  }
  printf("[%s] exitcode=%d halt=%d format=%s table=%d log='%s' supp='%s' warp=%d\n", opts,
         f.exitcode, f.halt_on_error, f.report_format == CSAN_REPORT_JSON ? "json" : "text",
         f.race_table_size, f.log_path, f.suppressions, f.warp_aggregation);
}

int main(void) {
  try("exitcode=3");
  // CHECK: [exitcode=3] exitcode=3 halt=0
  try("exitcode=three");
  // CHECK: [exitcode=three] error: bad value 'three' for exitcode: expected an integer
  try("halt_on_error=1:warp_aggregation=0");
  // CHECK: [halt_on_error=1:warp_aggregation=0] exitcode=66 halt=1 {{.*}} warp=0
  try("halt_on_error=true warp_aggregation=false");
  // CHECK: [halt_on_error=true warp_aggregation=false] exitcode=66 halt=1 {{.*}} warp=0
  try("halt_on_error=yes");
  // CHECK: [halt_on_error=yes] error: bad value 'yes' for halt_on_error: expected 0, 1, true or false
  try("report_format=json");
  // CHECK: [report_format=json] {{.*}} format=json
  try("report_format=xml");
  // CHECK: [report_format=xml] error: bad value 'xml' for report_format: expected text or json
  try("race_table_size=65536");
  // CHECK: [race_table_size=65536] {{.*}} table=65536
  try("race_table_size=65535");
  // CHECK: [race_table_size=65535] error: race_table_size=65535 is not a power of two
  try("log_path='/tmp/a b:c' suppressions=\"x y\"");
  // CHECK: [log_path='/tmp/a b:c' suppressions="x y"] {{.*}} log='/tmp/a b:c' supp='x y'
  try("log_path=/tmp/ok:suppressions=");
  // CHECK: [log_path=/tmp/ok:suppressions=] {{.*}} log='/tmp/ok' supp=''
  try(" :exitcode=1::  exitcode=2\t");
  // CHECK: [ :exitcode=1::  exitcode=2{{.}}] exitcode=2
  try("");
  // CHECK: [] exitcode=66 halt=0 format=text table=4096 log='stderr' supp='' warp=1
  return 0;
}
