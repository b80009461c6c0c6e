// csan checks the device it set itself up on. Work issued while another
// device is current is passed through unchecked: it runs (a plain launch, no
// range checks, no shadow on that device: device code of csan's would read
// another GPU's memory), csan says so once per device, and the model learns
// nothing from it, so the other device's cudaDeviceSynchronize and legacy
// stream do not order csan's device's work. Here a write on device 0 and an
// unordered read on device 0 race across a stretch of device-1 work (RACE);
// ordered by an event, they do not (FIXED); both warn once about device 1.
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_DEVICES=2 %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,RACE < %t.out
// RUN: env FAKE_CUDA_DEVICES=2 %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,FIXED --implicit-check-not=WARNING: < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  rw_kernels_register();

  /* Device 0: csan sets itself up here. */
  cudaStream_t a, b;
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(write4, a, &buf);
  CK(__csan_cudaEventRecord(done, a, SITE));

  /* Device 1: every kind of call, none of it checked or modelled. */
  unsigned long checks = fake_cuda_count("csan_rk_access");
  unsigned long fills = fake_cuda_count("csan_rk_fill");
  unsigned long twins = fake_cuda_count("launch:twin");
  CK(cudaSetDevice(1));
  cudaStream_t c;
  NONBLOCKING_STREAM(c);
  int *other, *other_async, host[4] = {0};
  CK(__csan_cudaMalloc((void **)&other, 16, SITE));
  CK(__csan_cudaMallocAsync((void **)&other_async, 16, c, SITE));
  LAUNCH(write4, c, &other);
  LAUNCH(write4, 0, &other);
  CK(__csan_cudaMemsetAsync(other, 0, 16, c, SITE));
  CK(__csan_cudaMemcpy(host, other, 16, cudaMemcpyDeviceToHost, SITE));
  CK(__csan_cudaStreamSynchronize(0, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  CK(__csan_cudaFreeAsync(other_async, c, SITE));
  CK(__csan_cudaFree(other, SITE));
  CK(__csan_cudaStreamDestroy(c, SITE));
  NOTE("device 1: %lu instrumented launches, %lu range checks, %lu fills",
       fake_cuda_count("launch:twin") - twins, fake_cuda_count("csan_rk_access") - checks,
       fake_cuda_count("csan_rk_fill") - fills);

  /* Back on device 0: the read is ordered after the write only by the event. */
  CK(cudaSetDevice(0));
  if (!race)
    CK(__csan_cudaStreamWaitEvent(b, done, 0, SITE));
  LAUNCH(read4, b, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// CHECK:      csan: work on device 1 is not checked: csan checks one device (device 0)
// CHECK-NOT:  device 1
// CHECK:      device 1: 0 instrumented launches, 0 range checks, 0 fills

// RACE:       WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:    Read of size 4 at 0x{{[0-9a-f]+}} by kernel read4(int*) on stream 0x{{[0-9a-f]+}}:
// RACE:         Previous write of size 4 by kernel write4(int*) on stream 0x{{[0-9a-f]+}}:
// RACE:       done
// RACE-NEXT:  csan: reported 1 data race(s)
// RACE-NEXT:  exit=66

// FIXED:      done
// FIXED-NEXT: exit=0
