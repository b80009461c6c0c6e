// Must FAIL: it does not compile, so the pack has no binary for it.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: never checked
#error this program is broken on purpose (test/pack/Inputs/selftest/README.md)
