/* csan_rt_errors.c: the CUDA errors csan explains (csan_rt_errors.h;
 * DESIGN.md, decision 21).
 *
 * Ignored launch errors. A launch that fails at once (a bad configuration,
 * too many threads, too much shared memory) leaves its error in the
 * thread's last error, and the kernel never runs. A `<<<>>>` launch has no
 * result the program could test, so the error is seen only by
 * cudaGetLastError or cudaPeekAtLastError. csan keeps the failed launch
 * pending on its thread: reading the last error clears it; the thread's next
 * CUDA call (csan_rt_active, which every wrapper calls first) reports it as
 * ignored, once. Synchronizations are let through (`k<<<>>>();
 * cudaDeviceSynchronize(); cudaGetLastError()` reads the error all the
 * same), and so is the exit of a thread other than the one that exits the
 * process (csan sees only that one's pending error at exit).
 *
 * Sticky faults. Each launch csan issues gets a per-slot number (core
 * csan_faults.c) and two stream-ordered writes of it into host-mapped
 * memory: `started[slot]` before the kernel, `done[slot]` after it
 * (cuStreamWriteValue32: an operation of the stream, never a host wait).
 * When a CUDA call returns an error that poisons the context, csan reads
 * both arrays with plain loads (the stream stopped at the fault; the
 * markers are in host memory, readable without CUDA), ranks the candidate
 * launches (csan_fault_rank) and prints the report once, naming the call
 * that returned the error.
 */
#include "csan_rt_errors.h"

#include "csan_memerr.h"
#include "csan_rt_sites.h"
#include "csan_stack.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Ignored launch errors.
 * ---------------------------------------------------------------------- */

typedef struct pending {
  bool set;
  bool sync_next; /* the next call is a synchronization: not a "next call" */
  cudaError_t error;
  csan_fault_launch l;
} pending;

static _Thread_local pending tl_pending;
static _Atomic uint64_t g_reported; /* ignored launch errors and faults */

uint64_t csan_rt_errors_reported(void) {
  return atomic_load(&g_reported) + csan_memerr_count();
}

void csan_rt_errors_launch_failed(cudaError_t r, const csan_fault_launch *l) {
  if (r == cudaSuccess || csan_rt_errors_sticky(r))
    return;
  tl_pending.set = true;
  tl_pending.sync_next = false;
  tl_pending.error = r;
  tl_pending.l = *l;
}

/* An error csan returned in the runtime's place (a refused double free):
 * CUDA would have made it the thread's last error too. */
static _Thread_local cudaError_t tl_last;

void csan_rt_errors_set_last(cudaError_t e) { tl_last = e; }

cudaError_t csan_rt_errors_last(cudaError_t r, bool clear) {
  cudaError_t mine = tl_last;
  if (clear)
    tl_last = cudaSuccess;
  return r != cudaSuccess ? r : mine;
}

void csan_rt_errors_read(void) {
  tl_pending.set = false;
  tl_pending.sync_next = false;
}

static void report_ignored(const char *next) {
  pending p = tl_pending;
  tl_pending.set = false;
  tl_pending.sync_next = false;
  if (!csan_g.flags.launch_errors)
    return;
  atomic_fetch_add(&g_reported, 1);
  csan_fault_print_ignored(&csan_g.flags, &p.l, cudaGetErrorName(p.error),
                           cudaGetErrorString(p.error), next);
}

void csan_rt_errors_sync_next(void) {
  if (tl_pending.set)
    tl_pending.sync_next = true;
}

void csan_rt_errors_call(void) {
  if (!tl_pending.set)
    return;
  if (tl_pending.sync_next) {
    tl_pending.sync_next = false;
    return;
  }
  report_ignored("");
}

void csan_rt_errors_exit(void) {
  if (tl_pending.set)
    report_ignored(NULL);
  csan_rt_memerr_exit();
  /* A fault no call of the program returned (it never checked). */
  if (atomic_load(&csan_g.dev) == CSAN_DEV_READY)
    csan_rt_errors_result(cudaPeekAtLastError(), NULL, NULL, NULL);
}

/* ------------------------------------------------------------------------
 * Progress markers.
 * ---------------------------------------------------------------------- */

