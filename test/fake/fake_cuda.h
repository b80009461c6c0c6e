/* fake_cuda.h: the test interface of the fake CUDA library (fake_cuda.c).
 *
 * The fake is a libcudart.so.13 that runs everything on the CPU: device
 * memory is host memory, streams execute each operation at issue time, and
 * csan's own kernels run through the shadow engine compiled for the host
 * (csan_shadow_cpu_platform.h). A test stands in for the GPU by registering
 * "kernels": a host stub (any function, used as the kernel's symbol), its
 * mangled name, whether the module has an instrumented twin, and a body the
 * fake calls when the kernel is launched. The body replays the kernel's
 * accesses with fake_cuda_access, under exactly the launch context csan
 * built (or not at all when csan launched the uninstrumented kernel).
 *
 * Programs a CUDA compiler built (csan-clang++, as on a GPU machine) run
 * too: the fake answers __cudaRegisterFatBinary / __cudaRegisterFunction /
 * __cudaPushCallConfiguration and friends, and learns each kernel and its
 * instrumented twin from the PTX in the program's fat binary. Such kernels
 * run as empty kernels unless the program gives them a body with
 * fake_cuda_kernel_body, which the program references weakly (it exists
 * only in the fake; test/pack/Inputs/pack.h).
 *
 * Environment knobs (read at the first call):
 *   FAKE_CUDA_NO_DEVICE=1        no device: every runtime call fails with
 *                                cudaErrorNoDevice
 *   FAKE_CUDA_NO_KERNEL_IMAGE=1  cuModuleLoadData refuses csan's fatbin
 *   FAKE_CUDA_SYNC_SLEEP=N       cudaDeviceSynchronize takes N seconds
 *                                (work "still running")
 *   FAKE_CUDA_COPY_SLEEP_MS=N    cudaMemcpy takes N milliseconds (a copy
 *                                that waits for the device)
 *   FAKE_CUDA_REPORT=1           at exit, print to stderr how many kernels
 *                                were registered (with twins, with bodies)
 *                                and how many launches ran twins
 *   FAKE_CUDA_NO_EXEC=1          csan's own kernels (range checks, fills) are
 *                                accepted but not run on the CPU: what a GPU
 *                                would do asynchronously does not count in
 *                                host-side timings (bench/host)
 *   FAKE_CUDA_OWN_DELAY_MS=N     csan's own kernels take N ms to finish: their
 *                                stream answers cuStreamQuery NOT_READY and
 *                                cuStreamSynchronize waits until then (a GPU
 *                                whose SMs another kernel holds)
 *   FAKE_CUDA_DEVICES=N          N devices (1..FAKE_MAX_DEVICES, default 1),
 *                                each with its primary context; memory,
 *                                streams, events and functions belong to the
 *                                device current when they were made, and
 *                                device code that touches another device's
 *                                memory aborts (an illegal address on a GPU)
 */
#ifndef FAKE_CUDA_H
#define FAKE_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a kernel's module holds besides the kernel. */
#define FAKE_TWIN_NONE 0 /* not instrumented: no K__csan */
#define FAKE_TWIN_OK 1   /* K__csan with the context as its last parameter */
#define FAKE_TWIN_BAD 2  /* K__csan whose last parameter has the wrong size */
#define FAKE_TWIN_PDL 3  /* K__csan of a kernel that waits on its grid
                            dependencies: two contexts as its last parameter
                            (csan_abi.h, CSAN_CTX_F_PDL_PAIR) */

#define FAKE_MAX_DEVICES 4

typedef struct fake_launch {
  int device;            /* the device it ran on */
  const void *stub;      /* the kernel's host symbol */
  const char *name;      /* mangled name */
  int instrumented;      /* the twin ran: ctx is csan's context */
  csan_launch_ctx ctx;   /* copy of the context passed to the twin */
  csan_launch_ctx ctx_post; /* FAKE_TWIN_PDL: the context after the wait */
  int ctx_pair;          /* FAKE_TWIN_PDL: ctx_post is set */
  unsigned grid[3], block[3];
  size_t shared_mem;
  const void *stream;    /* the stream handle as passed */
  int cooperative;       /* launched with the cooperative attribute */
  void **args;           /* the kernel's own parameters (valid in the body) */
  /* Attributes of the function that ran (cuFuncSetAttribute's). */
  int max_dynamic_shared, carveout, cluster[3], non_portable_cluster, cluster_policy;
} fake_launch;

/* Runs at launch time; replays the kernel's accesses. */
typedef void (*fake_kernel_body)(const fake_launch *launch);

