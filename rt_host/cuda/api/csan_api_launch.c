/* csan_api_launch.c: kernel launches (DESIGN.md, decision 5).
 *
 * A launch is one operation on its stream: prepared in the model, the twin
 * launched with cuLaunchKernelEx (same grid, block, shared memory, stream
 * and launch attributes, plus the context as the last argument), committed
 * when the launch succeeded. Without a twin (device code csan did not
 * instrument) K itself is launched through the CUDA runtime: still an
 * operation that orders and is ordered, but its accesses are not checked.
 *
 * The twin and K's function attributes come from csan_rt_twins.c.
 *
 * When the twin's launch fails all the same (it may need more resources
 * than K), K is launched unchecked through the runtime, so the application
 * sees the runtime's own result and last error. csan warns once per kernel,
 * with the launch's geometry and CUDA's reason, tries the twin again at the
 * next launch (another geometry may fit), and prints the number of launches
 * that ran unchecked at exit.
 *
 * Launch attributes of cudaLaunchKernelExC that order other work:
 *   launch completion event   fires once all of the kernel's blocks have
 *       begun: what is complete then is the work the kernel is ordered
 *       after, not the kernel. The event is recorded with the launch's own
 *       vector clock (csan_model_event_record_clock), so work that waits for
 *       it is ordered after the work before the kernel and races with the
 *       kernel are reported.
 *   programmatic event        fires once every block triggered it (at the
 *       earliest when the blocks begin): recorded the same way. Work that
 *       waits for it and then calls cudaGridDependencySynchronize() is
 *       ordered after the whole kernel, which csan cannot see: it may report
 *       such work's accesses after that call (csan warns once per kernel).
 *   programmatic stream serialization   the kernel may begin before the
 *       kernel before it on its stream has finished: its accesses before
 *       its cudaGridDependencySynchronize() (all of them, when it never
 *       calls it) are checked with a context that leaves that kernel out,
 *       those after it with the full one (csan_rt_op_ctx_pdl; the twin of
 *       a kernel that waits takes both: csan_abi.h, CSAN_CTX_F_PDL_PAIR).
 *       With it, a launch's events are recorded with an empty clock (they
 *       order nothing): what is complete when its blocks begin is not
 *       known.
 * Errors (csan_rt_errors.c): each launch is numbered on its slot and its
 * stream writes progress markers before and after it, so a later sticky
 * error names it; a launch that fails at once is remembered until the
 * program reads the last error.
 * The twin is launched with the same attributes. Launches into a stream that is being
 * captured are not modelled (graphs are not checked), nor are launches for
 * another device than csan's (csan_rt_work_on_device).
 */
#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_lib.h"
#include "csan_rt_ops.h"
#include "csan_rt_twins.h"
#include "csan_rt_vars.h"

#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(cudaLaunchAttribute) == sizeof(CUlaunchAttribute) &&
                   offsetof(cudaLaunchAttribute, val) == offsetof(CUlaunchAttribute, value),
               "runtime and driver launch attributes share a layout");
_Static_assert((int)cudaLaunchAttributeCooperative == (int)CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
               "runtime and driver launch attribute ids agree");

/* The most kernel parameters a launch passes on the stack of the wrapper. */
#define ARGS_ON_STACK 32

/* ------------------------------------------------------------------------
 * Launches.
 * ---------------------------------------------------------------------- */

typedef enum launch_kind { LAUNCH_PLAIN, LAUNCH_EX, LAUNCH_COOPERATIVE } launch_kind;

typedef struct launch_call {
  launch_kind kind;
  bool pt;
  const void *func;
  dim3 grid, block;
  void **args;
  size_t shmem;
  cudaStream_t stream;
  const cudaLaunchConfig_t *config; /* LAUNCH_EX */
} launch_call;