#define MARK_UNKNOWN 0
#define MARK_ON 1
#define MARK_OFF 2

static _Atomic int g_mark_state;
static pthread_mutex_t g_mark_mu = PTHREAD_MUTEX_INITIALIZER;
/* started[slot] then done[slot], host-mapped; the device address of each. */
static volatile uint32_t *g_mark;
static CUdeviceptr g_mark_dev;

/* The marker memory, set up at the first launch (csan's context current). */
static bool marks_ready(void) {
  int s = atomic_load_explicit(&g_mark_state, memory_order_acquire);
  if (s != MARK_UNKNOWN)
    return s == MARK_ON;
  pthread_mutex_lock(&g_mark_mu);
  s = atomic_load(&g_mark_state);
  if (s == MARK_UNKNOWN) {
    s = MARK_OFF;
    void *p = NULL;
    uint64_t d = 0;
    size_t bytes = 2 * CSAN_FAULTS_SLOTS * sizeof(uint32_t);
    if (csan_g.flags.fault_attribution) {
      csan_rt_own own;
      csan_rt_own_begin(&own);
      CUresult r = csan_rt_host_mapped(bytes, &p, &d); /* zeroed before any launch */
      csan_rt_own_end(&own);
      if (r == CUDA_SUCCESS) {
        g_mark = p;
        g_mark_dev = d;
        s = MARK_ON;
      } else if (csan_g.flags.verbosity >= 1) {
        csan_log_printf("csan: no host-mapped memory for progress markers (%s): a fault will "
                        "not be attributed to its launch\n",
                        csan_rt_cu_error(r));
      }
    }
    atomic_store_explicit(&g_mark_state, s, memory_order_release);
  }
  pthread_mutex_unlock(&g_mark_mu);
  return s == MARK_ON;
}

static void mark_off(CUresult why) {
  static _Atomic bool said;
  atomic_store(&g_mark_state, MARK_OFF);
  csan_rt_warn_once(&said,
                    "csan cannot write progress markers on this device (%s): a fault will not "
                    "be attributed to its launch",
                    csan_rt_cu_error(why));
}

static bool mark_write(CUstream s, uint32_t index, uint32_t value) {
  CUresult r = csan_g.drv.cuStreamWriteValue32(s, g_mark_dev + index * sizeof(uint32_t), value,
                                               CU_STREAM_WRITE_VALUE_DEFAULT);
  /* A sticky error fails every call: the report reads what was written. */
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_ILLEGAL_ADDRESS && r != CUDA_ERROR_ASSERT &&
      r != CUDA_ERROR_LAUNCH_FAILED && r != CUDA_ERROR_ILLEGAL_INSTRUCTION &&
      r != CUDA_ERROR_MISALIGNED_ADDRESS && r != CUDA_ERROR_HARDWARE_STACK_ERROR &&
      r != CUDA_ERROR_INVALID_PC && r != CUDA_ERROR_INVALID_ADDRESS_SPACE)
    mark_off(r);
  return r == CUDA_SUCCESS;
}

void csan_rt_errors_launch_begin(csan_rt_marks *mk, csan_fault_launch *l, uint32_t slot,
                                 CUstream s) {
  mk->on = false;
  mk->seq = csan_faults_launch(l, slot);
  mk->slot = slot;
  if (!mk->seq || !marks_ready())
    return;
  mk->on = true;
  mk->written = mark_write(s, slot, mk->seq);
}

void csan_rt_errors_launch_end(csan_rt_marks *mk, CUstream s, bool launched) {
  bool on = mk->on && atomic_load_explicit(&g_mark_state, memory_order_relaxed) == MARK_ON;
  if (launched) {
    if (on)
      mark_write(s, CSAN_FAULTS_SLOTS + mk->slot, mk->seq);
    return;
  }
  /* Launches that fail (all of them, after a fault) would push the launch
   * that faulted out of the records. */
  if (on && mk->written && !mark_write(s, mk->slot, mk->seq - 1))
    return; /* the stream reached it and the context is lost: it may be the one */
  /* The caller holds the model lock from before the launch to here, so no
   * operation came after it on the slot and the number goes back. */
  csan_faults_unlaunch(mk->slot, mk->seq);
}

