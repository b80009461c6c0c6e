// The end of the epoch window resets the shadow only if nothing was issued
// after its device synchronization began: it re-checks under the lock that
// stops issuing. Here another thread writes on s2 while the synchronization
// runs (CONCURRENT): the reset waits for a later operation, so the write
// keeps its record and the unordered read on s1 that triggered the attempt
// races with it. When the write was issued and observed before (ALONE), the
// window restarts at once and the read is ordered after it.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t concurrent > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CONCURRENT < %t.out
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t alone > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ALONE --implicit-check-not="WARNING: csan" < %t.out
#include <pthread.h>
#include <time.h>

#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(load)
static int32_t wsite, rsite;
static cudaStream_t s1, s2;
static int *buf;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int writer_done;
static pthread_t writer;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, wsite);
}

static void load_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, rsite);
}

static void *writer_thread(void *arg) {
  (void)arg;
  LAUNCH(fill, s2, &buf);
  pthread_mutex_lock(&mu);
  writer_done = 1;
  pthread_cond_signal(&cv);
  pthread_mutex_unlock(&mu);
  return NULL;
}

/* Runs as the rebase's device synchronization begins: the writer issues
 * its work meanwhile (waited for, up to a second). */
static void start_writer(void *arg) {
  (void)arg;
  pthread_create(&writer, NULL, writer_thread, NULL);
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += 1;
  pthread_mutex_lock(&mu);
  while (!writer_done && pthread_cond_timedwait(&cv, &mu, &until) == 0) {
  }
  pthread_mutex_unlock(&mu);
}

int main(int argc, char **argv) {
  int concurrent = argc > 1 && !strcmp(argv[1], "concurrent");
  wsite = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  rsite = fake_cuda_site("load.cu", 5, 9, "_Z4loadPi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)load, "_Z4loadPi", FAKE_TWIN_OK, 1, load_body);
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  if (!concurrent) {
    pthread_create(&writer, NULL, writer_thread, NULL);
    pthread_join(writer, NULL);
  }
  if (__csan_test_advance_epochs(s1, 0x80000000u) != 0)
    NOTE("advance failed");
  NOTE("window used up");
  if (concurrent)
    fake_cuda_set_hook("cudaDeviceSynchronize", start_writer, NULL);
  LAUNCH(load, s1, &buf);
  if (concurrent)
    pthread_join(writer, NULL);
  NOTE("load on s1 has epoch %#x", fake_cuda_last_launch()->ctx.epoch);
  CK(__csan_cudaDeviceSynchronize(SITE));
  LAUNCH(load, s1, &buf);
  NOTE("then load on s1 has epoch %#x", fake_cuda_last_launch()->ctx.epoch);
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// CONCURRENT:      window used up
// CONCURRENT-NOT:  epoch window is used up
// CONCURRENT:      load on s1 has epoch 0x80000001
// CONCURRENT-NEXT: ==================
// CONCURRENT-NEXT: WARNING: csan: data race (write-read) on 16 bytes
// CONCURRENT-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel load(int*) on stream
// CONCURRENT:        Previous write of size 4 by kernel fill(int*) on stream
// CONCURRENT:      csan: the epoch window is used up: synchronized the device, reset the shadow and restarted the clocks
// CONCURRENT-NEXT: then load on s1 has epoch 0x1
// CONCURRENT:      csan: reported 1 data race(s)
// CONCURRENT-NEXT: exit=66

// ALONE:      window used up
// ALONE-NEXT: csan: the epoch window is used up: synchronized the device, reset the shadow and restarted the clocks
// ALONE-NEXT: csan: WARNING: the epoch window is used up and csan restarted its clocks: races between work stream 0x{{[0-9a-f]+}} issued before
// ALONE-NEXT: csan: WARNING: the epoch window is used up and csan restarted its clocks: races between work stream 0x{{[0-9a-f]+}} issued before
// ALONE-NEXT: load on s1 has epoch 0x1
// ALONE-NEXT: then load on s1 has epoch 0x2
// ALONE:      exit=0
