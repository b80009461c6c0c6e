/* csan_cuda_api.h: the prototypes of csan's CUDA runtime wrappers.
 *
 * For every CSAN_API(name, group) of csan_api.def the host runtime defines
 *   cudaError_t __csan_<name>(<CUDA 13's parameters of name>, const csan_host_site *site)
 * (the two __cudaRegister* functions return void, as clang declares them).
 * Instrumented code calls them with the site of the call (csan-host's
 * redirection) or a null site (the __csan_nosite_ thunks). This header states
 * each prototype once, so the definitions (api/csan_api_*.c) and the runtime
 * tests are checked against the same list.
 *
 * It also declares the CUDA runtime entry points that CUDA's headers only
 * declare in a per-thread-default-stream build (the `_ptsz` / `_ptds`
 * variants) and the registration functions of crt/host_runtime.h, which is
 * C++ only.
 */
#ifndef CSAN_CUDA_API_H
#define CSAN_CUDA_API_H

#include <cuda_runtime_api.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * CUDA's own entry points (libcudart.so.13 and libcudart_static.a).
 * ---------------------------------------------------------------------- */

/* Variants selected by -fgpu-default-stream=per-thread: a null stream means
 * the calling thread's per-thread default stream. Parameters as the plain
 * names. */
#define CSAN_CUDA_PT_PROTOTYPES(X)                                                            \
  X(cudaLaunchKernel_ptsz, const void *func, dim3 gridDim, dim3 blockDim, void **args,         \
    size_t sharedMem, cudaStream_t stream)                                                     \
  X(cudaLaunchKernelExC_ptsz, const cudaLaunchConfig_t *config, const void *func, void **args) \
  X(cudaLaunchCooperativeKernel_ptsz, const void *func, dim3 gridDim, dim3 blockDim,           \
    void **args, size_t sharedMem, cudaStream_t stream)                                        \
  X(cudaStreamWaitEvent_ptsz, cudaStream_t stream, cudaEvent_t event, unsigned int flags)      \
  X(cudaStreamSynchronize_ptsz, cudaStream_t stream)                                           \
  X(cudaStreamQuery_ptsz, cudaStream_t stream)                                                 \
  X(cudaStreamAddCallback_ptsz, cudaStream_t stream, cudaStreamCallback_t callback,            \
    void *userData, unsigned int flags)                                                        \
  X(cudaLaunchHostFunc_ptsz, cudaStream_t stream, cudaHostFn_t fn, void *userData)             \
  X(cudaEventRecord_ptsz, cudaEvent_t event, cudaStream_t stream)                              \
  X(cudaEventRecordWithFlags_ptsz, cudaEvent_t event, cudaStream_t stream, unsigned int flags) \
  X(cudaMallocAsync_ptsz, void **devPtr, size_t size, cudaStream_t hStream)                    \
  X(cudaMallocFromPoolAsync_ptsz, void **ptr, size_t size, cudaMemPool_t memPool,              \
    cudaStream_t stream)                                                                       \
  X(cudaFreeAsync_ptsz, void *devPtr, cudaStream_t hStream)                                    \
  X(cudaMemcpy_ptds, void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)       \
  X(cudaMemcpyAsync_ptsz, void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,  \
    cudaStream_t stream)                                                                       \
  X(cudaMemcpy2D_ptds, void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, \
    size_t height, enum cudaMemcpyKind kind)                                                   \
  X(cudaMemcpy2DAsync_ptsz, void *dst, size_t dpitch, const void *src, size_t spitch,          \
    size_t width, size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)                \
  X(cudaMemcpy3D_ptds, const struct cudaMemcpy3DParms *p)                                      \
  X(cudaMemcpy3DAsync_ptsz, const struct cudaMemcpy3DParms *p, cudaStream_t stream)            \
  X(cudaMemcpyToSymbol_ptds, const void *symbol, const void *src, size_t count, size_t offset, \
    enum cudaMemcpyKind kind)                                                                  \
  X(cudaMemcpyToSymbolAsync_ptsz, const void *symbol, const void *src, size_t count,           \
    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)                              \
  X(cudaMemcpyFromSymbol_ptds, void *dst, const void *symbol, size_t count, size_t offset,     \
    enum cudaMemcpyKind kind)                                                                  \
  X(cudaMemcpyFromSymbolAsync_ptsz, void *dst, const void *symbol, size_t count,               \
    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)                              \
  X(cudaMemcpy3DPeer_ptds, const struct cudaMemcpy3DPeerParms *p)                              \
  X(cudaMemcpy3DPeerAsync_ptsz, const struct cudaMemcpy3DPeerParms *p, cudaStream_t stream)    \
  X(cudaMemcpyBatchAsync_ptsz, void *const *dsts, const void *const *srcs,                     \
    const size_t *sizes, size_t count, struct cudaMemcpyAttributes *attrs, size_t *attrsIdxs,  \
    size_t numAttrs, cudaStream_t stream)                                                      \
  X(cudaMemset_ptds, void *devPtr, int value, size_t count)                                    \
  X(cudaMemsetAsync_ptsz, void *devPtr, int value, size_t count, cudaStream_t stream)          \
  X(cudaMemset2D_ptds, void *devPtr, size_t pitch, int value, size_t width, size_t height)     \
  X(cudaMemset2DAsync_ptsz, void *devPtr, size_t pitch, int value, size_t width,               \
    size_t height, cudaStream_t stream)                                                        \
  X(cudaMemset3D_ptds, struct cudaPitchedPtr pitchedDevPtr, int value,                         \
    struct cudaExtent extent)                                                                  \
  X(cudaMemset3DAsync_ptsz, struct cudaPitchedPtr pitchedDevPtr, int value,                    \
    struct cudaExtent extent, cudaStream_t stream)                                             \
  X(cudaStreamBeginCapture_ptsz, cudaStream_t stream, enum cudaStreamCaptureMode mode)         \
  X(cudaStreamEndCapture_ptsz, cudaStream_t stream, cudaGraph_t *pGraph)                       \
  X(cudaStreamBeginCaptureToGraph_ptsz, cudaStream_t stream, cudaGraph_t graph,                \
    const cudaGraphNode_t *dependencies, const cudaGraphEdgeData *dependencyData,              \
    size_t numDependencies, enum cudaStreamCaptureMode mode)                                   \
  X(cudaStreamUpdateCaptureDependencies_ptsz, cudaStream_t stream, cudaGraphNode_t *dependencies, \
    const cudaGraphEdgeData *dependencyData, size_t numDependencies, unsigned int flags)       \
  X(cudaGraphLaunch_ptsz, cudaGraphExec_t graphExec, cudaStream_t stream)