/* ------------------------------------------------------------------------
 * Sticky faults.
 * ---------------------------------------------------------------------- */

/* The driver's codes for these errors are the runtime's (driver wrappers
 * pass theirs through csan_rt_errors_result). */
_Static_assert((int)cudaErrorIllegalAddress == (int)CUDA_ERROR_ILLEGAL_ADDRESS &&
                   (int)cudaErrorLaunchTimeout == (int)CUDA_ERROR_LAUNCH_TIMEOUT &&
                   (int)cudaErrorAssert == (int)CUDA_ERROR_ASSERT &&
                   (int)cudaErrorHardwareStackError == (int)CUDA_ERROR_HARDWARE_STACK_ERROR &&
                   (int)cudaErrorIllegalInstruction == (int)CUDA_ERROR_ILLEGAL_INSTRUCTION &&
                   (int)cudaErrorMisalignedAddress == (int)CUDA_ERROR_MISALIGNED_ADDRESS &&
                   (int)cudaErrorInvalidAddressSpace == (int)CUDA_ERROR_INVALID_ADDRESS_SPACE &&
                   (int)cudaErrorInvalidPc == (int)CUDA_ERROR_INVALID_PC &&
                   (int)cudaErrorLaunchFailure == (int)CUDA_ERROR_LAUNCH_FAILED,
               "sticky errors: runtime and driver numbers agree");

bool csan_rt_errors_sticky(cudaError_t r) {
  switch (r) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchTimeout:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchFailure:
    return true;
  default:
    return false;
  }
}

static void memerr_device_assert(csan_fault_device_record *dev);

/* The first call that invalidated a capture since one began (one record
 * for the process: captures that overlap in time are rare, and in global
 * mode one call invalidates them all). */
static pthread_mutex_t g_inval_mu = PTHREAD_MUTEX_INITIALIZER;
static struct {
  bool set;
  const char *api;
  csan_host_site site;
  cudaError_t error;
} g_inval;

static void capture_call_failed(cudaError_t r, const char *api, const csan_host_site *site) {
  if (r != cudaErrorStreamCaptureUnsupported && r != cudaErrorStreamCaptureImplicit)
    return;
  pthread_mutex_lock(&g_inval_mu);
  if (!g_inval.set) {
    g_inval.set = true;
    g_inval.api = api;
    memset(&g_inval.site, 0, sizeof g_inval.site);
    if (site)
      g_inval.site = *site;
    g_inval.error = r;
  }
  pthread_mutex_unlock(&g_inval_mu);
}

bool csan_rt_errors_capture_invalidator(const char **api, csan_host_site *site, cudaError_t *r) {
  pthread_mutex_lock(&g_inval_mu);
  bool set = g_inval.set;
  if (set) {
    *api = g_inval.api;
    *site = g_inval.site;
    *r = g_inval.error;
  }
  pthread_mutex_unlock(&g_inval_mu);
  return set;
}

void csan_rt_errors_capture_begun(void) {
  pthread_mutex_lock(&g_inval_mu);
  g_inval.set = false;
  pthread_mutex_unlock(&g_inval_mu);
}

