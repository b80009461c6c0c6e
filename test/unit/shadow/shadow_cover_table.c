// The fast path's single AND-and-compare (csan_sh_covered): a cell covers an
// access iff it holds the same launch (slot and epoch), every byte of the
// access, and a kind that dominates the access's kind; control bits of
// cell 0 (lock, esc, untracked) do not matter. Tested on the engine itself.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_abi.h"

// A single-threaded platform layer, enough to call the pure helpers.
#define CSAN_SH_FN static inline __attribute__((unused))
static inline uint64_t csan_sh_load64(const uint64_t *p) { return *p; }
static inline uint64_t csan_sh_load64_acquire(const uint64_t *p) { return *p; }
static inline void csan_sh_load_cells(const uint64_t *p, uint64_t *a, uint64_t *b) { *a = p[0]; *b = p[1]; }
static inline uint64_t csan_sh_load_dir(const uint64_t *p) { return *p; }
static inline void csan_sh_store64(uint64_t *p, uint64_t v) { *p = v; }
static inline void csan_sh_store64_release(uint64_t *p, uint64_t v) { *p = v; }
static inline uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t e, uint64_t d) { uint64_t o = *p; if (o == e) *p = d; return o; }
static inline uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t e, uint64_t d) { uint64_t o = *p; if (o == e) *p = d; return o; }
static inline uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v) { uint64_t o = *p; *p += v; return o; }
static inline void csan_sh_min64(uint64_t *p, uint64_t v) { if (v < *p) *p = v; }
static inline void csan_sh_max64(uint64_t *p, uint64_t v) { if (v > *p) *p = v; }
static inline uint32_t csan_sh_load32(const uint32_t *p) { return *p; }
static inline uint32_t csan_sh_load32_acquire(const uint32_t *p) { return *p; }
static inline void csan_sh_store32(uint32_t *p, uint32_t v) { *p = v; }
static inline void csan_sh_store32_release(uint32_t *p, uint32_t v) { *p = v; }
static inline uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v) { uint32_t o = *p; *p += v; return o; }
static inline void csan_sh_pause(uint32_t r) { (void)r; }
static inline void csan_sh_default_who(csan_race *e) { memset(e->block, 0, 24); }
#include "csan_shadow.h"

static const uint32_t acc[] = {CSAN_ACC_READ, CSAN_ACC_WRITE, CSAN_ACC_ATOMIC,
                               CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, CSAN_ACC_FREE | CSAN_ACC_WRITE,
                               CSAN_ACC_ALLOC | CSAN_ACC_WRITE};
static const char *name[] = {"read", "write", "atomic-read", "atomic-write", "free", "alloc"};

int main(void) {
  csan_launch_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.slot = 7;
  ctx.epoch = 42;
  csan_tag_t me = csan_sh_launch_bits(&ctx);
  int mismatches = 0;
  for (int y = 0; y < 5; y++) {
    csan_tag_t rec = CSAN_TAG_MAKE(0x0ff0, csan_sh_acc_kind(acc[y]), 7, 42);
    for (int x = 0; x < 6; x++) {
      int c = csan_sh_covered(rec, 0, csan_sh_cover_make(me, 0x00f0, acc[x]));
      printf("%s record covers %s: %s\n", name[y], name[x], c ? "yes" : "no");
      mismatches += c != csan_sh_dominates(csan_sh_acc_kind(acc[y]), csan_sh_acc_kind(acc[x]));
      // In cell 1, with control bits in cell 0, the answer is the same.
      int c1 = csan_sh_covered(CSAN_TAG_LOCK | CSAN_TAG_ESC, rec, csan_sh_cover_make(me, 0x00f0, acc[x]));
      int c0 = csan_sh_covered(rec | CSAN_TAG_LOCK | CSAN_TAG_ESC | CSAN_TAG_UNTRACKED, 0,
                               csan_sh_cover_make(me, 0x00f0, acc[x]));
      mismatches += (c1 != c) + (c0 != c);
    }
  }
  printf("mismatches with csan_sh_dominates: %d\n", mismatches);
  // CHECK: read record covers read: yes
  // CHECK-NEXT: read record covers write: no
  // CHECK-NEXT: read record covers atomic-read: yes
  // CHECK-NEXT: read record covers atomic-write: no
  // CHECK-NEXT: read record covers free: no
  // CHECK-NEXT: read record covers alloc: no
  // CHECK-NEXT: write record covers read: yes
  // CHECK-NEXT: write record covers write: yes
  // CHECK-NEXT: write record covers atomic-read: yes
  // CHECK-NEXT: write record covers atomic-write: yes
  // CHECK-NEXT: write record covers free: no
  // CHECK-NEXT: write record covers alloc: yes
  // CHECK-NEXT: atomic-read record covers read: no
  // CHECK-NEXT: atomic-read record covers write: no
  // CHECK-NEXT: atomic-read record covers atomic-read: yes
  // CHECK-NEXT: atomic-read record covers atomic-write: no
  // CHECK-NEXT: atomic-read record covers free: no
  // CHECK-NEXT: atomic-read record covers alloc: no
  // CHECK-NEXT: atomic-write record covers read: no
  // CHECK-NEXT: atomic-write record covers write: no
  // CHECK-NEXT: atomic-write record covers atomic-read: yes
  // CHECK-NEXT: atomic-write record covers atomic-write: yes
  // CHECK-NEXT: atomic-write record covers free: no
  // CHECK-NEXT: atomic-write record covers alloc: no
  // CHECK-NEXT: free record covers read: yes
  // CHECK-NEXT: free record covers write: yes
  // CHECK-NEXT: free record covers atomic-read: yes
  // CHECK-NEXT: free record covers atomic-write: yes
  // CHECK-NEXT: free record covers free: yes
  // CHECK-NEXT: free record covers alloc: yes
  // CHECK-NEXT: mismatches with csan_sh_dominates: 0

  // Negative cases: another epoch, another slot, bytes outside the mask.
  csan_tag_t w = CSAN_TAG_MAKE(0x0ff0, CSAN_TAG_WRITE, 7, 42);
  printf("same: %d\n", csan_sh_covered(w, 0, csan_sh_cover_make(me, 0x0ff0, CSAN_ACC_READ)));
  printf("other epoch: %d\n", csan_sh_covered(CSAN_TAG_MAKE(0x0ff0, CSAN_TAG_WRITE, 7, 41), 0,
                                              csan_sh_cover_make(me, 0x00f0, CSAN_ACC_READ)));
  printf("other slot: %d\n", csan_sh_covered(CSAN_TAG_MAKE(0x0ff0, CSAN_TAG_WRITE, 6, 42), 0,
                                             csan_sh_cover_make(me, 0x00f0, CSAN_ACC_READ)));
  printf("byte outside: %d\n", csan_sh_covered(w, 0, csan_sh_cover_make(me, 0x1ff0, CSAN_ACC_READ)));
  printf("pool index in cell 1: %d\n",
         csan_sh_covered(CSAN_TAG_ESC, 0xfffff, csan_sh_cover_make(me, 0x0001, CSAN_ACC_ATOMIC)));
  // CHECK-NEXT: same: 1
  // CHECK-NEXT: other epoch: 0
  // CHECK-NEXT: other slot: 0
  // CHECK-NEXT: byte outside: 0
  // CHECK-NEXT: pool index in cell 1: 0
  return 0;
}
