// Globs match the whole string; `*` matches any run (also '/' and nothing),
// `?` exactly one character. Each matching case sits beside a near miss.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_suppress.h"

static void t(const char *p, const char *s) {
  printf("'%s' ~ '%s': %s\n", p, s, csan_glob_match(p, s) ? "match" : "no");
}

int main(void) {
  t("produce", "produce");          // CHECK: 'produce' ~ 'produce': match
  t("produce", "produce2");         // CHECK: 'produce' ~ 'produce2': no
  t("prod*", "produce(float*)");    // CHECK: 'prod*' ~ 'produce(float*)': match
  t("prod*", "xproduce");           // CHECK: 'prod*' ~ 'xproduce': no
  t("*duce*", "produce(float*)");   // CHECK: '*duce*' ~ 'produce(float*)': match
  t("*", "");                       // CHECK: '*' ~ '': match
  t("?", "");                       // CHECK: '?' ~ '': no
  t("a?c", "abc");                  // CHECK: 'a?c' ~ 'abc': match
  t("a?c", "abbc");                 // CHECK: 'a?c' ~ 'abbc': no
  t("*/third_party/*", "/src/third_party/x.cu"); // CHECK: '*/third_party/*' ~ '/src/third_party/x.cu': match
  t("*/third_party/*", "/src/party/x.cu");       // CHECK: '*/third_party/*' ~ '/src/party/x.cu': no
  t("*a*b", "aaab");                // CHECK: '*a*b' ~ 'aaab': match
  t("*a*b", "aaabc");               // CHECK: '*a*b' ~ 'aaabc': no
  return 0;
}