void csan_rt_errors_result(cudaError_t r, const char *api, const csan_host_site *site,
                           const void *ra) {
  static _Atomic bool reported;
  /* A call that invalidated a capture: the capture's report names it. */
  capture_call_failed(r, api, site);
  if (r == cudaSuccess || !csan_rt_errors_sticky(r) || !csan_g.flags.fault_attribution ||
      atomic_load_explicit(&csan_g.dev, memory_order_acquire) != CSAN_DEV_READY ||
      atomic_exchange(&reported, true))
    return;
  /* What the device recorded before the fault comes first: a kernel's bad
   * access names its line and thread. */
  csan_rt_memerr_drain();
  bool markers = atomic_load(&g_mark_state) == MARK_ON;
  csan_fault_progress prog[CSAN_FAULTS_SLOTS];
  size_t n = csan_faults_snapshot(markers ? g_mark : NULL,
                                  markers ? g_mark + CSAN_FAULTS_SLOTS : NULL, prog,
                                  CSAN_FAULTS_SLOTS);
  csan_fault_device_record dev;
  memerr_device_assert(&dev);
  csan_fault_candidate c[16];
  size_t k = csan_fault_rank(prog, n, &dev, c, markers || dev.valid ? 16 : 0);
  csan_fault_report rep;
  memset(&rep, 0, sizeof rep);
  rep.error = (int)r;
  rep.error_name = cudaGetErrorName(r);
  rep.error_text = cudaGetErrorString(r);
  rep.api = api;
  if (site)
    rep.call_site = *site;
  rep.call_stack = ra ? csan_stack_capture(ra, 0) : 0;
  if (rep.call_stack && csan_host_site_in_cuda_glue(site)) {
    const uintptr_t *pcs;
    size_t depth = csan_stack_get(rep.call_stack, &pcs);
    if (depth > 1)
      rep.call_stack = csan_stack_put(pcs + 1, depth - 1);
  }
  rep.markers = markers;
  atomic_fetch_add(&g_reported, 1);
  csan_fault_print(&csan_g.flags, &rep, c, k, &dev);
}

/* ------------------------------------------------------------------------
 * Memory errors of range operations.
 * ---------------------------------------------------------------------- */

bool csan_rt_errors_range(uint64_t addr, uint64_t size, bool write, const char *api,
                          const csan_host_site *site, uint32_t stack) {
  if (!csan_g.flags.memory_errors || !size)
    return false;
  csan_memerr_access acc = {addr, size, write, false, NULL};
  csan_memerr e;
  if (csan_memerr_classify(csan_g.allocs, &acc, &e) != CSAN_MEMERR_OUT_OF_BOUNDS)
    return false;
  csan_memerr_who who;
  memset(&who, 0, sizeof who);
  who.what = api;
  if (site)
    who.site = *site;
  who.stack = stack;
  csan_memerr_report(&csan_g.flags, &e, &who);
  return csan_g.flags.halt_on_memory_error;
}

bool csan_rt_errors_free(uint64_t addr, const char *api, const csan_host_site *site,
                         uint32_t stack) {
  if (!csan_g.flags.memory_errors)
    return false;
  csan_memerr e;
  csan_memerr_classify_free(csan_g.allocs, addr, &e);
  csan_memerr_who who;
  memset(&who, 0, sizeof who);
  who.what = api;
  if (site)
    who.site = *site;
  who.stack = stack;
  csan_memerr_report(&csan_g.flags, &e, &who);
  return csan_g.flags.halt_on_memory_error;
}

/* ------------------------------------------------------------------------
 * Memory errors of kernels: the device's ring (csan_abi.h,
 * csan_memerr_dev.h). Host-mapped, so the host reads it with plain loads
 * at every drain, at a fault and at exit, never waiting for the device.
 * ---------------------------------------------------------------------- */

#define MEMERR_RING_RECORDS 1024u

/* Host view of the ring (null: memory errors of kernels off) and the device
 * addresses; set at the device's set-up, read by any thread's drain. */
static _Atomic(csan_memerr_ring *) g_ring;
static _Atomic uint64_t g_ring_dev, g_counters_dev;
static pthread_mutex_t g_ring_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_unseen_sites; /* no-page accesses to memory CUDA knows and csan does not */

bool csan_rt_memerr_setup(uint64_t *ring, uint64_t *counters) {
  *ring = *counters = 0;
  if (!csan_g.flags.memory_errors)
    return false;
  void *c = NULL;
  if (cudaMalloc(&c, sizeof(csan_memerr_counters)) != cudaSuccess ||
      cudaMemset(c, 0, sizeof(csan_memerr_counters)) != cudaSuccess) {
    if (c)
      cudaFree(c);
    csan_log_printf("csan: WARNING: no device memory for the memory-error counters: kernels' "
                    "bad accesses are not checked\n");
    return false;
  }
  size_t bytes = CSAN_MEMERR_RECORDS_OFFSET + MEMERR_RING_RECORDS * sizeof(csan_memerr_record);
  void *p;
  uint64_t d;
  CUresult r = csan_rt_host_mapped(bytes, &p, &d);
  if (r != CUDA_SUCCESS) {
    csan_log_printf("csan: WARNING: no host-mapped memory for the memory-error ring (CUDA error "
                    "%d): kernels' bad accesses are not checked\n",
                    (int)r);
    cudaFree(c);
    return false;
  }
  ((csan_memerr_ring *)p)->capacity = MEMERR_RING_RECORDS;
  atomic_store(&g_ring_dev, (uint64_t)d);
  atomic_store(&g_counters_dev, (uint64_t)(uintptr_t)c);
  atomic_store(&g_ring, (csan_memerr_ring *)p);
  *ring = (uint64_t)d;
  *counters = (uint64_t)(uintptr_t)c;
  return true;
}

