// What a launch passes to the instrumented twin: the grid, block, shared
// memory, stream and launch attributes of the call (cooperative launches
// carry the cooperative attribute, cudaLaunchKernelExC its own), and a
// context with the magic, ABI version, the stream's slot and next epoch, the
// vector clock (after cudaStreamWaitEvent it covers the other stream's
// launch), and warp aggregation and memory errors (CSAN_CTX_F_MEMORY_ERRORS)
// as CSAN_OPTIONS says.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,AGG < %t.out
// RUN: env CSAN_OPTIONS=warp_aggregation=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,NOAGG < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,NOMEM < %t.out
#include "rt_test.h"

KERNEL_STUB(k)

static void show(const char *what) {
  const fake_launch *l = fake_cuda_last_launch();
  NOTE("%s: instrumented %d grid %u,%u,%u block %u,%u,%u shmem %zu coop %d", what, l->instrumented,
       l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2], l->shared_mem,
       l->cooperative);
  NOTE("%s: magic %#x abi %u slot %u epoch %u flags %#x vc[1] %u vc[2] %u", what, l->ctx.magic,
       l->ctx.abi_version, l->ctx.slot, l->ctx.epoch, l->ctx.flags, l->ctx.vc[1], l->ctx.vc[2]);
}

int main(void) {
  fake_cuda_register_kernel((const void *)k, "_Z1kPi", FAKE_TWIN_OK, 1, NULL);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t e;
  CK(__csan_cudaEventCreate(&e, SITE));
  int *p = NULL;
  void *args[] = {&p};
  dim3 g = {4, 2, 1}, b = {64, 2, 1};
  CK(__csan_cudaLaunchKernel((const void *)k, g, b, args, 128, s1, SITE));
  show("plain");
  CK(__csan_cudaLaunchKernel((const void *)k, g, b, args, 0, s1, SITE));
  show("second");
  CK(__csan_cudaEventRecord(e, s1, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, e, 0, SITE));
  CK(__csan_cudaLaunchCooperativeKernel((const void *)k, g, b, args, 0, s2, SITE));
  show("cooperative");
  cudaLaunchAttribute attr;
  memset(&attr, 0, sizeof attr);
  attr.id = cudaLaunchAttributeCooperative;
  attr.val.cooperative = 1;
  cudaLaunchConfig_t cfg = {{2, 1, 1}, {32, 1, 1}, 256, s2, &attr, 1};
  CK(__csan_cudaLaunchKernelExC(&cfg, (const void *)k, args, SITE));
  show("ex");
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// CHECK:      plain: instrumented 1 grid 4,2,1 block 64,2,1 shmem 128 coop 0
// AGG-NEXT:   plain: magic 0x4e415343 abi 8 slot 1 epoch 1 flags 0x4 vc[1] 0 vc[2] 0
// NOAGG-NEXT: plain: magic 0x4e415343 abi 8 slot 1 epoch 1 flags 0x5 vc[1] 0 vc[2] 0
// NOMEM-NEXT: plain: magic 0x4e415343 abi 8 slot 1 epoch 1 flags 0 vc[1] 0 vc[2] 0
// CHECK:      second: instrumented 1 grid 4,2,1 block 64,2,1 shmem 0 coop 0
// CHECK-NEXT: second: magic 0x4e415343 abi 8 slot 1 epoch 2 flags {{.*}} vc[1] 1 vc[2] 0
// CHECK:      cooperative: instrumented 1 grid 4,2,1 block 64,2,1 shmem 0 coop 1
// CHECK-NEXT: cooperative: magic 0x4e415343 abi 8 slot 2 epoch 1 flags {{.*}} vc[1] 2 vc[2] 0
// CHECK:      ex: instrumented 1 grid 2,1,1 block 32,1,1 shmem 256 coop 1
// CHECK-NEXT: ex: magic 0x4e415343 abi 8 slot 2 epoch 2 flags {{.*}} vc[1] 2 vc[2] 1
// CHECK-NEXT: exit=0