/* Registers a kernel of the one user module: nparams 8-byte parameters. */
void fake_cuda_register_kernel(const void *stub, const char *mangled, int twin, int nparams,
                               fake_kernel_body body);

/* Gives a kernel the program registered (__cudaRegisterFunction, by its
 * host stub) a body; returns 0 if no such kernel is registered. */
int fake_cuda_kernel_body(const void *stub, fake_kernel_body body);

/* The twin of a registered kernel runs at most n threads per block (it
 * needs more registers than the kernel): bigger blocks fail to launch with
 * CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES. Every function launches at most
 * CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES of dynamic shared memory
 * (48 KiB unless cudaFuncSetAttribute/cuFuncSetAttribute raised it). */
void fake_cuda_twin_max_threads(const void *stub, int n);

/* The user module of the current device (a CUmodule, as void *): the
 * module the fake driver library's cuModuleLoad* returns. */
void *fake_cuda_user_module(void);

/* A csan_site in the user module's device memory; returns its offset from
 * the module anchor (what instrumented code passes as `site`). */
int32_t fake_cuda_site(const char *file, unsigned line, unsigned column, const char *function,
                       uint32_t access, uint32_t size);

/* Gives the user module a gap table (CSAN_MODULE_GAPS_NAME: lines
 * "<count>\t<reason>"), as the pass emits for accesses it left unchecked. */
void fake_cuda_module_gaps(const char *table);

/* One access of a kernel: checked and recorded with the launch's context
 * (a no-op when the launch was not instrumented). */
void fake_cuda_access(const fake_launch *launch, const void *addr, uint64_t size,
                      uint32_t access, int32_t site);
/* The same, returning the address the access must use: addr, or csan's
 * zero/sink bytes when memory errors are on and the bytes are poisoned or
 * freed (recorded in the memory-error ring as the device runtime does). */
void *fake_cuda_access_use(const fake_launch *launch, void *addr, uint64_t size,
                           uint32_t access, int32_t site);
void *fake_cuda_kernel_access_use(void *addr, uint64_t size, uint32_t access, int32_t site);
/* An access after the kernel waited on its grid dependencies
 * (cudaGridDependencySynchronize): with the twin's second context, as the
 * pass makes the twin of a kernel that waits use it (FAKE_TWIN_PDL). */
void fake_cuda_access_after_wait(const fake_launch *launch, const void *addr, uint64_t size,
                                 uint32_t access, int32_t site);
/* The same with the most recent launch. */
void fake_cuda_kernel_access(const void *addr, uint64_t size, uint32_t access, int32_t site);
const fake_launch *fake_cuda_last_launch(void);

/* How many times a fake entry point ran (by its name: "cudaMalloc",
 * "cuLaunchKernelEx", "csan_rk_access", "csan_rk_fill", ...), and the
 * number of kernel launches of user kernels with and without a twin
 * ("launch:twin", "launch:plain"). */
unsigned long fake_cuda_count(const char *name);

/* The size the allocation call asked for, of the live block starting at p
 * (0: none starts there). */
uint64_t fake_cuda_block_asked(const void *p);

/* The live device block containing p: its start and asked size (1), or 0
 * (cuMemGetAddressRange of the fake driver). */
int fake_cuda_block_range(const void *p, uint64_t *base, uint64_t *size);

/* Device memory the fake handed out and did not take back (bytes). */
uint64_t fake_cuda_device_bytes(void);

/* Runs fn(arg) once, the next time the named entry point ("cudaMalloc",
 * "cuLaunchKernelEx", "cudaDeviceSynchronize", ...) is entered, before it
 * does anything. */
void fake_cuda_set_hook(const char *name, void (*fn)(void *), void *arg);

/* Called from a kernel body: the kernel faults (error: a sticky CUDA error
 * such as cudaErrorIllegalAddress or cudaErrorAssert). The launch itself
 * returned success; every later runtime and driver call returns the error. */
void fake_cuda_fault(int error);
/* A failed device assert in a kernel of launch l: recorded as the device
 * runtime records it (the launch, file and line), then cudaErrorAssert. */
void fake_cuda_device_assert(const fake_launch *l, const char *file, unsigned line,
                             const char *function);
/* The stream (a handle as launches name it) now runs a kernel that never
 * finishes: its later kernel bodies and stream writes do not run. */
void fake_cuda_stream_hang(const void *stream);

#ifdef __cplusplus
}
#endif
#endif /* FAKE_CUDA_H */