bool csan_rt_memerr_on(void) {
  return atomic_load_explicit(&g_ring_dev, memory_order_relaxed) != 0;
}

/* Memory CUDA knows at addr (an allocation csan did not see: a library's,
 * the device heap, mapped host memory): the device's no-page record is then
 * no error. */
static bool cuda_knows(uint64_t addr) {
  unsigned int type = 0;
  if (!csan_g.drv.cuPointerGetAttribute)
    return true; /* cannot ask: say nothing rather than something wrong */
  return csan_g.drv.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                          (CUdeviceptr)addr) == CUDA_SUCCESS;
}

/* Classifies and reports one record; true when the program must stop. */
static bool memerr_record(const csan_memerr_record *r) {
  csan_op_info op;
  bool have_op = csan_ops_find(csan_g.ops, r->slot, r->epoch, &op);
  csan_memerr_access acc = {r->addr, r->size, (r->access & CSAN_ACC_WRITE) != 0, false, NULL};
  csan_memerr e;
  csan_memerr_kind k = csan_memerr_classify(csan_g.allocs, &acc, &e); /* locks the registry */
  if (k == CSAN_MEMERR_NONE)
    return false;
  csan_memerr_who who;
  memset(&who, 0, sizeof who);
  who.kernel = true;
  who.what = have_op ? op.what : NULL;
  if (have_op) {
    who.site = op.site;
    who.stack = op.stack;
  }
  csan_site_info si;
  memset(&si, 0, sizeof si);
  if (have_op && r->site && csan_rt_site_resolve(op.module, (uint32_t)r->site, &si) && si.file) {
    who.device_file = si.file;
    who.device_line = si.line;
  } else if (r->line && r->file[0]) {
    /* The device's copy: the site table cannot be read from a context that
     * a fault stopped (a no-page access faults right after its record). */
    who.device_file = csan_intern(r->file);
    who.device_line = r->line;
  }
  if (r->hint == CSAN_MEMERR_HINT_NO_PAGE && cuda_knows(r->addr)) {
    /* Not csan's to judge: counted, and named once per site. */
    if (g_unseen_sites++ < 10) {
      char line[16] = "?"; /* line 0: the debug info had none (as reports print it) */
      if (who.device_line)
        snprintf(line, sizeof line, "%u", who.device_line);
      csan_log_printf("csan: WARNING: kernel %s at %s:%s accessed %#llx, memory csan did not "
                      "see allocated (by code csan does not instrument): not checked\n",
                      who.what ? csan_demangle(who.what) : "(unknown)",
                      who.device_file ? who.device_file : "(unknown)", line,
                      (unsigned long long)r->addr);
    }
    return false;
  }
  who.have_thread = true;
  for (int d = 0; d < 3; d++) {
    who.block[d] = r->block[d];
    who.thread[d] = r->thread[d];
  }
  csan_memerr_report(&csan_g.flags, &e, &who);
  return csan_g.flags.halt_on_memory_error;
}

