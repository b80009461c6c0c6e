/* csan_driver.h: the CUDA driver functions csan calls, and the version of
 * each that it calls.
 *
 * csan never links libcuda: it asks the runtime for driver entry points
 * (cudaGetDriverEntryPointByVersion). A driver function may have several
 * ABI versions with different prototypes (cuStreamGetCtx gained a third
 * parameter in 12.5, cuCtxGetDevice a second in 13.0), and the driver
 * hands out the version requested. So each function is listed with the one
 * version whose prototype csan calls, the request names exactly that
 * version, and the member that holds the pointer has that version's type
 * from cudaTypedefs.h (PFN_<name>_v<version>): a call that does not match
 * the prototype of the version requested does not compile.
 *
 * The versions are those of the plain (legacy default stream) variants;
 * csan always names its streams. Each is the newest version with the
 * prototype csan calls, and none is newer than CUDA 12.4, the oldest
 * toolkit csan builds with.
 */
#ifndef CSAN_DRIVER_H
#define CSAN_DRIVER_H

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

/* X(name, version): the function and the ABI version csan calls. */
#define CSAN_DRIVER_FUNCTIONS(X)                                                              \
  X(cuGetErrorString, 6000)                                                                   \
  X(cuCtxGetCurrent, 4000)                                                                    \
  X(cuCtxSetCurrent, 4000)                                                                    \
  X(cuCtxGetDevice, 2000)                                                                     \
  X(cuModuleLoadData, 2000)                                                                   \
  X(cuModuleGetFunction, 2000)                                                                \
  X(cuModuleGetGlobal, 3020)                                                                  \
  X(cuFuncGetModule, 11000)                                                                   \
  X(cuFuncGetName, 12030)                                                                     \
  X(cuFuncGetParamInfo, 12040)                                                                \
  X(cuFuncGetAttribute, 2020)                                                                 \
  X(cuFuncSetAttribute, 9000)                                                                 \
  X(cuLaunchKernelEx, 11060)                                                                  \
  X(cuGraphAddKernelNode, 12000)                                                              \
  X(cuGraphKernelNodeGetParams, 12000)                                                        \
  X(cuGraphKernelNodeSetParams, 12000)                                                        \
  X(cuGraphExecKernelNodeSetParams, 12000)                                                    \
  X(cuMemcpyDtoHAsync, 3020)                                                                  \
  X(cuMemcpyHtoDAsync, 3020)                                                                  \
  X(cuMemsetD8Async, 3020)                                                                    \
  X(cuStreamSynchronize, 2000)                                                                \
  X(cuStreamQuery, 2000)                                                                      \
  X(cuStreamGetFlags, 5050)                                                                   \
  X(cuStreamGetCtx, 9020)                                                                     \
  X(cuStreamIsCapturing, 10000)                                                               \
  X(cuPointerGetAttribute, 4000)                                                              \
  X(cuMemHostAlloc, 2020)                                                                     \
  X(cuMemHostGetDevicePointer, 3020)                                                          \
  X(cuStreamWriteValue32, 11070)

/* The oldest CUDA csan builds with: no version above may be newer. */
#define CSAN_DRIVER_MIN_CUDA 12040

#define CSAN_DRV_CHECK_VERSION(name, version)                                                 \
  _Static_assert((version) <= CSAN_DRIVER_MIN_CUDA && (version) <= CUDART_VERSION,            \
                 #name ": csan calls a version no older toolkit has");
CSAN_DRIVER_FUNCTIONS(CSAN_DRV_CHECK_VERSION)
#undef CSAN_DRV_CHECK_VERSION

/* (Pasted, not expanded: cuda.h defines some names, e.g. cuModuleGetGlobal,
 * as macros for their newest version.) */
typedef struct csan_drv {
#define CSAN_DRV_MEMBER(name, version) PFN_##name##_v##version name;
  CSAN_DRIVER_FUNCTIONS(CSAN_DRV_MEMBER)
#undef CSAN_DRV_MEMBER
} csan_drv;

#endif /* CSAN_DRIVER_H */
