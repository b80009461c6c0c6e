// A device site whose descriptor has line 0 (debug info without a line for
// the access; the pass finds a line wherever the module has one) prints as
// FILE:? in the frame and in SUMMARY, never as a bare file that reads like a
// complete place. The twin with a line prints FILE:LINE:COL.
// RUN: %cc_core -o %t
// RUN: %t noline 2>&1 | FileCheck %s --check-prefix=NOLINE
// RUN: %t line 2>&1 | FileCheck %s --check-prefix=WITHLINE
#include "../Inputs/report_env.h"

#define REDUCE "/usr/local/cuda/include/cccl/cub/device/dispatch/kernels/reduce.cuh"

int main(int argc, char **argv) {
  bool noline = argc > 1 && !strcmp(argv[1], "noline");
  csan_flags flags;
  csan_flags_defaults(&flags);
  csan_report_env env;
  env_init(&env, true);

  add_site(3, REDUCE, "_ZN3cub28DeviceReduceSingleTileKernelEPf", noline ? 0 : 150,
           noline ? 0 : 7, CSAN_ACC_WRITE, 4);
  add_site(5, "race.cu", "_Z7consumePf", 20, 7, CSAN_ACC_READ, 4);
  add_alloc(0x7f3a00000000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_ZN3cub28DeviceReduceSingleTileKernelEPf", 0x55d0c0b0, NULL,
         "race.cu", "main", 33, 3, 0, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePf", 0x55d0c0a0, NULL, "race.cu", "main", 34, 3,
         0, 0);

  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  // The CUB kernel's write is the reporting access, so SUMMARY names it.
  csan_race e = make_race(1, 1, CSAN_ACC_WRITE, 4, 3, 2, 1, 0 /* a read */, 5, 0x7f3a00000010,
                          0x7f3a00000014);
  csan_report_races(r, &e, 1);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// NOLINE:      #0 cub::DeviceReduceSingleTileKernel(float*) {{.*}}/cub/device/dispatch/kernels/reduce.cuh:?{{$}}
// NOLINE:      #0 consume(float*) race.cu:20:7{{$}}
// NOLINE:      SUMMARY: csan: data race ({{.*}}) {{.*}}/kernels/reduce.cuh:? in cub::DeviceReduceSingleTileKernel(float*){{$}}

// WITHLINE:        #0 cub::DeviceReduceSingleTileKernel(float*) {{.*}}/cub/device/dispatch/kernels/reduce.cuh:150:7{{$}}
// WITHLINE:        SUMMARY: csan: data race ({{.*}}) {{.*}}/kernels/reduce.cuh:150:7 in cub::DeviceReduceSingleTileKernel(float*){{$}}
