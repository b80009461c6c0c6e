// Bad options give a message that names the option and says what is wrong:
// unknown names, missing values, bad values, ranges, quoting, length. The
// same options written correctly parse.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_flags.h"

static void try(const char *opts) {
  csan_flags f;
  char err[256];
  csan_flags_defaults(&f);
  int rc = csan_flags_parse(&f, opts, err, sizeof(err));
  printf("%s -> %d %s\n", opts, rc, rc ? err : "ok");
}

int main(void) {
  try("exitcod=1");
  // CHECK: exitcod=1 -> -1 unknown option 'exitcod'
  try("exitcode=1");
  // CHECK: exitcode=1 -> 0 ok
  try("verbosity=1:colour=1");
  // CHECK: verbosity=1:colour=1 -> -1 unknown option 'colour'
  try("exitcode");
  // CHECK: exitcode -> -1 option 'exitcode' needs a value (exitcode=VALUE)
  try("max_reports=");
  // CHECK: max_reports= -> -1 bad value '' for max_reports: expected an integer
  try("max_reports=12x");
  // CHECK: max_reports=12x -> -1 bad value '12x' for max_reports: expected an integer
  try("exitcode=256");
  // CHECK: exitcode=256 -> -1 exitcode=256 is out of range [0, 255]
  try("exitcode=255");
  // CHECK: exitcode=255 -> 0 ok
  try("pool_mb=0");
  // CHECK: pool_mb=0 -> -1 pool_mb=0 is out of range [1, 1048576]
  try("host_stack_depth=-1");
  // CHECK: host_stack_depth=-1 -> -1 host_stack_depth=-1 is out of range [0, 64]
  try("host_stack_depth=0");
  // CHECK: host_stack_depth=0 -> 0 ok
  try("max_reports=99999999999999999999");
  // CHECK: max_reports=99999999999999999999 -> -1 max_reports=99999999999999999999 is out of range [0, 2147483647]
  try("race_table_size=8");
  // CHECK: race_table_size=8 -> -1 race_table_size=8 is out of range [16, 16777216]
  try("log_path='unterminated");
  // CHECK: log_path='unterminated -> -1 unterminated ' quote in the value of log_path
  try("log_path='a'b");
  // CHECK: log_path='a'b -> -1 unexpected text after the quoted value of log_path
  char longopt[1200] = "log_path=";
  memset(longopt + 9, 'x', 1100);
  longopt[1109] = '\0';
  try(longopt);
  // CHECK: log_path=xxx{{x+}} -> -1 value of log_path is too long (1100 bytes, at most 1023)
  return 0;
}
