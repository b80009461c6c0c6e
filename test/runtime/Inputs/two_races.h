/* A program with two distinct races, reported at its two synchronizations:
 * kernel `produce` against `consume` (race.cu:12:5 / race.cu:20:7), then a
 * memset against a memcpy. Used by the CSAN_OPTIONS tests. Prints
 * "first sync", "second sync" and "end" as it goes; returns argv[1] as its
 * exit status (0 by default). */
#include "rt_test.h"

KERNEL_STUB(produce)
KERNEL_STUB(consume)
static int32_t write_site, read_site;

static void produce_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, write_site);
}

static void consume_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, read_site);
}

int main(int argc, char **argv) {
  write_site = fake_cuda_site("race.cu", 12, 5, "_Z7producePi", CSAN_ACC_WRITE, 4);
  read_site = fake_cuda_site("race.cu", 20, 7, "_Z7consumePi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)produce, "_Z7producePi", FAKE_TWIN_OK, 1, produce_body);
  fake_cuda_register_kernel((const void *)consume, "_Z7consumePi", FAKE_TWIN_OK, 1, consume_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *a, *b;
  char host[64] = {0};
  CK(__csan_cudaMalloc((void **)&a, 64, SITE));
  CK(__csan_cudaMalloc((void **)&b, 64, SITE));
  LAUNCH(produce, s1, &a);
  LAUNCH(consume, s2, &a);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("first sync");
  CK(__csan_cudaMemcpyAsync(b, host, 64, cudaMemcpyHostToDevice, s1, SITE));
  CK(__csan_cudaMemsetAsync(b, 0, 64, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("second sync");
  NOTE("end");
  return argc > 1 ? atoi(argv[1]) : 0;
}