#define CSAN_CUDA_DECLARE_REAL(name, ...) extern cudaError_t CUDARTAPI name(__VA_ARGS__);
CSAN_CUDA_PT_PROTOTYPES(CSAN_CUDA_DECLARE_REAL)
#undef CSAN_CUDA_DECLARE_REAL

/* crt/host_runtime.h (C++ only). */
extern void CUDARTAPI __cudaRegisterVar(void **fatCubinHandle, char *hostVar,
                                        char *deviceAddress, const char *deviceName, int ext,
                                        size_t size, int constant, int global);
/* libcudart's __cudaRegisterManagedVar takes nvcc's eight parameters, but
 * clang 22 declares and calls it with HIP's six (handle, the managed
 * variable's pointer, its initial value, name, size, alignment). csan
 * forwards exactly what clang passed, so the call does what it did without
 * csan. (Clang ignores __managed__ for CUDA today, so no CUDA program built
 * with clang reaches it.) */
extern void CUDARTAPI __cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtr,
                                               void *initValue, const char *deviceName,
                                               size_t size, unsigned int align);

/* ------------------------------------------------------------------------
 * csan's wrappers: CUDA's parameters, then the call site.
 * ---------------------------------------------------------------------- */

#define CSAN_SITE_PARAM const csan_host_site *site

/* Kernel launches. */
/* After a launch whose result the program uses (csan-host inserts it). */
void __csan_launch_result_used(void);
cudaError_t __csan_cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                    size_t sharedMem, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim,
                                         void **args, size_t sharedMem, cudaStream_t stream,
                                         CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func,
                                       void **args, CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func,
                                            void **args, CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                               void **args, size_t sharedMem,
                                               cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 gridDim,
                                                    dim3 blockDim, void **args,
                                                    size_t sharedMem, cudaStream_t stream,
                                                    CSAN_SITE_PARAM);

