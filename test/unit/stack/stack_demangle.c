// Kernel names are demangled for reports (through __cxa_demangle found at
// run time, in a C program too); names that are not mangled, or do not
// demangle, come back unchanged; the result is interned.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_stack.h"

int main(void) {
  const char *names[] = {"_Z7consumePfi", "_Z7producePf",
                         "_ZN2ns6kernelIfEEvPT_i", "plain_c_kernel", "_Znot_valid", "", NULL};
  for (int i = 0; names[i]; i++)
    printf("[%s] -> [%s]\n", names[i], csan_demangle(names[i]));
  printf("null -> %p, interned %d\n", (void *)csan_demangle(NULL),
         csan_demangle("_Z7producePf") == csan_demangle("_Z7producePf"));
  return 0;
}

// CHECK: [_Z7consumePfi] -> [consume(float*, int)]
// CHECK-NEXT: [_Z7producePf] -> [produce(float*)]
// CHECK-NEXT: [_ZN2ns6kernelIfEEvPT_i] -> [void ns::kernel<float>(float*, int)]
// CHECK-NEXT: [plain_c_kernel] -> [plain_c_kernel]
// CHECK-NEXT: [_Znot_valid] -> [_Znot_valid]
// CHECK-NEXT: [] -> []
// CHECK-NEXT: null -> (nil), interned 1
