// Keys are arbitrary 64-bit values and there is no small limit on events:
// many events with random and consecutive (pointer-like) keys are created,
// recorded and destroyed in random order; every lookup agrees with a
// reference table. Streams churn through slots the same way.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

#define KEYS 6000

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static csan_key keys[KEYS];
static signed char ref[KEYS]; // -1 absent, 0 created, 1 recorded

int main(void) {
  csan_model *m = mt_model();
  csan_key s = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  for (int i = 0; i < KEYS; i++) {
    // Half random 64-bit keys, half consecutive 16-byte-aligned handles.
    keys[i] = i % 2 ? (next_rand() | 1) : 0x7f0000000000ull + 16 * (csan_key)i;
    ref[i] = -1;
  }
  int mismatches = 0, max_live = 0, live = 0;
  for (int step = 0; step < 200000; step++) {
    int i = (int)(next_rand() % KEYS);
    int action = (int)(next_rand() % 4);
    if (action == 0 || (action == 1 && ref[i] < 0)) {
      MT_OK(csan_model_event_create(m, keys[i]));
      live += ref[i] < 0;
      ref[i] = 0;
    } else if (action == 1) {
      MT_OK(csan_model_event_record(m, keys[i], s));
      ref[i] = 1;
    } else if (action == 2) {
      int rc = csan_model_event_destroy(m, keys[i]);
      mismatches += rc != (ref[i] < 0 ? CSAN_MODEL_EUNKNOWN_EVENT : CSAN_MODEL_OK);
      live -= ref[i] >= 0;
      ref[i] = -1;
    } else {
      bool rec = false;
      csan_vc vc;
      int rc = csan_model_event_clock(m, keys[i], &vc, &rec);
      mismatches += rc != (ref[i] < 0 ? CSAN_MODEL_EUNKNOWN_EVENT : CSAN_MODEL_OK);
      mismatches += ref[i] >= 0 && rec != (ref[i] == 1);
    }
    if (live > max_live)
      max_live = live;
  }
  for (int i = 0; i < KEYS; i++)
    mismatches += csan_model_event_recorded(m, keys[i]) != (ref[i] == 1);
  // CHECK: event mismatches 0
  printf("event mismatches %d\n", mismatches);
  // CHECK: many live events 1
  printf("many live events %d\n", max_live > 2000);

  // Streams: create and destroy 5000 random keys, 100 alive at a time.
  csan_key alive[100] = {0};
  int smismatch = 0;
  for (int step = 0; step < 5000; step++) {
    int j = step % 100;
    if (alive[j]) {
      smismatch += csan_model_stream_destroy(m, alive[j]) != CSAN_MODEL_OK;
      smismatch += csan_model_stream_exists(m, alive[j]);
    }
    if (j == 0)
      csan_model_host_wait_device(m); // lets retired slots be reused
    alive[j] = next_rand() | 2;
    smismatch += csan_model_stream_create(m, alive[j], CSAN_STREAM_NONBLOCKING) != CSAN_MODEL_OK;
    csan_op op;
    smismatch += csan_model_op(m, alive[j], &op) != CSAN_MODEL_OK;
  }
  for (int j = 0; j < 100; j++)
    smismatch += !csan_model_stream_exists(m, alive[j]);
  // CHECK: stream mismatches 0 live 102
  printf("stream mismatches %d live %u\n", smismatch, csan_model_live_streams(m));
  csan_model_destroy(m);
  return 0;
}
