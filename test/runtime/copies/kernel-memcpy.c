// A kernel that writes a buffer on one stream and a cudaMemcpyAsync that
// reads it on another, unordered: a write-read race whose previous access is
// the kernel's own device site (function, file, line, column, as the module's
// site descriptor says), and whose current access is the copy. Synchronizing
// the kernel's stream before the copy orders them (the host waited).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(produce)
static int32_t produce_site;

// produce(float *p): p[0..3] = ...
static void produce_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, float *, 0), 4, sizeof(float), CSAN_ACC_WRITE, produce_site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  produce_site = fake_cuda_site("race.cu", 12, 5, "_Z7producePf", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)produce, "_Z7producePf", FAKE_TWIN_OK, 1, produce_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *buf, host[4];
  CK(__csan_cudaMalloc((void **)&buf, 64, SITE));
  LAUNCH(produce, s1, &buf);
  if (!race)
    CK(__csan_cudaStreamSynchronize(s1, SITE));
  CK(__csan_cudaMemcpyAsync(host, buf + 2, 8, cudaMemcpyDeviceToHost, s2, SITE));
  CK(__csan_cudaStreamSynchronize(s2, SITE));
  NOTE("launches: %lu instrumented", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 8 at 0x[[#ADDR]] by cudaMemcpyAsync on stream 0x{{[0-9a-f]+}}:
// RACE:        Previous write of size 4 by kernel produce(float*) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 produce(float*) race.cu:12:5
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE:        Location: bytes [8, 16) of a 64-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc at:
// RACE:      SUMMARY: csan: data race (write-read) {{.*}}kernel-memcpy.c:[[#]]:3 in main
// RACE:      launches: 1 instrumented
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: launches: 1 instrumented
// FIXED-NEXT: exit=0