bool csan_rt_memerr_drain(void) {
  if (!atomic_load(&g_ring))
    return false;
  bool halt = false;
  pthread_mutex_lock(&g_ring_mu);
  csan_memerr_ring *ring = atomic_load(&g_ring); /* under the lock: a reset may take it */
  if (!ring) {
    pthread_mutex_unlock(&g_ring_mu);
    return false;
  }
  csan_memerr_record *rec =
      (csan_memerr_record *)(void *)((char *)ring + CSAN_MEMERR_RECORDS_OFFSET);
  for (uint32_t i = 0; i < ring->capacity; i++) {
    _Atomic uint32_t *state = (_Atomic uint32_t *)(void *)&rec[i].state;
    if (atomic_load_explicit(state, memory_order_acquire) != CSAN_MEMERR_READY)
      continue;
    csan_memerr_record copy = rec[i];
    copy.file[sizeof copy.file - 1] = 0;
    /* Empty again (state and access): a writer may take the slot. */
    atomic_store_explicit(state, CSAN_MEMERR_EMPTY, memory_order_release);
    if (!halt)
      halt = memerr_record(&copy);
  }
  pthread_mutex_unlock(&g_ring_mu);
  return halt;
}

void csan_rt_memerr_exit(void) {
  if (!atomic_load(&g_ring))
    return;
  /* Records csan_rt_drain did not take (it needs the device ready, and a
   * fault may have stopped the context): the ring is host memory. */
  (void)csan_rt_memerr_drain();
  csan_memerr_counters c;
  uint32_t dropped = 0;
  if (atomic_load(&csan_g.dev) == CSAN_DEV_READY &&
      csan_rt_read_device(&c, atomic_load(&g_counters_dev), offsetof(csan_memerr_counters, seen)))
    dropped = c.dropped;
  if (dropped)
    csan_log_printf("csan: WARNING: %u memory error(s) of kernels found the memory-error ring "
                    "full and are not reported\n",
                    dropped);
  if (g_unseen_sites > 10)
    csan_log_printf("csan: WARNING: %llu kernel access site(s) used memory csan did not see "
                    "allocated: not checked\n",
                    (unsigned long long)g_unseen_sites);
}

void csan_rt_memerr_forget(void) {
  pthread_mutex_lock(&g_ring_mu);
  atomic_store(&g_ring, NULL);
  atomic_store(&g_ring_dev, 0);
  atomic_store(&g_counters_dev, 0);
  pthread_mutex_unlock(&g_ring_mu);
}

/* The device's record of a failed assert (the ring's assert block), as the
 * fault ranking's device candidate: the launch by (slot, epoch), the file
 * and line (interned: the ring may go at a reset). */
static void memerr_device_assert(csan_fault_device_record *dev) {
  memset(dev, 0, sizeof *dev);
  pthread_mutex_lock(&g_ring_mu);
  csan_memerr_ring *ring = atomic_load(&g_ring);
  if (ring && atomic_load_explicit((_Atomic uint32_t *)(void *)&ring->assert_state,
                                   memory_order_acquire) == CSAN_MEMERR_READY) {
    csan_fault_launch l;
    char file[sizeof ring->assert_file];
    memcpy(file, ring->assert_file, sizeof file);
    file[sizeof file - 1] = 0;
    if (csan_faults_find_epoch(ring->assert_slot, ring->assert_epoch, &l)) {
      dev->valid = true;
      dev->slot = l.slot;
      dev->seq = l.seq;
      dev->file = file[0] ? csan_intern(file) : NULL;
      dev->line = ring->assert_line;
    }
  }
  pthread_mutex_unlock(&g_ring_mu);
}

bool csan_rt_memerr_is_poison(const csan_race *e) {
  return (e->other & CSAN_TAG_FREE) && CSAN_TAG_GET_SLOT(e->other) == 0 &&
         CSAN_TAG_GET_EPOCH(e->other) == 0 && e->other_site == CSAN_SITE_POISON;
}

bool csan_rt_memerr_report_race(const csan_race *e) {
  csan_memerr_record r;
  memset(&r, 0, sizeof r);
  r.access = e->access;
  r.addr = e->lo;
  r.size = e->hi > e->lo ? (uint32_t)(e->hi - e->lo) : 1u;
  r.site = (int32_t)e->site;
  r.slot = e->slot;
  r.epoch = e->epoch;
  r.hint = CSAN_MEMERR_HINT_POISON;
  for (int d = 0; d < 3; d++) {
    r.block[d] = e->block[d];
    r.thread[d] = e->thread[d];
  }
  pthread_mutex_lock(&g_ring_mu);
  bool halt = memerr_record(&r);
  pthread_mutex_unlock(&g_ring_mu);
  return halt;
}
