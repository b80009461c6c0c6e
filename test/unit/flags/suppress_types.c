// kernel:, function: and file: each match only their own field, of either
// access; race: matches any of the three. Names match demangled or mangled,
// files as a full path or by their last component.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_suppress.h"

static const csan_supp_access kA = {"produce(float*)", "_Z7producePf", "helper(int)",
                                    "_Z6helperi", "/src/lib/race.cu"};
static const csan_supp_access kB = {"consume(float*, int)", "_Z7consumePfi",
                                    "consume(float*, int)", "_Z7consumePfi", "/src/app/main.cu"};

static void t(const char *rule) {
  csan_suppressions *s;
  char err[256];
  if (csan_suppressions_parse(rule, "t.supp", &s, err, sizeof(err))) {
    printf("error %s\n", err);
    return;
  }
  const csan_suppression *a = csan_suppressions_match(s, &kA, NULL);
  const csan_suppression *b = csan_suppressions_match(s, NULL, &kB);
  const csan_suppression *ab = csan_suppressions_match(s, &kA, &kB);
  printf("%-22s A:%s B:%s pair:%s hits:%llu\n", rule, a ? "yes" : "no", b ? "yes" : "no",
         ab ? "yes" : "no", (unsigned long long)csan_suppressions_total_hits(s));
  csan_suppressions_free(s);
}

int main(void) {
  t("kernel:produce*");   // CHECK: kernel:produce*        A:yes B:no pair:yes hits:2
  t("kernel:_Z7consume*"); // CHECK: kernel:_Z7consume*     A:no B:yes pair:yes hits:2
  t("kernel:helper*");    // CHECK: kernel:helper*         A:no B:no pair:no hits:0
  t("function:helper*");  // CHECK: function:helper*       A:yes B:no pair:yes hits:2
  t("function:produce*"); // CHECK: function:produce*      A:no B:no pair:no hits:0
  t("file:race.cu");      // CHECK: file:race.cu           A:yes B:no pair:yes hits:2
  t("file:*/app/*");      // CHECK: file:*/app/*           A:no B:yes pair:yes hits:2
  t("file:ace.cu");       // CHECK: file:ace.cu            A:no B:no pair:no hits:0
  t("race:main.cu");      // CHECK: race:main.cu           A:no B:yes pair:yes hits:2
  t("race:helper(int)");  // CHECK: race:helper(int)       A:yes B:no pair:yes hits:2
  t("race:produce*");     // CHECK: race:produce*          A:yes B:no pair:yes hits:2
  t("race:nothing*");     // CHECK: race:nothing*          A:no B:no pair:no hits:0
  return 0;
}