/* Streams. */
cudaError_t __csan_cudaStreamCreate(cudaStream_t *pStream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags,
                                             CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned int flags,
                                                int priority, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamDestroy(cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                       unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event,
                                            unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamSynchronize(cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamSynchronize_ptsz(cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamQuery(cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamQuery_ptsz(cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                         void *userData, unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamAddCallback_ptsz(cudaStream_t stream, cudaStreamCallback_t callback,
                                              void *userData, unsigned int flags,
                                              CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData,
                                      CSAN_SITE_PARAM);
cudaError_t __csan_cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void *userData,
                                           CSAN_SITE_PARAM);

/* Events. */
cudaError_t __csan_cudaEventCreate(cudaEvent_t *event, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags,
                                            CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventDestroy(cudaEvent_t event, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventRecord(cudaEvent_t event, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                            unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream,
                                                 unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventQuery(cudaEvent_t event, CSAN_SITE_PARAM);
cudaError_t __csan_cudaEventSynchronize(cudaEvent_t event, CSAN_SITE_PARAM);

/* Device-wide. */
cudaError_t __csan_cudaDeviceSynchronize(CSAN_SITE_PARAM);
cudaError_t __csan_cudaDeviceReset(CSAN_SITE_PARAM);
cudaError_t __csan_cudaGetLastError(CSAN_SITE_PARAM);
cudaError_t __csan_cudaPeekAtLastError(CSAN_SITE_PARAM);

/* Allocation. */
cudaError_t __csan_cudaMalloc(void **devPtr, size_t size, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height,
                                   CSAN_SITE_PARAM);
cudaError_t __csan_cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent,
                                CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocManaged(void **devPtr, size_t size, unsigned int flags,
                                     CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream,
                                   CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocAsync_ptsz(void **devPtr, size_t size, cudaStream_t hStream,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                           cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size, cudaMemPool_t memPool,
                                                cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaFree(void *devPtr, CSAN_SITE_PARAM);
cudaError_t __csan_cudaFreeAsync(void *devPtr, cudaStream_t hStream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaFreeAsync_ptsz(void *devPtr, cudaStream_t hStream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMallocHost(void **ptr, size_t size, CSAN_SITE_PARAM);
cudaError_t __csan_cudaHostAlloc(void **pHost, size_t size, unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaFreeHost(void *ptr, CSAN_SITE_PARAM);
cudaError_t __csan_cudaHostRegister(void *ptr, size_t size, unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaHostUnregister(void *ptr, CSAN_SITE_PARAM);

/* Copies. */
cudaError_t __csan_cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                              CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy_ptds(void *dst, const void *src, size_t count,
                                   enum cudaMemcpyKind kind, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                   enum cudaMemcpyKind kind, cudaStream_t stream,
                                   CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count,
                                        enum cudaMemcpyKind kind, cudaStream_t stream,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind kind,
                                CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind kind,
                                     CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind kind,
                                     cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src,
                                          size_t spitch, size_t width, size_t height,
                                          enum cudaMemcpyKind kind, cudaStream_t stream,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3D(const struct cudaMemcpy3DParms *p, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream,
                                     CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p, cudaStream_t stream,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                                      size_t offset, enum cudaMemcpyKind kind, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyToSymbol_ptds(const void *symbol, const void *src, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind,
                                           CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind,
                                           cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src,
                                                size_t count, size_t offset,
                                                enum cudaMemcpyKind kind, cudaStream_t stream,
                                                CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                        size_t offset, enum cudaMemcpyKind kind,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol, size_t count,
                                             size_t offset, enum cudaMemcpyKind kind,
                                             CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
                                             size_t offset, enum cudaMemcpyKind kind,
                                             cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol, size_t count,
                                                  size_t offset, enum cudaMemcpyKind kind,
                                                  cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice,
                                  size_t count, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                       size_t count, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p,
                                         CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                         cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p,
                                              cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs,
                                        const size_t *sizes, size_t count,
                                        struct cudaMemcpyAttributes *attrs, size_t *attrsIdxs,
                                        size_t numAttrs, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemcpyBatchAsync_ptsz(void *const *dsts, const void *const *srcs,
                                             const size_t *sizes, size_t count,
                                             struct cudaMemcpyAttributes *attrs,
                                             size_t *attrsIdxs, size_t numAttrs,
                                             cudaStream_t stream, CSAN_SITE_PARAM);

/* Sets. */
cudaError_t __csan_cudaMemset(void *devPtr, int value, size_t count, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset_ptds(void *devPtr, int value, size_t count, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream,
                                   CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count,
                                        cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                                size_t height, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset2D_ptds(void *devPtr, size_t pitch, int value, size_t width,
                                     size_t height, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width,
                                     size_t height, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value, size_t width,
                                          size_t height, cudaStream_t stream, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value,
                                struct cudaExtent extent, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset3D_ptds(struct cudaPitchedPtr pitchedDevPtr, int value,
                                     struct cudaExtent extent, CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                                     struct cudaExtent extent, cudaStream_t stream,
                                     CSAN_SITE_PARAM);
cudaError_t __csan_cudaMemset3DAsync_ptsz(struct cudaPitchedPtr pitchedDevPtr, int value,
                                          struct cudaExtent extent, cudaStream_t stream,
                                          CSAN_SITE_PARAM);

/* Registration of __device__ / __managed__ variables. */
void __csan___cudaRegisterVar(void **fatCubinHandle, char *hostVar, char *deviceAddress,
                              const char *deviceName, int ext, size_t size, int constant,
                              int global, CSAN_SITE_PARAM);
void __csan___cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtr, void *initValue,
                                     const char *deviceName, size_t size, unsigned int align,
                                     CSAN_SITE_PARAM);
/* -fgpu-rdc: the constructor csan-host adds to each host module (csan_abi.h). */
void __csan_register_device_var(const void *host_var, const char *name, uint64_t size,
                                uint32_t flags);

/* Graphs (csan_api_graph.c). */
cudaError_t __csan_cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamBeginCapture_ptsz(cudaStream_t stream,
                                               enum cudaStreamCaptureMode mode, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamEndCapture_ptsz(cudaStream_t stream, cudaGraph_t *pGraph,
                                             CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                                 const cudaGraphNode_t *dependencies,
                                                 const cudaGraphEdgeData *dependencyData,
                                                 size_t numDependencies,
                                                 enum cudaStreamCaptureMode mode, CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamUpdateCaptureDependencies(cudaStream_t stream,
                                                       cudaGraphNode_t *dependencies,
                                                       const cudaGraphEdgeData *dependencyData,
                                                       size_t numDependencies, unsigned int flags,
                                                       CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamBeginCaptureToGraph_ptsz(cudaStream_t stream, cudaGraph_t graph,
                                                      const cudaGraphNode_t *dependencies,
                                                      const cudaGraphEdgeData *dependencyData,
                                                      size_t numDependencies,
                                                      enum cudaStreamCaptureMode mode,
                                                      CSAN_SITE_PARAM);
cudaError_t __csan_cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t stream,
                                                            cudaGraphNode_t *dependencies,
                                                            const cudaGraphEdgeData *dependencyData,
                                                            size_t numDependencies,
                                                            unsigned int flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream,
                                   CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec, cudaStream_t stream,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                        unsigned long long flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                 unsigned long long flags, CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphExecDestroy(cudaGraphExec_t graphExec, CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec,
                                                    cudaGraphNode_t node,
                                                    const struct cudaKernelNodeParams *pNodeParams,
                                                    CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                       cudaGraphExecUpdateResultInfo *resultInfo,
                                       CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies,
                                          size_t numDependencies,
                                          const struct cudaKernelNodeParams *pNodeParams,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies,
                                          size_t numDependencies,
                                          const struct cudaMemcpy3DParms *pCopyParams,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies,
                                            size_t numDependencies, void *dst, const void *src,
                                            size_t count, enum cudaMemcpyKind kind,
                                            CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                          const cudaGraphNode_t *pDependencies,
                                          size_t numDependencies,
                                          const struct cudaMemsetParams *pMemsetParams,
                                          CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies,
                                        size_t numDependencies,
                                        const struct cudaHostNodeParams *pNodeParams,
                                        CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies,
                                              size_t numDependencies, cudaGraph_t childGraph,
                                              CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t *pDependencies,
                                                  size_t numDependencies, const void *symbol,
                                                  const void *src, size_t count, size_t offset,
                                                  enum cudaMemcpyKind kind, CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode,
                                                    cudaGraph_t graph,
                                                    const cudaGraphNode_t *pDependencies,
                                                    size_t numDependencies, void *dst,
                                                    const void *symbol, size_t count,
                                                    size_t offset, enum cudaMemcpyKind kind,
                                                    CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                         const cudaGraphNode_t *pDependencies,
                                         size_t numDependencies, CSAN_SITE_PARAM);
#if CUDART_VERSION >= 13000
cudaError_t __csan_cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies,
                                    const cudaGraphEdgeData *dependencyData,
                                    size_t numDependencies, struct cudaGraphNodeParams *nodeParams,
                                    CSAN_SITE_PARAM);
#else
cudaError_t __csan_cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    struct cudaGraphNodeParams *nodeParams, CSAN_SITE_PARAM);
#endif
cudaError_t __csan_cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t *pDependencies,
                                               size_t numDependencies, cudaEvent_t event,
                                               CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies,
                                             size_t numDependencies, cudaEvent_t event,
                                             CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies,
                                            size_t numDependencies,
                                            struct cudaMemAllocNodeParams *nodeParams,
                                            CSAN_SITE_PARAM);
cudaError_t __csan_cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies,
                                           size_t numDependencies, void *dptr, CSAN_SITE_PARAM);

/* Test hook (runtime tests only): advances the epoch counter of a stream's
 * slot by n, as n back-to-back operations would (csan_model_advance), so the
 * end of the epoch window can be reached without 2^31 launches. Returns 0, or
 * -1 when csan is not checking or the model refused. */
int __csan_test_advance_epochs(cudaStream_t stream, uint32_t n);

#undef CSAN_SITE_PARAM

#ifdef __cplusplus
}
#endif
#endif /* CSAN_CUDA_API_H */