static cudaError_t launch_real(const launch_call *c) {
  switch (c->kind) {
  case LAUNCH_EX:
    return c->pt ? cudaLaunchKernelExC_ptsz(c->config, c->func, c->args)
                 : cudaLaunchKernelExC(c->config, c->func, c->args);
  case LAUNCH_COOPERATIVE:
    return c->pt ? cudaLaunchCooperativeKernel_ptsz(c->func, c->grid, c->block, c->args, c->shmem,
                                                    c->stream)
                 : cudaLaunchCooperativeKernel(c->func, c->grid, c->block, c->args, c->shmem,
                                               c->stream);
  case LAUNCH_PLAIN:
  default:
    return c->pt ? cudaLaunchKernel_ptsz(c->func, c->grid, c->block, c->args, c->shmem, c->stream)
                 : cudaLaunchKernel(c->func, c->grid, c->block, c->args, c->shmem, c->stream);
  }
}

/* The runtime call the program made, for error reports. */
static const char *launch_api(const launch_call *c) {
  switch (c->kind) {
  case LAUNCH_EX: return "cudaLaunchKernelExC";
  case LAUNCH_COOPERATIVE: return "cudaLaunchCooperativeKernel";
  case LAUNCH_PLAIN: default: return "cudaLaunchKernel";
  }
}

/* Launches the twin with the operation's context; CUDA_SUCCESS or the
 * driver's error. */
static CUresult launch_twin(const launch_call *c, const twin_entry *t, csan_rt_op *o,
                            bool programmatic) {
  csan_rt_op_ctx(o, csan_g.flags.warp_aggregation ? 0 : CSAN_CTX_F_NO_WARP_AGGREGATION);
  csan_rt_op_ctx_pdl(o, t->ctx_pair, programmatic);
  void *on_stack[ARGS_ON_STACK];
  void **args = t->nparams + 1 <= ARGS_ON_STACK ? on_stack : malloc((t->nparams + 1) * sizeof *args);
  if (!args)
    return CUDA_ERROR_OUT_OF_MEMORY;
  for (uint32_t i = 0; i < t->nparams; i++)
    args[i] = c->args[i];
  args[t->nparams] = &o->ctx;

  CUlaunchConfig cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDimX = c->grid.x;
  cfg.gridDimY = c->grid.y;
  cfg.gridDimZ = c->grid.z;
  cfg.blockDimX = c->block.x;
  cfg.blockDimY = c->block.y;
  cfg.blockDimZ = c->block.z;
  cfg.sharedMemBytes = (unsigned int)c->shmem;
  cfg.hStream = o->cu;
  CUlaunchAttribute coop;
  if (c->kind == LAUNCH_EX) {
    cfg.attrs = (CUlaunchAttribute *)(void *)c->config->attrs;
    cfg.numAttrs = c->config->numAttrs;
  } else if (c->kind == LAUNCH_COOPERATIVE) {
    memset(&coop, 0, sizeof coop);
    coop.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    coop.value.cooperative = 1;
    cfg.attrs = &coop;
    cfg.numAttrs = 1;
  }
  CUresult r = csan_g.drv.cuLaunchKernelEx(&cfg, t->twin, args, NULL);
  if (args != on_stack)
    free(args);
  return r;
}

/* The launch attributes that order other work (see the file comment). */
typedef struct launch_attrs {
  cudaEvent_t completion, programmatic; /* or null */
  bool serialization;
} launch_attrs;

static void launch_attrs_scan(const launch_call *c, launch_attrs *la) {
  memset(la, 0, sizeof *la);
  if (c->kind != LAUNCH_EX || !c->config->attrs)
    return;
  for (unsigned i = 0; i < c->config->numAttrs; i++) {
    const cudaLaunchAttribute *a = &c->config->attrs[i];
    switch (a->id) {
    case cudaLaunchAttributeLaunchCompletionEvent:
      la->completion = a->val.launchCompletionEvent.event;
      break;
    case cudaLaunchAttributeProgrammaticEvent:
      la->programmatic = a->val.programmaticEvent.event;
      break;
    case cudaLaunchAttributeProgrammaticStreamSerialization:
      la->serialization = a->val.programmaticStreamSerializationAllowed != 0;
      break;
    default:
      break;
    }
  }
}

