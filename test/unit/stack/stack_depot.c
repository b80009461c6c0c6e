// The depot gives one id per distinct stack: the same call path twice gets
// the same id, another path another id; depth 0 captures nothing; a
// caller_pc trims csan's own frames so the stack starts at the user's call.
// RUN: %cc_core -rdynamic -o %t && %t | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

#include "csan_stack.h"

// The empty asm after each call keeps the compiler from turning it into a
// tail call, which would remove the caller's frame.

// Stand-in for a runtime wrapper: the stack must start at its caller.
__attribute__((noinline)) uint32_t wrapper(void) {
  uint32_t id = csan_stack_capture(__builtin_return_address(0), 0);
  __asm__ volatile("" ::: "memory");
  return id;
}

__attribute__((noinline)) uint32_t capture_here(void) {
  uint32_t id = csan_stack_capture(NULL, 0);
  __asm__ volatile("" ::: "memory");
  return id;
}

// The exported function holding return address pc (the test links with
// -rdynamic so dladdr knows them).
static const char *fn(uintptr_t pc) {
  Dl_info info;
  if (!pc || !dladdr((void *)(pc - 1), &info) || !info.dli_sname)
    return "?";
  return info.dli_sname;
}

// One call path: capture_here called from the same place.
__attribute__((noinline)) uint32_t same_path(void) {
  uint32_t id = capture_here();
  __asm__ volatile("" ::: "memory");
  return id;
}

int main(void) {
  // Two frames: capture_here and its caller; main's call sites do not count.
  csan_stack_configure(2, false, NULL);
  uint32_t ids[3];
  ids[0] = same_path();
  ids[1] = same_path();
  ids[2] = same_path();
  uint32_t other = capture_here();
  printf("loop same %d, nonzero %d, other differs %d\n", ids[0] == ids[1] && ids[1] == ids[2],
         ids[0] != 0, other != ids[0]);
  // CHECK: loop same 1, nonzero 1, other differs 1

  // capture_here's own frame is the first; wrapper's is skipped, so its
  // first frame is main's.
  const uintptr_t *pcs;
  size_t n = csan_stack_get(ids[0], &pcs);
  const uintptr_t *wpcs;
  size_t wn = csan_stack_get(wrapper(), &wpcs);
  printf("frames %zu: %s %s\n", n, fn(n > 0 ? pcs[0] : 0), fn(n > 1 ? pcs[1] : 0));
  // CHECK: frames 2: capture_here same_path
  printf("wrapper frames %zu: %s\n", wn, fn(wn > 0 ? wpcs[0] : 0));
  // CHECK: wrapper frames 2: main

  // Stacks given explicitly: deduplicated by content, capped in depth.
  uintptr_t a[3] = {1, 2, 3}, b[3] = {1, 2, 4};
  uint32_t ia = csan_stack_put(a, 3), ia2 = csan_stack_put(a, 3), ib = csan_stack_put(b, 3);
  uint32_t ishort = csan_stack_put(a, 2);
  printf("put same %d, differs %d, prefix differs %d, empty %u\n", ia == ia2, ia != ib,
         ishort != ia, csan_stack_put(a, 0));
  // CHECK: put same 1, differs 1, prefix differs 1, empty 0
  n = csan_stack_get(ib, &pcs);
  const uintptr_t *none;
  size_t unknown = csan_stack_get(999999, &none);
  printf("get %zu: %lu %lu %lu; unknown id %zu\n", n, (unsigned long)pcs[0],
         (unsigned long)pcs[1], (unsigned long)pcs[2], unknown);
  // CHECK: get 3: 1 2 4; unknown id 0
  uintptr_t deep[100];
  for (int i = 0; i < 100; i++)
    deep[i] = (uintptr_t)i + 1;
  printf("deep %zu\n", csan_stack_get(csan_stack_put(deep, 100), &pcs));
  // CHECK: deep 64

  // Depth 0: no stacks at all; depth 1: only the innermost user frame.
  csan_stack_configure(0, false, NULL);
  printf("depth 0 id %u\n", capture_here());
  // CHECK: depth 0 id 0
  csan_stack_configure(1, false, NULL);
  printf("depth 1 frames %zu\n", csan_stack_get(capture_here(), &pcs));
  // CHECK: depth 1 frames 1
  return 0;
}
