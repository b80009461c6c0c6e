/* csan_api_stream.c: streams, events, device-wide calls and host functions,
 * as the rules of csan_model.h.
 *
 * A blocking call (stream/event/device synchronize, or a query that returns
 * cudaSuccess) snapshots what it waits for before the call and joins it into
 * the host clock after it succeeded (work issued meanwhile by other threads
 * is not covered), then drains the race table. Records and waits are applied
 * to the model after the CUDA call succeeded. Host functions and stream
 * callbacks are operations on their stream.
 */
#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_hostmem.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"

#include <stdlib.h>
#include <string.h>

static bool is_special_stream(cudaStream_t s) {
  return !s || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

/* ------------------------------------------------------------------------
 * Streams.
 * ---------------------------------------------------------------------- */

static void stream_created(cudaStream_t s, unsigned int flags) {
  csan_rt_stream_add(csan_rt_stream_key(s, false), (flags & cudaStreamNonBlocking)
                                                       ? CSAN_STREAM_NONBLOCKING
                                                       : CSAN_STREAM_BLOCKING);
}

/* Streams are modelled when they belong to csan's device. */
static bool stream_create_checked(void) {
  return csan_rt_active() && csan_rt_on_device();
}

CSAN_EXPORT cudaError_t __csan_cudaStreamCreate(cudaStream_t *pStream,
                                                const csan_host_site *site) {
  bool on = stream_create_checked();
  cudaError_t r = cudaStreamCreate(pStream);
  if (on && r == cudaSuccess)
    stream_created(*pStream, cudaStreamDefault);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                         unsigned int flags,
                                                         const csan_host_site *site) {
  bool on = stream_create_checked();
  cudaError_t r = cudaStreamCreateWithFlags(pStream, flags);
  if (on && r == cudaSuccess)
    stream_created(*pStream, flags);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                            unsigned int flags, int priority,
                                                            const csan_host_site *site) {
  bool on = stream_create_checked();
  cudaError_t r = cudaStreamCreateWithPriority(pStream, flags, priority);
  if (on && r == cudaSuccess)
    stream_created(*pStream, flags);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamDestroy(cudaStream_t stream,
                                                 const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaStreamDestroy(stream);
  if (on && r == cudaSuccess && !is_special_stream(stream))
    csan_model_stream_destroy(csan_g.model, csan_rt_stream_key(stream, false));
  return r;
}

static cudaError_t stream_wait_event(cudaStream_t stream, cudaEvent_t event, unsigned int flags,
                                     bool pt, const csan_host_site *site, const void *ra) {
  cudaError_t r;
  if (!csan_rt_active() || !csan_rt_stream_on_device(stream, pt) ||
      csan_rt_capture_wait(stream, pt, site, ra)) {
    return pt ? cudaStreamWaitEvent_ptsz(stream, event, flags)
              : cudaStreamWaitEvent(stream, event, flags);
  }
  csan_key sk;
  bool known = csan_rt_stream_ensure(stream, pt, &sk);
  r = pt ? cudaStreamWaitEvent_ptsz(stream, event, flags)
         : cudaStreamWaitEvent(stream, event, flags);
  if (r == cudaSuccess && known) {
    csan_key ek = csan_rt_event_key(event);
    if (csan_model_stream_wait_event(csan_g.model, sk, ek) == CSAN_MODEL_EUNKNOWN_EVENT)
      csan_rt_event_ensure(ek); /* never recorded where csan saw it: orders nothing */
  }
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                                   unsigned int flags,
                                                   const csan_host_site *site) {
  return stream_wait_event(stream, event, flags, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event,
                                                        unsigned int flags,
                                                        const csan_host_site *site) {
  return stream_wait_event(stream, event, flags, true, site, __builtin_return_address(0));
}

/* Synchronize (query == false) or query a stream. */
static cudaError_t stream_wait(cudaStream_t stream, bool pt, bool query,
                               const csan_host_site *site, const void *ra) {
  if (!query)
    csan_rt_errors_sync_next();
#define CSAN_REAL_STREAM_WAIT()                                                                 \
  (query ? (pt ? cudaStreamQuery_ptsz(stream) : cudaStreamQuery(stream))                        \
         : (pt ? cudaStreamSynchronize_ptsz(stream) : cudaStreamSynchronize(stream)))
  if (!csan_rt_active() || !csan_rt_stream_on_device(stream, pt))
    return CSAN_REAL_STREAM_WAIT();
  csan_key key;
  csan_vc vc;
  bool known = csan_rt_stream_ensure(stream, pt, &key) &&
               csan_model_stream_clock(csan_g.model, key, &vc) == CSAN_MODEL_OK;
  cudaError_t r = CSAN_REAL_STREAM_WAIT();
  if (r == cudaSuccess && known)
    csan_rt_host_observed(&vc);
  csan_rt_errors_result(r, query ? "cudaStreamQuery" : "cudaStreamSynchronize", site, ra);
  return r;
#undef CSAN_REAL_STREAM_WAIT
}

CSAN_EXPORT cudaError_t __csan_cudaStreamSynchronize(cudaStream_t stream,
                                                     const csan_host_site *site) {
  return stream_wait(stream, false, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamSynchronize_ptsz(cudaStream_t stream,
                                                          const csan_host_site *site) {
  return stream_wait(stream, true, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamQuery(cudaStream_t stream, const csan_host_site *site) {
  return stream_wait(stream, false, true, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamQuery_ptsz(cudaStream_t stream,
                                                    const csan_host_site *site) {
  return stream_wait(stream, true, true, site, __builtin_return_address(0));
}

/* ------------------------------------------------------------------------
 * Host functions: operations on their stream.
 * ---------------------------------------------------------------------- */

typedef struct host_fn_call {
  bool pt, callback;
  cudaStream_t stream;
  cudaStreamCallback_t cb;
  cudaHostFn_t fn;
  void *data;
  unsigned int flags;
} host_fn_call;

/* A host function or callback as csan passes it on: the program's, and its
 * operation's context (csan_rt_hostmem_fn_enter). Runs once, then freed. */
typedef struct host_fn_tramp {
  cudaHostFn_t fn;
  cudaStreamCallback_t cb;
  void *data;
  csan_launch_ctx ctx;
} host_fn_tramp;

static void host_fn_run(void *p) {
  host_fn_tramp *t = p;
  csan_rt_hostfn_scope s;
  csan_rt_hostmem_fn_enter(&s, &t->ctx);
  t->fn(t->data);
  csan_rt_hostmem_fn_leave(&s);
  free(t);
}

static void CUDART_CB host_cb_run(cudaStream_t stream, cudaError_t status, void *p) {
  host_fn_tramp *t = p;
  csan_rt_hostfn_scope s;
  csan_rt_hostmem_fn_enter(&s, &t->ctx);
  t->cb(stream, status, t->data);
  csan_rt_hostmem_fn_leave(&s);
  free(t);
}

static cudaError_t host_fn_real(const host_fn_call *c) {
  if (c->callback)
    return c->pt ? cudaStreamAddCallback_ptsz(c->stream, c->cb, c->data, c->flags)
                 : cudaStreamAddCallback(c->stream, c->cb, c->data, c->flags);
  return c->pt ? cudaLaunchHostFunc_ptsz(c->stream, c->fn, c->data)
               : cudaLaunchHostFunc(c->stream, c->fn, c->data);
}

static cudaError_t host_fn(const host_fn_call *c, const csan_host_site *site, const void *ra) {
  if (!csan_rt_active() || !csan_rt_work_on_device(c->stream, c->pt) ||
      csan_rt_capture_op(c->stream, c->pt, site, ra))
    return host_fn_real(c);
  csan_rt_op_desc d = {CSAN_OPK_HOST_FUNC, "host function", 0, NULL, site,
                       csan_rt_stack(ra, site)};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, c->stream, c->pt, &d))
    return host_fn_real(c);
  /* The function runs with its operation's context, so its own accesses
   * to pinned and managed memory are ordered as its stream orders it. */
  host_fn_tramp *t = malloc(sizeof *t);
  host_fn_call wrapped = *c;
  if (t) {
    t->fn = c->fn;
    t->cb = c->cb;
    t->data = c->data;
    csan_rt_op_ctx(&o, 0);
    t->ctx = o.ctx;
    wrapped.fn = host_fn_run;
    wrapped.cb = host_cb_run;
    wrapped.data = t;
  }
  cudaError_t r = host_fn_real(&wrapped);
  if (r != cudaSuccess)
    free(t);
  csan_rt_op_end(&o, r == cudaSuccess);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamAddCallback(cudaStream_t stream,
                                                     cudaStreamCallback_t callback,
                                                     void *userData, unsigned int flags,
                                                     const csan_host_site *site) {
  host_fn_call c = {false, true, stream, callback, NULL, userData, flags};
  return host_fn(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamAddCallback_ptsz(cudaStream_t stream,
                                                          cudaStreamCallback_t callback,
                                                          void *userData, unsigned int flags,
                                                          const csan_host_site *site) {
  host_fn_call c = {true, true, stream, callback, NULL, userData, flags};
  return host_fn(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                                  void *userData, const csan_host_site *site) {
  host_fn_call c = {false, false, stream, NULL, fn, userData, 0};
  return host_fn(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn,
                                                       void *userData,
                                                       const csan_host_site *site) {
  host_fn_call c = {true, false, stream, NULL, fn, userData, 0};
  return host_fn(&c, site, __builtin_return_address(0));
}

/* ------------------------------------------------------------------------
 * Events.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cudaError_t __csan_cudaEventCreate(cudaEvent_t *event, const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaEventCreate(event);
  if (on && r == cudaSuccess)
    csan_model_event_create(csan_g.model, csan_rt_event_key(*event));
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags,
                                                        const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaEventCreateWithFlags(event, flags);
  if (on && r == cudaSuccess)
    csan_model_event_create(csan_g.model, csan_rt_event_key(*event));
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaEventDestroy(cudaEvent_t event, const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaEventDestroy(event);
  if (on && r == cudaSuccess)
    csan_model_event_destroy(csan_g.model, csan_rt_event_key(event));
  return r;
}

static cudaError_t event_record(cudaEvent_t event, cudaStream_t stream, bool with_flags,
                                unsigned int flags, bool pt) {
#define CSAN_REAL_RECORD()                                                                      \
  (with_flags ? (pt ? cudaEventRecordWithFlags_ptsz(event, stream, flags)                       \
                    : cudaEventRecordWithFlags(event, stream, flags))                           \
              : (pt ? cudaEventRecord_ptsz(event, stream) : cudaEventRecord(event, stream)))
  if (!csan_rt_active() || !csan_rt_stream_on_device(stream, pt) ||
      csan_rt_capturing(stream, pt))
    return CSAN_REAL_RECORD();
  csan_key sk;
  bool known = csan_rt_stream_ensure(stream, pt, &sk);
  cudaError_t r = CSAN_REAL_RECORD();
  if (r == cudaSuccess && known) {
    csan_key ek = csan_rt_event_key(event);
    if (csan_model_event_record(csan_g.model, ek, sk) == CSAN_MODEL_EUNKNOWN_EVENT) {
      csan_rt_event_ensure(ek); /* an event csan did not see created */
      csan_model_event_record(csan_g.model, ek, sk);
    }
  }
  return r;
#undef CSAN_REAL_RECORD
}

CSAN_EXPORT cudaError_t __csan_cudaEventRecord(cudaEvent_t event, cudaStream_t stream,
                                               const csan_host_site *site) {
  return event_record(event, stream, false, 0, false);
}

CSAN_EXPORT cudaError_t __csan_cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream,
                                                    const csan_host_site *site) {
  return event_record(event, stream, false, 0, true);
}

CSAN_EXPORT cudaError_t __csan_cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                                        unsigned int flags,
                                                        const csan_host_site *site) {
  return event_record(event, stream, true, flags, false);
}

CSAN_EXPORT cudaError_t __csan_cudaEventRecordWithFlags_ptsz(cudaEvent_t event,
                                                             cudaStream_t stream,
                                                             unsigned int flags,
                                                             const csan_host_site *site) {
  return event_record(event, stream, true, flags, true);
}

/* Synchronize (query == false) or query an event. */
static cudaError_t event_wait(cudaEvent_t event, bool query, const csan_host_site *site,
                              const void *ra) {
  if (!query)
    csan_rt_errors_sync_next();
  if (!csan_rt_active())
    return query ? cudaEventQuery(event) : cudaEventSynchronize(event);
  csan_vc vc;
  bool recorded = false;
  bool known = csan_model_event_clock(csan_g.model, csan_rt_event_key(event), &vc, &recorded) ==
               CSAN_MODEL_OK;
  cudaError_t r = query ? cudaEventQuery(event) : cudaEventSynchronize(event);
  if (r == cudaSuccess && known && recorded)
    csan_rt_host_observed(&vc);
  csan_rt_errors_result(r, query ? "cudaEventQuery" : "cudaEventSynchronize", site, ra);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaEventQuery(cudaEvent_t event, const csan_host_site *site) {
  return event_wait(event, true, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaEventSynchronize(cudaEvent_t event,
                                                    const csan_host_site *site) {
  return event_wait(event, false, site, __builtin_return_address(0));
}

/* ------------------------------------------------------------------------
 * Device-wide.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cudaError_t __csan_cudaDeviceSynchronize(const csan_host_site *site) {
  csan_rt_errors_sync_next(); /* the program may read a launch error after it */
  /* Another device's synchronization orders nothing on csan's. */
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaDeviceSynchronize();
  csan_vc all;
  csan_model_device_clock(csan_g.model, &all);
  cudaError_t r = cudaDeviceSynchronize();
  if (r == cudaSuccess)
    csan_rt_host_observed(&all);
  csan_rt_errors_result(r, "cudaDeviceSynchronize", site, __builtin_return_address(0));
  return r;
}

/* Reading the last error checks a failed launch; a sticky error it returns
 * is a fault (csan_rt_errors.c). Neither call counts as the program's next
 * call after a launch, so neither goes through csan_rt_active first. */
CSAN_EXPORT cudaError_t __csan_cudaGetLastError(const csan_host_site *site) {
  csan_rt_errors_read();
  cudaError_t r = csan_rt_errors_last(cudaGetLastError(), true);
  csan_rt_errors_result(r, "cudaGetLastError", site, __builtin_return_address(0));
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaPeekAtLastError(const csan_host_site *site) {
  csan_rt_errors_read();
  cudaError_t r = csan_rt_errors_last(cudaPeekAtLastError(), false);
  csan_rt_errors_result(r, "cudaPeekAtLastError", site, __builtin_return_address(0));
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaDeviceReset(const csan_host_site *site) {
  /* Another device's reset leaves csan's device alone. */
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaDeviceReset();
  /* The reset frees the race table and the pool: report what they hold
   * first (everything issued completes before a reset). */
  if (csan_rt_device_sync(NULL) == cudaSuccess)
    csan_rt_drain();
  uint64_t exhausted = csan_rt_pool_exhausted();
  cudaError_t r = cudaDeviceReset();
  if (r != cudaSuccess)
    return r;
  csan_g.pool_exhausted_before = exhausted;
  csan_model_device_reset(csan_g.model);
  csan_allocs_clear(csan_g.allocs);
  csan_rt_hostmem_device_reset(); /* pinned and managed memory went too */
  csan_rt_device_lost();
  return r;
}