/* An attribute's event, recorded with clock vc. */
static void attr_event_record(cudaEvent_t e, const csan_vc *vc) {
  if (!e)
    return;
  csan_key ek = csan_rt_event_key(e);
  if (csan_model_event_record_clock(csan_g.model, ek, vc) == CSAN_MODEL_EUNKNOWN_EVENT) {
    csan_rt_event_ensure(ek); /* an event csan did not see created */
    csan_model_event_record_clock(csan_g.model, ek, vc);
  }
}

/* After a launch with attributes succeeded (op: its committed operation). */
static void launch_attrs_apply(const launch_attrs *la, const twin_entry *t, const csan_op *op) {
  csan_vc none;
  const csan_vc *vc = &op->vc;
  if (la->serialization) {
    csan_vc_clear(&none);
    vc = &none;
  }
  attr_event_record(la->completion, vc);
  attr_event_record(la->programmatic, vc);
  const char *name = t->name ? csan_demangle(t->name) : "(unknown)";
  if (la->programmatic && (!t->state || !atomic_exchange(&t->state->warned_event, true)))
    csan_log_printf("csan: WARNING: kernel %s records a programmatic event: csan orders work "
                    "that waits for it after the work before the kernel only, so it reports "
                    "that work's conflicts with the kernel, also accesses that "
                    "cudaGridDependencySynchronize() orders after the kernel\n",
                    name);
}

/* The twin did not launch: K runs unchecked (see the file comment). */
static void twin_failed(const launch_call *c, const twin_entry *t, CUresult why) {
  if (atomic_exchange(&t->state->warned, true))
    return;
  csan_log_printf("csan: WARNING: the instrumented twin of kernel %s failed to launch with grid "
                  "(%u,%u,%u), block (%u,%u,%u) and %zu bytes of dynamic shared memory: %s; that "
                  "launch runs unchecked (csan tries the twin again at every launch and counts "
                  "the launches that run unchecked)\n",
                  csan_demangle(t->name), c->grid.x, c->grid.y, c->grid.z, c->block.x, c->block.y,
                  c->block.z, c->shmem, csan_rt_cu_error(why));
}

/* K has no instrumented twin (its module was built without csan, or the
 * twin does not match): the launch ran as it is. Counted by kernel in the
 * exit summary, so no unchecked launch goes unnamed. */
static void no_twin(const launch_call *c, const twin_entry *t, const csan_host_site *site) {
  char kind[512];
  static const char *const api[] = {"cudaLaunchKernel", "cudaLaunchKernelEx",
                                    "cudaLaunchCooperativeKernel"};
  snprintf(kind, sizeof kind, "%s of %s", api[c->kind],
           t->name ? csan_demangle(t->name) : "a kernel csan cannot name");
  csan_rt_lib_unchecked(kind,
                        "the kernel has no instrumented twin (its device code was built without "
                        "csan or opts out of it, its parameters leave no room for csan's launch "
                        "context, or its twin does not match): its accesses are not checked; "
                        "declare them with "
                        "csan_annotate_begin/read/write/end (include/csan/csan.h)",
                        site);
}

