/* csan_api_graph.c: CUDA graphs. csan does not model graphs yet: capture
 * and graph launches pass through, and csan says so once (work issued to a
 * capturing stream is skipped by every family, see csan_rt_capturing).
 */
#include "csan_rt_device.h"
#include "csan_rt_ops.h"

static void warn_graphs(void) {
  csan_rt_init();
  csan_rt_warn_graphs();
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCapture(cudaStream_t stream,
                                                      enum cudaStreamCaptureMode mode,
                                                      const csan_host_site *site) {
  warn_graphs();
  return cudaStreamBeginCapture(stream, mode);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCapture_ptsz(cudaStream_t stream,
                                                           enum cudaStreamCaptureMode mode,
                                                           const csan_host_site *site) {
  warn_graphs();
  return cudaStreamBeginCapture_ptsz(stream, mode);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph,
                                                    const csan_host_site *site) {
  return cudaStreamEndCapture(stream, pGraph);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamEndCapture_ptsz(cudaStream_t stream,
                                                         cudaGraph_t *pGraph,
                                                         const csan_host_site *site) {
  return cudaStreamEndCapture_ptsz(stream, pGraph);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream,
                                               const csan_host_site *site) {
  warn_graphs();
  return cudaGraphLaunch(graphExec, stream);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  warn_graphs();
  return cudaGraphLaunch_ptsz(graphExec, stream);
}
