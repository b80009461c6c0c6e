// While one thread captures a stream in global mode, "potentially unsafe"
// CUDA calls (allocations, synchronizations, synchronous copies) from any
// thread in global mode fail and invalidate the capture. The calls csan
// makes on its own behalf (shadow pages for a new allocation or variable,
// waiting for its own stream, reading the race table) are made in relaxed
// mode, so another thread's checked work during the capture neither breaks
// it nor goes unchecked: the race between its two kernels is reported when
// it synchronizes, and the capture ends with a graph. Without a capture the
// same work reports the same race.
// RUN: %cc_rt -o %t
// RUN: %run %t capture > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,CAPTURE < %t.out
// RUN: %run %t alone > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not="end of capture" < %t.out
#include <pthread.h>

#include "rt_test.h"

KERNEL_STUB(writer)
KERNEL_STUB(reader)
static int32_t wsite, rsite;
static int dv[64]; /* the host shadow of `__device__ int dv[64]` */

static void writer_body(const fake_launch *l) {
  void *d = NULL;
  CK(cudaGetSymbolAddress(&d, dv));
  kernel_accesses(l, d, 4, 4, CSAN_ACC_WRITE, wsite);
}

static void reader_body(const fake_launch *l) {
  void *d = NULL;
  CK(cudaGetSymbolAddress(&d, dv));
  kernel_accesses(l, d, 4, 4, CSAN_ACC_READ, rsite);
}

/* The other thread: new shadow (a variable, a stream-ordered allocation),
 * two unordered kernels, and a synchronization that drains the table. */
static void *worker(void *arg) {
  (void)arg;
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  void *args[1];
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  CK(__csan_cudaLaunchKernel((const void *)writer, g, b, args, 0, s1, SITE));
  int *p;
  CK(__csan_cudaMallocAsync((void **)&p, 64 << 20, s1, SITE));
  CK(__csan_cudaLaunchKernel((const void *)reader, g, b, args, 0, s2, SITE));
  CK(__csan_cudaStreamSynchronize(s2, SITE));
  NOTE("worker synchronized");
  CK(__csan_cudaFreeAsync(p, s1, SITE));
  CK(__csan_cudaStreamSynchronize(s1, SITE));
  return NULL;
}

int main(int argc, char **argv) {
  int capture = argc > 1 && !strcmp(argv[1], "capture");
  wsite = fake_cuda_site("w.cu", 2, 3, "_Z6writerv", CSAN_ACC_WRITE, 4);
  rsite = fake_cuda_site("r.cu", 6, 3, "_Z6readerv", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)writer, "_Z6writerv", FAKE_TWIN_OK, 0, writer_body);
  fake_cuda_register_kernel((const void *)reader, "_Z6readerv", FAKE_TWIN_OK, 0, reader_body);
  void *handle = NULL;
  __csan___cudaRegisterVar(&handle, (char *)dv, (char *)"dv", "dv", 0, sizeof dv, 0, 0, SITE);
  cudaStream_t c;
  NONBLOCKING_STREAM(c);
  if (capture)
    CK(__csan_cudaStreamBeginCapture(c, cudaStreamCaptureModeGlobal, SITE));
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  if (capture) {
    cudaGraph_t graph = NULL;
    cudaError_t e = __csan_cudaStreamEndCapture(c, &graph, SITE);
    NOTE("end of capture: %s, %s", cudaGetErrorString(e), graph ? "a graph" : "no graph");
  }
  NOTE("invalidated: %lu", fake_cuda_count("capture:invalidated"));
  return 0;
}

// CHECK-NOT:   csan: WARNING
// CHECK:       WARNING: csan: data race (write-read) on 16 bytes
// CHECK:         Location: bytes [0, 16) of allocation dv (256 bytes) at 0x{{[0-9a-f]+}} made by __device__ variable at:
// CHECK:       SUMMARY: csan: data race (write-read) r.cu:6:3 in reader()
// CHECK-NEXT:  ==================
// CHECK-NEXT:  worker synchronized
// CAPTURE-NEXT: end of capture: no error, a graph
// CHECK-NEXT:  invalidated: 0
// CHECK-NEXT:  csan: reported 1 data race(s)
// CHECK-NEXT:  exit=66