static cudaError_t launch(const launch_call *c, const csan_host_site *site, const void *ra) {
  if (!csan_rt_active() || !csan_rt_work_on_device(c->stream, c->pt) ||
      csan_rt_capture_op(c->stream, c->pt, site, ra))
    return launch_real(c);
  /* After the capture check: a captured launch is not checked, so nothing
   * of csan's (allocating shadow, waiting) happens inside a capture. */
  csan_rt_vars_resolve();
  twin_entry t = csan_rt_twin_get(c->func);
  if (t.nparams && !c->args)
    t.twin = NULL; /* CUDA rejects the launch; let it say so */
  if (t.twin)
    csan_rt_twin_copy_attributes(&t);
  csan_rt_op_desc d = {CSAN_OPK_KERNEL, t.name, 0, t.module, site, csan_rt_stack(ra, site)};
  csan_fault_launch fl = {.stream = 0, .kernel = t.name,
                          .grid = {c->grid.x, c->grid.y, c->grid.z},
                          .block = {c->block.x, c->block.y, c->block.z},
                          .shared_mem = c->shmem, .stack = d.stack};
  if (site)
    fl.site = *site;
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, c->stream, c->pt, &d)) {
    cudaError_t r = launch_real(c);
    csan_rt_errors_launch_failed(r, &fl);
    csan_rt_errors_result(r, launch_api(c), site, ra);
    return r;
  }
  fl.stream = o.stream;
  csan_rt_marks mk;
  fl.epoch = o.op.epoch; /* a device assert names its launch by (slot, epoch) */
  csan_rt_errors_launch_begin(&mk, &fl, o.op.slot, o.cu);
  cudaError_t r = cudaErrorUnknown;
  CUresult cr = CUDA_SUCCESS;
  bool launched = false;
  launch_attrs la;
  launch_attrs_scan(c, &la);
  if (t.twin) {
    cr = launch_twin(c, &t, &o, la.serialization);
    launched = cr == CUDA_SUCCESS;
    if (launched)
      r = cudaSuccess;
  }
  if (!launched)
    r = launch_real(c);
  csan_rt_errors_launch_end(&mk, o.cu, r == cudaSuccess);
  csan_rt_op_end(&o, r == cudaSuccess);
  csan_rt_errors_launch_failed(r, &fl);
  csan_rt_errors_result(r, launch_api(c), site, ra);
  if (t.twin && !launched && r == cudaSuccess) {
    csan_rt_count_unchecked_launch();
    twin_failed(c, &t, cr);
  }
  if (!t.twin && r == cudaSuccess)
    no_twin(c, &t, site);
  if (r == cudaSuccess && c->kind == LAUNCH_EX)
    launch_attrs_apply(&la, &t, &o.op);
  return r;
}

/* csan-host calls this after a launch whose result the program uses
 * (pass/host/CsanHostResultUse.cpp): it has read the launch's error. */
CSAN_EXPORT void __csan_launch_result_used(void) { csan_rt_errors_read(); }

#define CSAN_LAUNCH(kind_, pt_)                                                                 \
  launch_call c = {kind_, pt_, func, gridDim, blockDim, args, sharedMem, stream, NULL};         \
  return launch(&c, site, __builtin_return_address(0))

CSAN_EXPORT cudaError_t __csan_cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                                void **args, size_t sharedMem,
                                                cudaStream_t stream, const csan_host_site *site) {
  CSAN_LAUNCH(LAUNCH_PLAIN, false);
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchKernel_ptsz(const void *func, dim3 gridDim,
                                                     dim3 blockDim, void **args, size_t sharedMem,
                                                     cudaStream_t stream,
                                                     const csan_host_site *site) {
  CSAN_LAUNCH(LAUNCH_PLAIN, true);
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                                           dim3 blockDim, void **args,
                                                           size_t sharedMem, cudaStream_t stream,
                                                           const csan_host_site *site) {
  CSAN_LAUNCH(LAUNCH_COOPERATIVE, false);
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 gridDim,
                                                                dim3 blockDim, void **args,
                                                                size_t sharedMem,
                                                                cudaStream_t stream,
                                                                const csan_host_site *site) {
  CSAN_LAUNCH(LAUNCH_COOPERATIVE, true);
}

static cudaError_t launch_ex(const cudaLaunchConfig_t *config, const void *func, void **args,
                             bool pt, const csan_host_site *site, const void *ra) {
  if (!config)
    return pt ? cudaLaunchKernelExC_ptsz(config, func, args)
              : cudaLaunchKernelExC(config, func, args);
  launch_call c = {LAUNCH_EX, pt, func, config->gridDim, config->blockDim, args,
                   config->dynamicSmemBytes, config->stream, config};
  return launch(&c, site, ra);
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                                   const void *func, void **args,
                                                   const csan_host_site *site) {
  return launch_ex(config, func, args, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config,
                                                        const void *func, void **args,
                                                        const csan_host_site *site) {
  return launch_ex(config, func, args, true, site, __builtin_return_address(0));
}
